import { describe, expect, it } from 'vitest';
import type { ApiCrime, SearchRequestBody, SearchResponse } from '../../../../common/search/types.ts';
import {
  CSV_COLUMNS,
  crimesToCsv,
  crimesToJson,
  csvField,
  exportFileName,
  fetchAllCrimes,
  type SearchPage,
} from './exportResults.ts';

function crime(id: number, overrides: Partial<ApiCrime> = {}): ApiCrime {
  return {
    id,
    category: 'burglary',
    month: '2025-06',
    location: { latitude: '51.5', longitude: '-0.12', street: { name: `On or near Street ${id}` } },
    outcome_status: { category: 'Under investigation', date: null },
    persistent_id: `ref-${id}`,
    force_id: 'metropolitan',
    lsoa_code: 'E01000001',
    ...overrides,
  };
}

function response(overrides: Partial<SearchResponse['dataInfo']> = {}, total = 0): SearchResponse {
  return {
    success: true,
    data: [],
    pagination: { page: 1, pageSize: 10, total, pages: Math.ceil(total / 10) },
    coordinates: { latitude: 51.5, longitude: -0.12 },
    stats: {
      totalCrimes: total,
      crimeTypes: [],
      resolvedPercentage: null,
      resolvedCrimes: 0,
      outcomeEligibleCrimes: 0,
      population: { total: null, lsoaCount: 0, lsoasWithoutPopulation: 0, dataSource: '' },
      crimeRates: { overallRate: null },
      monthOverMonthChange: null,
      monthlyBreakdown: [],
    },
    dataInfo: {
      searchType: 'radius',
      timeRange: {
        start: '2025-07',
        end: '2025-09',
        label: 'July 2025 to September 2025',
        preset: 'RECENT_3_MONTHS',
      },
      totalMonths: 3,
      radius: 1,
      area: { label: '1 mile around SW1A 1AA', postcode: 'SW1A 1AA', forceId: null, neighbourhoodId: null },
      monthsWithoutData: [],
      forcesWithoutData: [],
      synthetic: false,
      ...overrides,
    },
  };
}

describe('csvField', () => {
  it('quotes commas, quotes and line breaks', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a, b')).toBe('"a, b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(null)).toBe('');
  });

  it('defuses text a spreadsheet would run as a formula, but not negative numbers', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('-0.1278')).toBe('-0.1278');
    expect(csvField('+44 20 7946 0000')).toBe("'+44 20 7946 0000");
  });
});

describe('crimesToCsv', () => {
  it('writes a header row and one row per crime, missing values empty', () => {
    const csv = crimesToCsv([
      crime(1),
      crime(2, { location: null, outcome_status: null, category: 'anti-social-behaviour' }),
    ]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines[0]).toBe(CSV_COLUMNS.join(','));
    expect(lines[1]).toBe(
      '2025-06,Burglary,burglary,On or near Street 1,51.5,-0.12,Under investigation,ref-1,metropolitan,E01000001',
    );
    expect(lines[2]).toBe(
      '2025-06,Anti-social behaviour,anti-social-behaviour,,,,,ref-2,metropolitan,E01000001',
    );
    expect(lines).toHaveLength(4);
  });
});

describe('crimesToJson', () => {
  it('holds the period, the area and every crime', () => {
    const json = JSON.parse(
      crimesToJson(response({ synthetic: true }, 2), [crime(1), crime(2)], new Date('2025-10-01T00:00:00Z')),
    );
    expect(json).toMatchObject({
      exportedAt: '2025-10-01T00:00:00.000Z',
      period: { start: '2025-07', end: '2025-09' },
      area: { postcode: 'SW1A 1AA' },
      synthetic: true,
      totalCrimes: 2,
    });
    expect(json.crimes.map((c: ApiCrime) => c.id)).toEqual([1, 2]);
  });
});

describe('exportFileName', () => {
  it('names the place and the period', () => {
    expect(exportFileName(response(), 'csv')).toBe('crimes-sw1a-1aa-2025-07-to-2025-09.csv');
    expect(
      exportFileName(
        response({
          searchType: 'force',
          area: {
            label: 'Metropolitan Police Service',
            postcode: null,
            forceId: 'metropolitan',
            neighbourhoodId: null,
          },
          timeRange: { start: '2025-06', end: '2025-06', label: 'June 2025', preset: null },
        }),
        'json',
      ),
    ).toBe('crimes-metropolitan-police-service-2025-06.json');
  });
});

describe('fetchAllCrimes', () => {
  const request: SearchRequestBody = { searchType: 'force', forceId: 'kent', page: 3, pageSize: 10 };

  function serving(total: number): { searchPage: SearchPage; asked: SearchRequestBody[] } {
    const all = Array.from({ length: total }, (_, i) => crime(i + 1));
    const asked: SearchRequestBody[] = [];
    const searchPage: SearchPage = async (req) => {
      asked.push(req);
      const size = req.pageSize!;
      // Later pages answer first, so the order of the result cannot come from arrival order.
      await new Promise((r) => setTimeout(r, (20 - req.page!) % 7));
      return {
        ...response({}, total),
        data: all.slice((req.page! - 1) * size, req.page! * size),
        pagination: { page: req.page!, pageSize: size, total, pages: Math.ceil(total / size) },
      };
    };
    return { searchPage, asked };
  }

  it('fetches every page at the largest page size, in table order', async () => {
    const { searchPage, asked } = serving(1234);
    const progress: number[] = [];
    const crimes = await fetchAllCrimes(request, searchPage, new AbortController().signal, (p) =>
      progress.push(p.loaded),
    );
    expect(crimes.map((c) => c.id)).toEqual(Array.from({ length: 1234 }, (_, i) => i + 1));
    expect(asked.every((r) => r.pageSize === 100 && r.forceId === 'kent')).toBe(true);
    expect(asked.map((r) => r.page).sort((a, b) => a! - b!)).toEqual(
      Array.from({ length: 13 }, (_, i) => i + 1),
    );
    expect(progress.at(-1)).toBe(1234);
  });

  it('makes one request for an empty result', async () => {
    const { searchPage, asked } = serving(0);
    expect(await fetchAllCrimes(request, searchPage, new AbortController().signal)).toEqual([]);
    expect(asked).toHaveLength(1);
  });
});
