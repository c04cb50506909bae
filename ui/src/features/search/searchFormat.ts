/** How the search page writes numbers, months and categories (en-GB, spec section 9). */
import { categoryFromSlug } from '../../../../common/crime/categories.ts';
import { monthLabel, parseMonth, shortMonthLabel } from '../../../../common/search/months.ts';

const whole = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });

export function formatCount(value: number): string {
  return whole.format(value);
}

export function formatDecimal(value: number, digits: number): string {
  return new Intl.NumberFormat('en-GB', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);
}

/** "June 2025" for 'YYYY-MM'; the text itself when it is not a month. */
export function longMonth(month: string): string {
  const parsed = parseMonth(month);
  return parsed === undefined ? month : monthLabel(parsed);
}

/** "Jun 2025" for 'YYYY-MM', as comparison months are shown. */
export function shortMonth(month: string): string {
  const parsed = parseMonth(month);
  return parsed === undefined ? month : shortMonthLabel(parsed);
}

export function categoryLabel(slug: string): string {
  return categoryFromSlug(slug)?.label ?? slug;
}

/** A crime rate per 1,000 residents, and the same rate as a percentage of residents (rate / 10). */
export function formatRate(perThousand: number): { perThousand: string; percent: string } {
  return { perThousand: formatDecimal(perThousand, 1), percent: `${formatDecimal(perThousand / 10, 2)}%` };
}

/** A signed trend percentage to 1 decimal: "+12.5%", "-3.0%". */
export function formatTrendPercentage(percentage: number): string {
  const sign = percentage > 0 ? '+' : percentage < 0 ? '−' : '';
  return `${sign}${formatDecimal(Math.abs(percentage), 1)}%`;
}

// The UI's one date-and-time format (a stop's date and time, e.g. "14 Jun 2025, 16:05").
export { formatDateTime } from '../../shared/formatDateTime.ts';
