import { describe, expect, it } from 'vitest';
import { exportHref } from './exportResults.ts';

describe('exportHref', () => {
  it('carries the search criteria and the format, without paging', () => {
    const href = exportHref(
      {
        searchType: 'radius',
        postcode: 'SW1A 1AA',
        startMonth: 'RECENT_3_MONTHS',
        endMonth: '',
        page: 4,
        pageSize: 25,
      },
      'csv',
    );
    const url = new URL(href, 'http://localhost');
    expect(url.pathname).toBe('/api/crimes/export');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      format: 'csv',
      searchType: 'radius',
      postcode: 'SW1A 1AA',
      startMonth: 'RECENT_3_MONTHS',
    });
  });

  it('encodes what it carries', () => {
    const href = exportHref(
      { searchType: 'neighbourhood', forceId: 'metropolitan', neighbourhoodId: 'E05&x=1' },
      'json',
    );
    expect(new URL(href, 'http://localhost').searchParams.get('neighbourhoodId')).toBe('E05&x=1');
  });
});
