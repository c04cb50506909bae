import { shortMonth } from './searchFormat.ts';

const monthCount = (n: number) => `${n} ${n === 1 ? 'month' : 'months'}`;

/**
 * The months a rate is computed over, as it reads after the rate: "over 6 months (Apr 2025 to
 * Sep 2025)", or "over the 3 months of 6 with data (…)" when some months of the period have none.
 */
export function rateMonths(months: readonly string[], periodMonths: number): string {
  const span =
    months.length === 0
      ? ''
      : months.length === 1
        ? ` (${shortMonth(months[0]!)})`
        : ` (${shortMonth(months[0]!)} to ${shortMonth(months.at(-1)!)})`;
  return `${rateMonthsShort(months, periodMonths)}${span}`;
}

/** The same without the month names, for a rate in a list. */
export function rateMonthsShort(months: readonly string[], periodMonths: number): string {
  return months.length < periodMonths
    ? `over the ${monthCount(months.length)} of ${periodMonths} with data`
    : `over ${monthCount(months.length)}`;
}
