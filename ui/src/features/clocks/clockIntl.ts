/**
 * The clocks' words in either language, outside React: the clock pages' pure text helpers, the
 * kiosk and the embed (plain DOM) all word things through here. It reads only the clocks' and the
 * embed's message files, so the embed does not carry the whole site's messages.
 */
import { IntlMessageFormat, type PrimitiveType } from 'intl-messageformat';
import cyClocks from '../../../../common/i18n/messages/cy/clocks.json' with { type: 'json' };
import cyEmbed from '../../../../common/i18n/messages/cy/embed.json' with { type: 'json' };
import enClocks from '../../../../common/i18n/messages/en/clocks.json' with { type: 'json' };
import enEmbed from '../../../../common/i18n/messages/en/embed.json' with { type: 'json' };
import { INTL_LOCALE, type Locale } from '../../../../common/i18n/locale.ts';

export type ClockMessageId = keyof typeof enClocks | keyof typeof enEmbed;

const SOURCES: Record<Locale, Record<ClockMessageId, string>> = {
  en: { ...enClocks, ...enEmbed },
  cy: { ...cyClocks, ...cyEmbed },
};

const compiled = new Map<string, IntlMessageFormat>();

/** One message as plain text, its ICU plurals resolved with the language's Intl rules. */
export function clockMessage(
  locale: Locale,
  id: ClockMessageId,
  values?: Record<string, PrimitiveType>,
): string {
  const key = `${locale} ${id}`;
  let format = compiled.get(key);
  if (!format) {
    format = new IntlMessageFormat(SOURCES[locale][id], INTL_LOCALE[locale]);
    compiled.set(key, format);
  }
  return String(format.format(values));
}

/** Whether the messages have an id (the survey's category names are looked up by category id). */
export function hasClockMessage(id: string): id is ClockMessageId {
  return id in SOURCES.en;
}
