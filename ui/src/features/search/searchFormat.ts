/**
 * How the search page writes numbers, months and categories: en-GB or cy-GB by the page's
 * language. English months keep the fixed table of common/search/months.ts.
 */
import { categoryFromSlug } from '../../../../common/crime/categories.ts';
import { welshCategoryName, welshOutcomeName } from '../../../../common/i18n/glossary-cy.ts';
import { INTL_LOCALE, type Locale } from '../../../../common/i18n/locale.ts';
import { monthIn, parseMonth, shortMonthIn } from '../../../../common/search/months.ts';
import { PAGE_LOCALE } from '../../i18n/pageLocale.ts';

export function formatCount(value: number, locale: Locale = PAGE_LOCALE): string {
  return new Intl.NumberFormat(INTL_LOCALE[locale], { maximumFractionDigits: 0 }).format(value);
}

export function formatDecimal(value: number, digits: number, locale: Locale = PAGE_LOCALE): string {
  return new Intl.NumberFormat(INTL_LOCALE[locale], {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);
}

/** "June 2025" / "Mehefin 2025" for 'YYYY-MM'; the text itself when it is not a month. */
export function longMonth(month: string, locale: Locale = PAGE_LOCALE): string {
  const parsed = parseMonth(month);
  return parsed === undefined ? month : monthIn(parsed, locale);
}

/** "Jun 2025" / "Meh 2025" for 'YYYY-MM', as comparison months are shown. */
export function shortMonth(month: string, locale: Locale = PAGE_LOCALE): string {
  const parsed = parseMonth(month);
  return parsed === undefined ? month : shortMonthIn(parsed, locale);
}

/** A crime category's name; in Welsh from the glossary (common/i18n/glossary-cy.json). */
export function categoryLabel(slug: string, locale: Locale = PAGE_LOCALE): string {
  const english = categoryFromSlug(slug)?.label ?? slug;
  return locale === 'cy' ? (welshCategoryName(slug) ?? english) : english;
}

/** A police.uk outcome as the archive writes it; in Welsh from the glossary when it is there. */
export function outcomeLabel(outcome: string, locale: Locale = PAGE_LOCALE): string {
  return locale === 'cy' ? (welshOutcomeName(outcome) ?? outcome) : outcome;
}

/**
 * A crime rate per 1,000 residents, and the same rate per 100 residents (rate / 10). Never a
 * percentage: crimes over residents is no share of residents (one resident may suffer several
 * crimes, and anti-social behaviour is counted too).
 */
export function formatRate(
  perThousand: number,
  locale: Locale = PAGE_LOCALE,
): { perThousand: string; perHundred: string } {
  return {
    perThousand: formatDecimal(perThousand, 1, locale),
    perHundred: formatDecimal(perThousand / 10, 2, locale),
  };
}

/** A signed trend percentage to 1 decimal: "+12.5%", "−3.0%". */
export function formatTrendPercentage(percentage: number, locale: Locale = PAGE_LOCALE): string {
  const sign = percentage > 0 ? '+' : percentage < 0 ? '−' : '';
  return `${sign}${formatDecimal(Math.abs(percentage), 1, locale)}%`;
}

/** A crime's place as police.uk writes it ("On or near High Street"); Welsh says "Ar neu gerllaw". */
export function streetLabel(street: string, locale: Locale = PAGE_LOCALE): string {
  return locale === 'cy' ? street.replace(/^On or near /, 'Ar neu gerllaw ') : street;
}
