import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../../common/config/config.ts';
import { CSV_COLUMNS, csvHead } from '../../../common/search/export.ts';
import { crimeCsvLine } from '../../../tests/support/crime-csv.ts';
import type { ApiCrime, SearchRequestBody, SearchResponse } from '../../../common/search/types.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '../../../tests/support/database.ts';
import { buildApp, type App } from '../app.ts';
import { createPostcodeService } from '../postcodes/postcode-service.ts';
import { createPoliceClockService } from '../clocks/police-clock-service.ts';
import { createExportService } from './export-service.ts';
import { createSearchService, type SearchService, type WholeResult } from './search-service.ts';
import { CENTRE_POSTCODE, NEIGHBOURHOOD_ID, loadFixture } from '../../../tests/support/search-fixture.ts';

const ORIGIN = { origin: 'http://localhost' };

/**
 * The store's fixture is the synthetic sample, so every CSV opens with the one line that says so
 * (checked here each time), then the columns and the crimes: these, parsed.
 */
function csvTable(body: string): string[][] {
  const [notice, ...rest] = body.slice(1).split('\r\n');
  expect(notice).toBe(csvHead(true).slice(1).split('\r\n')[0]);
  return parse(rest.join('\r\n')) as string[][];
}
const ALL_MONTHS = { startMonth: '2025-01', endMonth: '2025-06' };
const SEARCHES: Record<string, SearchRequestBody> = {
  radius: { searchType: 'radius', postcode: CENTRE_POSTCODE, ...ALL_MONTHS },
  neighbourhood: {
    searchType: 'neighbourhood',
    forceId: 'metropolitan',
    neighbourhoodId: NEIGHBOURHOOD_ID,
    ...ALL_MONTHS,
  },
  force: { searchType: 'force', forceId: 'city-of-london', ...ALL_MONTHS },
};

