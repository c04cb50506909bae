import { Type } from 'typebox';

/**
 * A calendar month as the police data names it, YYYY-MM (01 to 12): the one pattern every contract,
 * and the reader of data.police.uk's months, checks a month with.
 */
export const YEAR_MONTH_PATTERN = '^\\d{4}-(0[1-9]|1[0-2])$';

interface Words {
  description?: string;
  examples?: string[];
}

/** A month, YYYY-MM. */
export const YearMonth = (words: Words = {}) => Type.String({ pattern: YEAR_MONTH_PATTERN, ...words });
