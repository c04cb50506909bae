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

/**
 * Other spellings of the official archive columns, as forces' own portals and the police API
 * (data.police.uk/docs) name them. Case, spaces, underscores, hyphens and a BOM never matter
 * (headerKey); these cover the names that differ in words.
 */
const OTHER_NAMES: Readonly<Record<string, readonly string[]>> = {
  'Crime ID': ['persistent_id', 'crime_reference'],
  Longitude: ['long', 'lng', 'lon'],
  Latitude: ['lat'],
  Location: ['street', 'street_name'],
  'LSOA code': ['lsoa', 'lsoa11cd', 'lsoa21cd'],
  'Crime type': ['category', 'crime_category'],
  'Last outcome category': ['outcome_status', 'last_outcome'],
  'Outcome type': ['outcome_category', 'outcome'],
  Date: ['datetime', 'date_time'],
  'Part of a policing operation': ['operation', 'policing_operation_flag'],
  'Policing operation': ['operation_name'],
  'Outcome linked to object of search': ['outcome_linked'],
  'Removal of more than just outer clothing': [
    'removal_of_more_than_outer_clothing',
    'outer_clothing_removed',
  ],
};

/** A header name with case, BOM, spaces, underscores, hyphens and other punctuation dropped. */
export function headerKey(name: string): string {
  return name
    .replace(/^\uFEFF/, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/**
 * Column positions by header name: the official name first, then its other spellings, each
 * compared by headerKey. Throws, naming every missing column, when a needed one is not there.
 */
export function columnsOf<const N extends string>(
  header: readonly string[],
  names: readonly N[],
): Record<N, number> {
  const positions = new Map<string, number>();
  header.forEach((h, i) => {
    const key = headerKey(h);
    if (!positions.has(key)) positions.set(key, i);
  });
  const found = {} as Record<N, number>;
  const missing: string[] = [];
  for (const name of names) {
    const at = [name, ...(OTHER_NAMES[name] ?? [])]
      .map((spelling) => positions.get(headerKey(spelling)))
      .find((position) => position !== undefined);
    if (at === undefined) missing.push(name);
    else found[name] = at;
  }
  if (missing.length) {
    const seen = header.map((h) => `"${h.replace(/^\uFEFF/, '')}"`).join(', ');
    throw new Error(
      `the header lacks the column(s) ${missing.map((m) => `"${m}"`).join(', ')} (it has ${seen || 'no columns'})`,
    );
  }
  return found;
}
