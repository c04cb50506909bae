import type { Locale } from '../../../../common/i18n/locale.ts';
import { PAGE_LOCALE } from '../../i18n/pageLocale.ts';
import { spanWords } from '../clocks/coverageWords.ts';
import { shortMonth } from './searchFormat.ts';
import { message } from './searchText.ts';

/**
 * The months a rate is computed over, as it reads after the rate: "over 6 months (Apr 2025 to
 * Sep 2025)", or "over the 3 months of 6 with data (…)" when some months of the period have none.
 */
export function rateMonths(
  months: readonly string[],
  periodMonths: number,
  locale: Locale = PAGE_LOCALE,
): string {
  const first = months[0];
  const last = months.at(-1);
  const to = last ? shortMonth(last, locale) : '';
  const span =
    !first || !last
      ? ''
      : months.length === 1
        ? ` (${shortMonth(first, locale)})`
        : ` (${spanWords(shortMonth(first, locale), to, locale)})`;
  return `${rateMonthsShort(months, periodMonths, locale)}${span}`;
}

/** The same without the month names, for a rate in a list. */
export function rateMonthsShort(
  months: readonly string[],
  periodMonths: number,
  locale: Locale = PAGE_LOCALE,
): string {
  return months.length < periodMonths
    ? message('search.rateMonths.some', { count: months.length, period: periodMonths }, locale)
    : message('search.rateMonths.all', { count: months.length }, locale);
}
