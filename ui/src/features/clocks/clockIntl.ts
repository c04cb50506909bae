/**
 * The clock pages' words in either language as plain text, outside React's tree (the pure text
 * helpers, the kiosk's labels, attributes): the pages' own messages and the words they share with
 * the embed (clockWords.ts, which the embed uses alone).
 */
import cyClocks from '../../../../common/i18n/messages/cy/clocks.json' with { type: 'json' };
import enClocks from '../../../../common/i18n/messages/en/clocks.json' with { type: 'json' };
import cyFreshness from '../../../../common/i18n/messages/cy/freshness.json' with { type: 'json' };
import enFreshness from '../../../../common/i18n/messages/en/freshness.json' with { type: 'json' };
import { messageFormatter } from '../../../../common/i18n/message-format.ts';
import { WORD_SOURCES, type WordId } from './clockWords.ts';

export type ClockMessageId = keyof typeof enClocks | keyof typeof enFreshness | WordId;

/** One message as plain text, its ICU plurals resolved with the language's Intl rules. */
export const clockMessage = messageFormatter<ClockMessageId>({
  en: { ...enClocks, ...enFreshness, ...WORD_SOURCES.en },
  cy: { ...cyClocks, ...cyFreshness, ...WORD_SOURCES.cy },
});

/** Whether the messages have an id (the survey's category names are looked up by category id). */
export function hasClockMessage(id: string): id is ClockMessageId {
  return id in enClocks;
}
