import { describe, expect, it } from 'vitest';
import { csvHead, exportFileName, jsonHead, CSV_COLUMNS } from './export.ts';
import type { SearchResponse } from './types.ts';

function summary(synthetic: boolean): SearchResponse {
  return {
    synthetic,
    pagination: { total: 3 },
    stats: { crimeTypes: [] },
    dataInfo: {
      area: { label: '1 mile around SW1A 1AA', postcode: 'SW1A 1AA' },
      searchType: 'radius',
      timeRange: { start: '2025-07', end: '2025-09' },
      radius: 1,
      synthetic,
      monthsWithoutData: [],
      forcesWithoutData: [],
    },
  } as unknown as SearchResponse;
}

describe('an export of the synthetic sample says so', () => {
  it('in its file name', () => {
    expect(exportFileName(summary(true), 'csv')).toBe('crimes-sw1a-1aa-2025-07-to-2025-09-SYNTHETIC.csv');
    expect(exportFileName(summary(true), 'json')).toBe('crimes-sw1a-1aa-2025-07-to-2025-09-SYNTHETIC.json');
    expect(exportFileName(summary(false), 'csv')).toBe('crimes-sw1a-1aa-2025-07-to-2025-09.csv');
  });

  it("in the CSV's first line, above the columns, in the page's language", () => {
    const [first, second] = csvHead(true).slice(1).split('\r\n');
    expect(csvHead(true).startsWith('\uFEFF')).toBe(true);
    // One quoted field (it holds commas), so a CSV reader reads it as one cell.
    expect(first).toMatch(/^"Synthetic sample data: .*not real police records\."$/);
    expect(second).toBe(CSV_COLUMNS.join(','));
    expect(csvHead(true, 'cy').slice(1).split('\r\n')[0]).toMatch(/^"?Data sampl synthetig/);
    expect(csvHead(false).slice(1).split('\r\n')[0]).toBe(CSV_COLUMNS.join(','));
  });

  it("in the JSON's first field", () => {
    const head = (synthetic: boolean, locale?: 'cy') =>
      JSON.parse(`${jsonHead(summary(synthetic), new Date(0), locale)}]}`) as Record<string, unknown>;
    expect(Object.keys(head(true))[0]).toBe('notice');
    expect(head(true).notice).toMatch(/^Synthetic sample data/);
    expect(head(true)).toMatchObject({ synthetic: true });
    expect(head(true, 'cy').notice).toMatch(/^Data sampl synthetig/);
    expect(head(false)).not.toHaveProperty('notice');
  });
});
