/**
 * CSV text straight from store rows, byte for byte what `crimeCsvLine(toApiCrime(row))` gives
 * (tests/support/crime-csv.ts; export-rows.test.ts holds it to that), without an ApiCrime and a
 * field array per row: each batch becomes one string in one pass, the category and month columns
 * come from a cache, and every value from outside (street, outcome, ids) still goes through
 * `csvField`. It saves about an eighth of the export's CPU time (docs/benchmarks.md). The JSON
 * export keeps `JSON.stringify` of each ApiCrime: measured, a hand-written template was no faster
 * than V8's own serialiser of such small flat objects.
 */
import { categoryFromCode, categoryFromSlug } from '../../../common/crime/categories.ts';
import { csvField } from '../../../common/csv/csv.ts';
import { formatMonth } from '../../../common/search/months.ts';
import type { CrimeRow } from './areas.ts';
import { num } from './sql.ts';

interface CategoryText {
  csv: string;
  json: string;
}

const categoryTexts = new Map<number, CategoryText>();
function categoryText(code: number): CategoryText {
  let text = categoryTexts.get(code);
  if (!text) {
    const slug = categoryFromCode(code)?.slug ?? 'other-crime';
    const label = categoryFromSlug(slug)?.label ?? slug;
    text = { csv: `${csvField(label)},${csvField(slug)}`, json: JSON.stringify(slug) };
    categoryTexts.set(code, text);
  }
  return text;
}

const monthTexts = new Map<number, string>();
function monthText(month: number): string {
  let text = monthTexts.get(month);
  if (text === undefined) {
    text = formatMonth(month);
    monthTexts.set(month, text);
  }
  return text;
}

/** CSV lines (CRLF) of a batch, in the columns of CSV_COLUMNS. */
export function csvRows(rows: readonly CrimeRow[]): string {
  let out = '';
  for (const row of rows) {
    const located = row.lat !== null && row.lng !== null;
    out +=
      `${monthText(num(row.month))},${categoryText(num(row.category)).csv},` +
      (located
        ? `${csvField(row.street)},${csvField(String(row.lat))},${csvField(String(row.lng))},`
        : ',,,') +
      `${row.outcome ? csvField(row.outcome) : ''},${csvField(row.crime_ref ?? '')},${csvField(row.force_id)},` +
      `${csvField(row.lsoa_code)}\r\n`;
  }
  return out;
}
