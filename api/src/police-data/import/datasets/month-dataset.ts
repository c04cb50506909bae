import type { BulkValue } from '../../../db/bulk/index.ts';
import type { MonthDatasetKind } from '../types.ts';

export interface MonthFile {
  forceId: string;
  /** yyyymm from the file name. */
  month: number;
}

/**
 * Appends one CSV record's values to `out` and returns nothing, or returns why the record was
 * skipped, leaving `out` untouched.
 */
export type RowMapper = (fields: readonly string[], out: BulkValue[]) => string | undefined;

/** One of the three monthly archive files and the table it fills. */
export interface MonthDataset {
  kind: MonthDatasetKind;
  table: string;
  columns: readonly string[];
  /** Columns a file's rows may be written in, for index locality (CsvLoad.insertOrder). */
  insertOrder?: readonly string[];
  /** Builds the mapper for a file from its header row; throws when a needed column is missing. */
  bind(header: readonly string[], file: MonthFile): RowMapper;
}

/** Column positions by header name, ignoring case and surrounding spaces. */
export function columnsOf<const N extends string>(
  header: readonly string[],
  names: readonly N[],
): Record<N, number> {
  const positions = new Map(header.map((h, i) => [h.trim().toLowerCase(), i]));
  const found = {} as Record<N, number>;
  const missing: string[] = [];
  for (const name of names) {
    const at = positions.get(name.toLowerCase());
    if (at === undefined) missing.push(name);
    else found[name] = at;
  }
  if (missing.length)
    throw new Error(`the header lacks the column(s) ${missing.map((m) => `"${m}"`).join(', ')}`);
  return found;
}
