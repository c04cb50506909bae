/**
 * The project's one CSV writer for single fields (RFC 4180: quoted only when a field holds a
 * comma, a quote or a line break; quotes doubled).
 *
 * Files meant for people's spreadsheets also guard against formula injection: text starting with
 * = + - @, a tab or a carriage return would run as a formula in Excel or LibreOffice, and street
 * names, outcomes and the like come from outside sources, so such text gets a leading apostrophe
 * (OWASP's advice). Plain numbers such as a negative longitude are left as they are. Files that
 * imitate an official format (the synthetic sample) turn the guard off.
 */
export interface CsvFieldOptions {
  /** Prefix text a spreadsheet would evaluate with an apostrophe; on unless turned off. */
  guardFormulas?: boolean;
}

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvField(
  value: string | number | null | undefined,
  { guardFormulas = true }: CsvFieldOptions = {},
): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'number' ? String(value) : value;
  if (guardFormulas && typeof value === 'string' && FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) {
    text = `'${text}`;
  }
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One line of fields, without its line end. */
export function csvLine(
  fields: readonly (string | number | null | undefined)[],
  options?: CsvFieldOptions,
): string {
  return fields.map((field) => csvField(field, options)).join(',');
}

/** Put before the first line of a file for spreadsheets, so they read it as UTF-8. */
export const CSV_BOM = '\uFEFF';
