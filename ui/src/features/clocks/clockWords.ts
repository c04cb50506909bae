/**
 * The words the clock pages and the embed share (the pace, time units, live status, titles, the
 * police coverage, the errors a clock can meet) and the embed's own, as plain text in either
 * language. The embed (plain DOM) formats only through here, so it carries these three small
 * message files and not the pages' (docs/benchmarks.md).
 */
import cyErrors from '../../../../common/i18n/messages/cy/clockErrors.json' with { type: 'json' };
import cyWords from '../../../../common/i18n/messages/cy/clockWords.json' with { type: 'json' };
import cyEmbed from '../../../../common/i18n/messages/cy/embed.json' with { type: 'json' };
import enErrors from '../../../../common/i18n/messages/en/clockErrors.json' with { type: 'json' };
import enWords from '../../../../common/i18n/messages/en/clockWords.json' with { type: 'json' };
import enEmbed from '../../../../common/i18n/messages/en/embed.json' with { type: 'json' };
import type { Locale } from '../../../../common/i18n/locale.ts';
import { messageFormatter, type MessageValues } from '../../../../common/i18n/message-format.ts';

export type WordId = keyof typeof enWords | keyof typeof enEmbed | keyof typeof enErrors;

export const WORD_SOURCES: Record<Locale, Record<WordId, string>> = {
  en: { ...enWords, ...enEmbed, ...enErrors },
  cy: { ...cyWords, ...cyEmbed, ...cyErrors },
};

/** One of the shared or the embed's messages as plain text. */
export const wordMessage = messageFormatter(WORD_SOURCES);

function isWordId(id: string): id is WordId {
  return Object.hasOwn(WORD_SOURCES.en, id);
}

/**
 * A failure's message ids (ui/src/shared/failureMessage.ts) as one text, from the errors a clock
 * can meet (clockErrors.json); an id outside them, which a clock's calls do not answer with, is
 * said as "Something went wrong" rather than shown as an id.
 */
export function failureWords(
  parts: readonly { readonly id: string; readonly values?: MessageValues }[],
  locale: Locale,
): string {
  return parts
    .map(({ id, values }) =>
      isWordId(id) ? wordMessage(locale, id, values) : wordMessage(locale, 'errors.unknown'),
    )
    .join(' ');
}
