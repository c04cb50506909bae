import { describe, expect, it } from 'vitest';
import { crimeCsvLine } from '../../../tests/support/crime-csv.ts';
import type { CrimeRow } from './areas.ts';
import { csvRows } from './export-rows.ts';
import { toApiCrime } from './search-service.ts';

const base: CrimeRow = {
  id: 41,
  force_id: 'metropolitan',
  month: 202506,
  category: 3,
  crime_ref: 'abc123',
  lat: 51.501234,
  lng: -0.141588,
  street: 'On or near High Street',
  lsoa_code: 'E01000001',
  outcome: 'Under investigation',
};

/** Rows with every awkward value the store can hold. */
const ROWS: CrimeRow[] = [
  base,
  { ...base, id: 42, lat: null, lng: null, street: null, lsoa_code: null, outcome: null, crime_ref: null },
  { ...base, id: 43, category: 1, outcome: '', street: 'On or near "Market", High Street' },
  { ...base, id: 44, street: '=HYPERLINK("http://x")', outcome: '+1 line\r\nbreak', crime_ref: '-@tab\t' },
  { ...base, id: 45, street: 'back\\slash \u0001 control \u2028 sep \ud800 lone', lsoa_code: 'W0100"' },
  { ...base, id: 46, category: 99, lat: 5e-7, lng: -1e-7, street: 'Ünïcödé ✓ 𝄞' },
  {
    ...base,
    id: '47' as unknown as number,
    month: '202412' as unknown as number,
    category: '13' as unknown as number,
  },
];

describe('export text from store rows', () => {
  it('writes CSV exactly as the ApiCrime line does', () => {
    expect(csvRows(ROWS)).toBe(ROWS.map((row) => crimeCsvLine(toApiCrime(row))).join(''));
  });
});
