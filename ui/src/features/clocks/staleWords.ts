/**
 * "The latest police data is for September 2025, 14 months ago.": said by every police clock, the
 * wall screen, the embed and the search when the newest month held is more than 3 months behind
 * the calendar month (common/police/freshness.ts); null while the data is current.
 */
import type { Locale } from '../../../../common/i18n/locale.ts';
import { staleness } from '../../../../common/police/freshness.ts';
import { formatMonth } from './clockText.ts';
import { wordMessage } from './clockWords.ts';

export function staleWords(
  latestMonth: string | null | undefined,
  nowMs: number,
  locale: Locale,
): string | null {
  const stale = staleness(latestMonth, nowMs);
  if (!stale?.stale) return null;
  return wordMessage(locale, 'clockWords.stale', {
    month: formatMonth(stale.latestMonth, locale),
    months: stale.monthsAgo,
  });
}
