import { Type } from 'typebox';

/** A calendar month as the police data names it, YYYY-MM: the one pattern every contract checks a month with. */
export const YEAR_MONTH_PATTERN = '^\\d{4}-\\d{2}$';

interface Words {
  description?: string;
  examples?: string[];
}

/** A month, YYYY-MM. */
export const YearMonth = (words: Words = {}) => Type.String({ pattern: YEAR_MONTH_PATTERN, ...words });
