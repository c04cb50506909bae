import { describe, expect, it } from 'vitest';
import {
  OUTCOMES_HEADER,
  STOP_AND_SEARCH_HEADER,
  STREET_HEADER,
} from '../../../../../tests/support/police-archive.ts';
import type { BulkValue } from '../../../db/bulk/index.ts';
import { MONTH_DATASETS } from './index.ts';
import { columnsOf, headerKey } from './month-dataset.ts';

const FILE = { forceId: 'kent', month: 202403 };

/** The official header spelt another way, word by word. */
const spelt = {
  lower: (h: string) => h.toLowerCase(),
  upper: (h: string) => h.toUpperCase(),
  snake: (h: string) => h.toLowerCase().replace(/[\s-]+/g, '_'),
  padded: (h: string) => `  ${h} `,
};

const ROWS: Record<keyof typeof MONTH_DATASETS, { header: string[]; row: string[] }> = {
  street: {
    header: STREET_HEADER,
    row: [
      'abc123',
      '2024-03',
      'Kent Police',
      'Kent Police',
      '0.52',
      '51.27',
      'On or near Mill Lane',
      'E01024001',
      'Maidstone 001A',
      'Burglary',
      'Under investigation',
      '',
    ],
  },
  outcomes: {
    header: OUTCOMES_HEADER,
    row: [
      'abc123',
      '2024-03',
      'Kent Police',
      'Kent Police',
      '0.52',
      '51.27',
      'On or near Mill Lane',
      'E01024001',
      'Maidstone 001A',
      'Unable to prosecute suspect',
    ],
  },
  'stop-and-search': {
    header: STOP_AND_SEARCH_HEADER,
    row: [
      'Person search',
      '2024-03-02T10:15:00+00:00',
      'False',
      '',
      '51.27',
      '0.52',
      'Male',
      '18-24',
      'White - English',
      'White',
      'Misuse of Drugs Act 1971 (section 23)',
      'Controlled drugs',
      'A no further action disposal',
      'False',
      'False',
    ],
  },
};

function mapped(kind: keyof typeof MONTH_DATASETS, header: readonly string[]): BulkValue[] {
  const out: BulkValue[] = [];
  const problem = MONTH_DATASETS[kind].bind(header, FILE)(ROWS[kind].row, out);
  expect(problem).toBeUndefined();
  return out;
}

describe.each(Object.keys(ROWS) as (keyof typeof MONTH_DATASETS)[])(
  'header spellings of %s files',
  (kind) => {
    const official = () => mapped(kind, ROWS[kind].header);

    it.each(Object.keys(spelt) as (keyof typeof spelt)[])(
      'reads the official header written %s alike',
      (how) => {
        expect(mapped(kind, ROWS[kind].header.map(spelt[how]))).toEqual(official());
      },
    );

    it('reads a header that starts with a UTF-8 byte order mark', () => {
      const [first, ...rest] = ROWS[kind].header;
      expect(mapped(kind, [`\uFEFF${first}`, ...rest])).toEqual(official());
    });

    it('refuses a header without a needed column, naming it', () => {
      const header = ROWS[kind].header.filter((h) => h !== 'Latitude');
      expect(() => MONTH_DATASETS[kind].bind(header, FILE)).toThrow(
        /the header lacks the column\(s\) "Latitude"/,
      );
    });
  },
);

describe('other names of the archive columns', () => {
  it('reads the police API names of the street columns', () => {
    const row = [
      'abc123',
      '2024-03',
      '0.52',
      '51.27',
      'On or near Mill Lane',
      'E01024001',
      'Burglary',
      'Under investigation',
    ];
    const read = (header: string[]) => {
      const out: BulkValue[] = [];
      expect(MONTH_DATASETS.street.bind(header, FILE)(row, out)).toBeUndefined();
      return out;
    };
    const api = [
      'persistent_id',
      'month',
      'longitude',
      'latitude',
      'street_name',
      'lsoa',
      'category',
      'outcome_status',
    ];
    const official = [
      'Crime ID',
      'Month',
      'Longitude',
      'Latitude',
      'Location',
      'LSOA code',
      'Crime type',
      'Last outcome category',
    ];
    expect(read(api)).toEqual(read(official));
    expect(read(api)).toContain('On or near Mill Lane');
  });

  it('prefers the official name where a file has both', () => {
    expect(columnsOf(['lat', 'Latitude'], ['Latitude'])).toEqual({ Latitude: 1 });
  });

  it('refuses an unknown layout, naming every missing column and what the file has', () => {
    expect(() => columnsOf(['a', 'b'], ['Crime ID', 'Month'])).toThrow(
      'the header lacks the column(s) "Crime ID", "Month" (it has "a", "b")',
    );
  });

  it('compares names without case, BOM, spaces, underscores or hyphens', () => {
    expect(headerKey('\uFEFFSelf-defined ethnicity')).toBe(headerKey('self_defined_ETHNICITY'));
    expect(headerKey('LSOA code')).toBe('lsoacode');
  });
});