describe.each(testDialects)('search export on %s', (dialect) => {
  let db: TestDatabase;
  let app: App;
  let service: SearchService;

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    await loadFixture(db.sequelize);
    app = await buildApp({ config: parseConfig({ DATABASE_URL: db.url }), sequelize: db.sequelize });
    service = createSearchService({
      sequelize: db.sequelize,
      postcodes: createPostcodeService({ sequelize: db.sequelize }),
      policeClock: createPoliceClockService({ sequelize: db.sequelize }),
      areaClocks: new Map(),
    });
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  /** Every crime of a search the way the table pages through it, 100 at a time. */
  async function pagedCrimes(
    request: SearchRequestBody,
  ): Promise<{ first: SearchResponse; crimes: ApiCrime[] }> {
    const crimes: ApiCrime[] = [];
    let first: SearchResponse | undefined;
    for (let page = 1; ; page++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/crimes/search',
        headers: ORIGIN,
        payload: { ...request, page, pageSize: 100 },
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as SearchResponse;
      first ??= body;
      crimes.push(...body.data);
      if (page >= body.pagination.pages) return { first, crimes };
    }
  }

  const exportUrl = (request: SearchRequestBody, format: string) =>
    `/api/crimes/export?${new URLSearchParams({ format, ...(request as Record<string, string>) })}`;

  /** The real search, with a count (`pulled`) of the store batches an export has asked for so far. */
  function countingSearch() {
    const search = {
      pulled: 0,
      async searchAll(r: SearchRequestBody, size: number): Promise<WholeResult> {
        const whole = await service.searchAll(r, size);
        async function* counted<T>(batches: AsyncGenerator<T>) {
          for await (const batch of batches) {
            search.pulled++;
            yield batch;
          }
        }
        return { ...whole, rows: counted(whole.rows), crimes: counted(whole.crimes) };
      },
    };
    return search;
  }

  it.each(Object.keys(SEARCHES))(
    'a %s search exports as JSON exactly the crimes the table lists, in one request',
    async (kind) => {
      const request = SEARCHES[kind]!;
      const { first, crimes } = await pagedCrimes(request);
      expect(crimes.length).toBeGreaterThan(0);
      const res = await app.inject({ method: 'GET', url: exportUrl(request, 'json') });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      const body = res.json() as {
        totalCrimes: number;
        crimes: ApiCrime[];
        period: { start: string; end: string };
        area: unknown;
      };
      expect(body.totalCrimes).toBe(first.pagination.total);
      expect(body.crimes).toEqual(crimes);
      expect(body.period).toMatchObject({ start: '2025-01', end: '2025-06' });
      expect(body.area).toEqual(first.dataInfo.area);
      expect(res.headers['x-total-count']).toBe(String(crimes.length));
    },
  );

  it('exports CSV with a header, one line per crime, and a file name of area and period', async () => {
    const request = SEARCHES.radius!;
    const { crimes } = await pagedCrimes(request);
    const res = await app.inject({ method: 'GET', url: exportUrl(request, 'csv') });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="crimes-sw1a-1aa-2025-01-to-2025-06-SYNTHETIC.csv"',
    );
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const rows = csvTable(res.body);
    expect(rows[0]).toEqual([...CSV_COLUMNS]);
    expect(rows.length - 1).toBe(crimes.length);
    expect(res.body.slice(1).split('\r\n').slice(2, -1)).toEqual(
      crimes.map((c) => crimeCsvLine(c).slice(0, -2)),
    );

    const force = await app.inject({
      method: 'GET',
      url: exportUrl(
        { searchType: 'force', forceId: 'metropolitan', startMonth: '2025-06', endMonth: '2025-06' },
        'json',
      ),
    });
    expect(force.headers['content-disposition']).toBe(
      'attachment; filename="crimes-metropolitan-police-service-2025-06-SYNTHETIC.json"',
    );
  });

  it('streams a month across many batches without losing or repeating a crime', async () => {
    for (const request of Object.values(SEARCHES)) {
      const whole = await service.searchAll(request, 7);
      const sizes: number[] = [];
      const ids: number[] = [];
      for await (const batch of whole.crimes) {
        sizes.push(batch.length);
        ids.push(...batch.map((c) => c.id));
      }
      expect(Math.max(...sizes)).toBeLessThanOrEqual(7);
      expect(ids.length).toBe(whole.summary.pagination.total);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toEqual((await pagedCrimes(request)).crimes.map((c) => c.id));
    }
  });

  it('an empty result is a valid, empty file', async () => {
    const request = { searchType: 'radius' as const, postcode: 'M1 1AE', ...ALL_MONTHS };
    const json = await app.inject({ method: 'GET', url: exportUrl(request, 'json') });
    expect(json.statusCode).toBe(200);
    expect(json.json()).toMatchObject({ totalCrimes: 0, crimes: [] });
    const csv = await app.inject({ method: 'GET', url: exportUrl(request, 'csv') });
    expect(csvTable(csv.body)).toEqual([[...CSV_COLUMNS]]);
  });

  it('refuses bad criteria with a 4xx before sending any file', async () => {
    const cases: [SearchRequestBody & Record<string, string>, string][] = [
      [{ ...SEARCHES.radius!, startMonth: '2025-06', endMonth: '2025-01' } as never, 'csv'],
      [{ searchType: 'radius', postcode: 'NOT A POSTCODE' } as never, 'csv'],
      [{ searchType: 'force', forceId: 'atlantis' } as never, 'json'],
      [SEARCHES.radius as never, 'xlsx'],
      [{ ...SEARCHES.radius!, postcode: 'A'.repeat(5000) } as never, 'csv'],
      [{ ...SEARCHES.radius!, startMonth: "2025-01'; DROP TABLE crimes; --" } as never, 'csv'],
    ];
    for (const [request, format] of cases) {
      const res = await app.inject({ method: 'GET', url: exportUrl(request, format) });
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
      expect(res.headers['content-disposition']).toBeUndefined();
      expect(res.json()).toMatchObject({ success: false, error: expect.any(String) });
    }
  });

  it('answers as many exports at once as the node takes (EXPORTS_AT_ONCE), each whole', async () => {
    const request = SEARCHES.force!;
    const expected = (await pagedCrimes(request)).crimes.length;
    const atOnce = parseConfig({ DATABASE_URL: db.url }).exportsAtOnce;
    const answers = await Promise.all(
      Array.from({ length: atOnce }, (_, i) =>
        app.inject({ method: 'GET', url: exportUrl(request, 'csv'), remoteAddress: `198.51.100.${i + 1}` }),
      ),
    );
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(csvTable(res.body).length - 1).toBe(expected);
    }
  });

  it('streams: the first bytes go out after a batch or two of many, and the rest only as the reader takes them', async () => {
    const request = { searchType: 'force' as const, forceId: 'metropolitan', ...ALL_MONTHS };
    let batches = 0;
    const counting = countingSearch();
    for await (const _ of (await service.searchAll(request, 20)).rows) batches++;
    expect(batches).toBeGreaterThan(20);

    for (const format of ['csv', 'json'] as const) {
      counting.pulled = 0;
      const file = await createExportService(counting, { batchRows: 20 }).exportSearch(request, format);
      const chunks = file.body[Symbol.asyncIterator]();
      const head = await chunks.next();
      const firstRows = await chunks.next();
      expect(String(head.value).length + String(firstRows.value).length).toBeGreaterThan(0);
      // Let the stream fill its buffer: it stops there, far short of the whole result.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(counting.pulled, format).toBeLessThan(batches / 2);
      let rest = String(head.value) + String(firstRows.value);
      for (let next = await chunks.next(); !next.done; next = await chunks.next()) rest += String(next.value);
      expect(counting.pulled).toBe(batches);
      if (format === 'json')
        expect((JSON.parse(rest) as { crimes: unknown[] }).crimes).toHaveLength(file.total);
      else expect(csvTable(rest)).toHaveLength(file.total + 1);
    }
  });

  it('stops reading the store when the download is abandoned', async () => {
    const counting = countingSearch();
    const file = await createExportService(counting, { batchRows: 20 }).exportSearch(
      { searchType: 'force', forceId: 'metropolitan', ...ALL_MONTHS },
      'csv',
    );
    const chunks = file.body[Symbol.asyncIterator]();
    await chunks.next();
    await chunks.return?.(undefined);
    // Reads already under way may finish; no new one starts.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const seen = counting.pulled;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(counting.pulled).toBe(seen);
    expect(counting.pulled).toBeLessThan(5);
  });
});
