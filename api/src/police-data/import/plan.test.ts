import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { parseMonthFileName, planImport } from './plan.ts';
import type { SourceEntry } from './sources/source.ts';

const entry = (path: string): SourceEntry => ({
  path,
  size: 1,
  open: async () => Readable.from([]),
  fingerprint: async () => '00000000:1',
});

describe('parseMonthFileName', () => {
  it('reads the month, force and dataset of archive file names', () => {
    expect(parseMonthFileName('2024-01-avon-and-somerset-street.csv')).toEqual({
      kind: 'street',
      forceId: 'avon-and-somerset',
      month: 202401,
    });
    expect(parseMonthFileName('2019-12-btp-stop-and-search.csv')).toEqual({
      kind: 'stop-and-search',
      forceId: 'btp',
      month: 201912,
    });
    expect(parseMonthFileName('2023-07-city-of-london-outcomes.csv')?.forceId).toBe('city-of-london');
  });

  it('refuses other names and impossible months', () => {
    expect(parseMonthFileName('2024-13-kent-street.csv')).toBeUndefined();
    expect(parseMonthFileName('2024-01-kent-street.txt')).toBeUndefined();
    expect(parseMonthFileName('kent-street.csv')).toBeUndefined();
  });
});

describe('planImport', () => {
  it('orders reference files first, then months, and spots the synthetic marker', () => {
    const plan = planImport(
      [
        'top/2024-02/2024-02-kent-street.csv',
        'top/2024-01/2024-01-kent-stop-and-search.csv',
        'top/2024-01/2024-01-kent-street.csv',
        'top/neighbourhoods.geojson',
        'top/postcodes.csv',
        'top/SYNTHETIC.txt',
        'top/README.md',
        'top/lsoa-population.csv',
        'codepo_gb/Data/CSV/ab.csv',
        'codepo_gb/Doc/Code-Point_Open_Column_Headers.csv',
      ].map(entry),
    );
    expect(plan.synthetic).toBe(true);
    expect(plan.jobs.map((j) => j.entry.path)).toEqual([
      'top/postcodes.csv',
      'codepo_gb/Data/CSV/ab.csv',
      'top/lsoa-population.csv',
      'top/neighbourhoods.geojson',
      'top/2024-01/2024-01-kent-street.csv',
      'top/2024-01/2024-01-kent-stop-and-search.csv',
      'top/2024-02/2024-02-kent-street.csv',
    ]);
    expect(plan.ignored).toEqual(['top/README.md', 'codepo_gb/Doc/Code-Point_Open_Column_Headers.csv']);
  });

  it('leaves out the month files of Northern Ireland, and keeps British Transport Police', () => {
    const plan = planImport(
      [
        'top/2024-01/2024-01-northern-ireland-street.csv',
        'top/2024-01/2024-01-northern-ireland-outcomes.csv',
        'top/2024-01/2024-01-btp-street.csv',
      ].map(entry),
    );
    expect(plan.jobs.map((j) => j.entry.path)).toEqual(['top/2024-01/2024-01-btp-street.csv']);
    expect(plan.ignored).toEqual([
      'top/2024-01/2024-01-northern-ireland-street.csv',
      'top/2024-01/2024-01-northern-ireland-outcomes.csv',
    ]);
  });

  it('ignores a SYNTHETIC.txt deep inside the tree', () => {
    expect(planImport([entry('a/b/SYNTHETIC.txt')]).synthetic).toBe(false);
  });
});
