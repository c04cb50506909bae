import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoryFromCode } from '../../../common/crime/categories.ts';
import { cellOf } from '../../../common/geo/grid.ts';
import {
  METRES_PER_MILE,
  PARTS_PER_CELL,
  partBounds,
  pointInPolygon,
  ringsBbox,
} from '../../../common/search/geometry.ts';
import { formatMonth } from '../../../common/search/months.ts';
import { isResolvedOutcome } from '../../../tests/support/outcomes.ts';
import type { SearchResponse } from '../../../common/search/types.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '../../../tests/support/database.ts';
import { HttpError } from '../http/errors.ts';
import { createPostcodeService } from '../postcodes/postcode-service.ts';
import { createPoliceClockService } from '../clocks/police-clock-service.ts';
import { fillFromExistingCrimes } from '../db/migrations/0002-search.ts';
import { monthRows } from '../db/migrations/0013-month-rows.ts';
import { cellMonthsByForce } from '../db/migrations/0016-cell-months-by-force.ts';
import {
  rebuildSearchAggregates,
  SEARCH_AGGREGATE_TABLES,
} from '../../../tests/support/search-aggregates.ts';
import { crimesColumn, MONTH_ROW_CODES } from './month-rows.ts';
import { createSearchService, type SearchService } from './search-service.ts';
import {
  CENTRE,
  CENTRE_POSTCODE,
  CITY_MISSING_MONTH,
  MANCHESTER_POSTCODE,
  NEIGHBOURHOOD_ID,
  NEIGHBOURHOOD_RING,
  cosineLawMetres,
  loadFixture,
  type LoadedFixture,
} from '../../../tests/support/search-fixture.ts';

type Row = LoadedFixture['rows'][number];

/**
 * What a search over `rows` must report, computed straight from the rows. The population is that
 * of the LSOAs of `areaRows`: every crime of the area, whatever its month (docs/search.md).
 */
function expectedStats(
  rows: readonly Row[],
  populations: Map<string, number>,
  areaRows: readonly Row[] = rows,
) {
  const byCategory: Record<string, number> = {};
  const byMonth = new Map<number, number>();
  let resolved = 0;
  let eligible = 0;
  for (const r of rows) {
    const slug = categoryFromCode(r.category)!.slug;
    byCategory[slug] = (byCategory[slug] ?? 0) + 1;
    byMonth.set(r.month, (byMonth.get(r.month) ?? 0) + 1);
    if (slug !== 'anti-social-behaviour') eligible++;
    if (isResolvedOutcome(r.outcome)) resolved++;
  }
  const lsoas = new Set(areaRows.flatMap((r) => (r.lsoa_code ? [r.lsoa_code] : [])));
  const known = [...lsoas].filter((c) => populations.has(c));
  const population = known.reduce((sum, c) => sum + populations.get(c)!, 0);
  return {
    total: rows.length,
    byCategory,
    byMonth,
    resolvedPercentage: Math.round((resolved / eligible) * 1000) / 10,
    population,
    lsoaCount: known.length,
    lsoasWithoutPopulation: lsoas.size - known.length,
    overallRate: Math.round((rows.length / population) * 1000 * 100) / 100,
  };
}

function categoryCounts(result: SearchResponse) {
  return Object.fromEntries(result.stats.crimeTypes.map((t) => [t.category, t.count]));
}

async function allPages(service: SearchService, request: Parameters<SearchService['search']>[0]) {
  const ids: number[] = [];
  const months: string[] = [];
  for (let page = 1; ; page++) {
    const result = await service.search({ ...request, page, pageSize: 100 });
    ids.push(...result.data.map((c) => c.id));
    months.push(...result.data.map((c) => c.month));
    if (page >= result.pagination.pages) return { ids, months, last: result };
  }
}

async function expectHttpError(promise: Promise<unknown>, status: number, code?: string) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  expect((error as HttpError).statusCode).toBe(status);
  if (code) expect((error as HttpError).code).toBe(code);
}

describe.each(testDialects)('search service on %s', (dialect) => {
  let db: TestDatabase;
  let fixture: LoadedFixture;
  let service: SearchService;
  const inCircle = (r: Row) =>
    r.lat !== null &&
    r.lng !== null &&
    cosineLawMetres(CENTRE, { lat: r.lat, lng: r.lng }) <= METRES_PER_MILE;
  const inMonths = (from: number, to: number) => (r: Row) => r.month >= from && r.month <= to;

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    fixture = await loadFixture(db.sequelize);
    service = createSearchService({
      sequelize: db.sequelize,
      postcodes: createPostcodeService({ sequelize: db.sequelize }),
      policeClock: createPoliceClockService({ sequelize: db.sequelize }),
      areaClocks: new Map(),
    });
  });
  afterAll(async () => {
    await db?.drop();
  });

  describe('radius', () => {
    it('counts every category, the resolution rate, population and rate like the rows say', async () => {
      const result = await service.search({
        searchType: 'radius',
        postcode: 'sw1a1aa',
        startMonth: 'RECENT_3_MONTHS',
      });
      const matching = fixture.rows.filter((r) => inCircle(r) && inMonths(202504, 202506)(r));
      const expected = expectedStats(matching, fixture.populations, fixture.rows.filter(inCircle));
      expect(expected.lsoasWithoutPopulation).toBeGreaterThan(0);
      expect(result.stats.totalCrimes).toBe(expected.total);
      expect(categoryCounts(result)).toEqual(expected.byCategory);
      expect(result.stats.resolvedPercentage).toBe(expected.resolvedPercentage);
      expect(result.stats.population).toMatchObject({
        total: expected.population,
        lsoaCount: expected.lsoaCount,
        lsoasWithoutPopulation: expected.lsoasWithoutPopulation,
      });
      expect(result.stats.crimeRates.overallRate).toBe(expected.overallRate);
      expect(result.stats.monthlyBreakdown.map((m) => [m.month, m.totalCrimes])).toEqual(
        [202504, 202505, 202506].map((m) => [formatMonth(m), expected.byMonth.get(m) ?? 0]),
      );
      const [may, june] = [expected.byMonth.get(202505)!, expected.byMonth.get(202506)!];
      expect(result.stats.monthOverMonthChange).toMatchObject({
        percentage: Math.round(((june - may) / may) * 1000) / 10,
        comparisonMonths: ['2025-05', '2025-06'],
      });
      expect(result.coordinates).toEqual({ latitude: CENTRE.lat, longitude: CENTRE.lng });
      expect(result.dataInfo).toMatchObject({
        searchType: 'radius',
        totalMonths: 3,
        radius: 1,
        timeRange: {
          start: '2025-04',
          end: '2025-06',
          label: 'April 2025 to June 2025',
          preset: 'RECENT_3_MONTHS',
        },
        area: { postcode: CENTRE_POSTCODE },
        monthsWithoutData: [],
        synthetic: true,
      });
    });

    it('is exact at the circle edge: half a metre inside counts, half a metre outside does not', async () => {
      const { ids } = await allPages(service, {
        searchType: 'radius',
        postcode: CENTRE_POSTCODE,
        startMonth: '2025-06',
      });
      const refs = new Set(fixture.rows.filter((r) => ids.includes(r.id)).map((r) => r.crime_ref));
      for (const bearing of [0, 90, 200, 315]) {
        expect(refs.has(`edge-in-${bearing}`)).toBe(true);
        expect(refs.has(`edge-out-${bearing}`)).toBe(false);
      }
    });

    it('pages through exactly the matching crimes, newest month first', async () => {
      const { ids, months, last } = await allPages(service, {
        searchType: 'radius',
        postcode: CENTRE_POSTCODE,
        startMonth: '2025-02',
        endMonth: '2025-05',
      });
      const expected = fixture.rows.filter((r) => inCircle(r) && inMonths(202502, 202505)(r));
      expect(new Set(ids).size).toBe(ids.length);
      expect([...ids].sort((a, b) => a - b)).toEqual(expected.map((r) => r.id).sort((a, b) => a - b));
      expect(months).toEqual([...months].sort().reverse());
      expect(last.pagination).toEqual({
        page: last.pagination.pages,
        pageSize: 100,
        total: expected.length,
        pages: Math.ceil(expected.length / 100),
      });
    });

    it('serves a page in the data.police.uk crime shape', async () => {
      const result = await service.search({ searchType: 'radius', postcode: CENTRE_POSTCODE, page: 2 });
      expect(result.data).toHaveLength(10);
      const crime = result.data[0]!;
      const row = fixture.rows.find((r) => r.id === crime.id)!;
      expect(crime).toEqual({
        id: row.id,
        category: categoryFromCode(row.category)!.slug,
        month: formatMonth(row.month),
        location: { latitude: String(row.lat), longitude: String(row.lng), street: { name: row.street } },
        outcome_status: row.outcome ? { category: row.outcome, date: null } : null,
        persistent_id: row.crime_ref ?? '',
        force_id: row.force_id,
        lsoa_code: row.lsoa_code,
      });
    });

    it('answers a page past the end with no rows', async () => {
      const result = await service.search({ searchType: 'radius', postcode: CENTRE_POSTCODE, page: 999 });
      expect(result.data).toEqual([]);
      expect(result.pagination.total).toBeGreaterThan(0);
    });

    it('marks a month incomplete when one of the area’s forces did not report it', async () => {
      const result = await service.search({
        searchType: 'radius',
        postcode: CENTRE_POSTCODE,
        startMonth: 'RECENT_6_MONTHS',
      });
      const march = result.stats.monthlyBreakdown.find((m) => m.month === formatMonth(CITY_MISSING_MONTH))!;
      expect(march).toMatchObject({ hasData: true, incomplete: true });
      expect(result.dataInfo.forcesWithoutData).toEqual([
        { id: 'city-of-london', name: 'City of London Police', months: ['2025-03'] },
      ]);
      expect(result.dataInfo.monthsWithoutData).toEqual([]);
      // Both forces' crimes are counted: City of London's other months, and the Met's.
      expect(result.dataInfo.forcesWithData?.map((f) => f.id)).toEqual(['city-of-london', 'metropolitan']);
    });

    it('names the data version and the newest month it answered from; both change with the store', async () => {
      const request = {
        searchType: 'radius',
        postcode: CENTRE_POSTCODE,
        startMonth: 'RECENT_1_MONTH',
      } as const;
      const before = await service.search(request);
      expect(before.dataInfo.latestMonth).toBe('2025-06');
      expect(before.dataInfo.dataVersion).not.toBe('');
      expect((await service.search(request)).dataInfo.dataVersion).toBe(before.dataInfo.dataVersion);
      // A month more for one force, as an import leaves it.
      await db.sequelize.query(
        `INSERT INTO dataset_months (force_id, month, dataset, row_count, synthetic, imported_at)
         VALUES ('kent', 202507, 'street', 0, ?, ?)`,
        { replacements: [false, new Date()] },
      );
      try {
        const after = await service.search(request);
        expect(after.dataInfo.latestMonth).toBe('2025-07');
        expect(after.dataInfo.dataVersion).not.toBe(before.dataInfo.dataVersion);
        // The area's forces have no July yet: the answer names them.
        expect(after.dataInfo.forcesWithoutData.map((f) => f.months)).toContainEqual(['2025-07']);
      } finally {
        await db.sequelize.query(`DELETE FROM dataset_months WHERE month = 202507`);
      }
    });

    it('compares a single month with the month before it', async () => {
      const result = await service.search({
        searchType: 'radius',
        postcode: CENTRE_POSTCODE,
        startMonth: 'RECENT_1_MONTH',
      });
      const may = fixture.rows.filter((r) => inCircle(r) && r.month === 202505).length;
      const june = fixture.rows.filter((r) => inCircle(r) && r.month === 202506).length;
      expect(result.stats.totalCrimes).toBe(june);
      expect(result.stats.monthlyBreakdown).toHaveLength(1);
      expect(result.stats.monthOverMonthChange).toMatchObject({
        percentage: Math.round(((june - may) / may) * 1000) / 10,
        comparisonMonths: ['2025-05', '2025-06'],
      });
    });

    it('says "no data" where the only force never reported, instead of zero crimes', async () => {
      const result = await service.search({
        searchType: 'radius',
        postcode: MANCHESTER_POSTCODE,
        startMonth: 'RECENT_3_MONTHS',
      });
      expect(result.stats.totalCrimes).toBeNull();
      expect(result.stats.monthlyBreakdown.every((m) => m.totalCrimes === null && !m.hasData)).toBe(true);
      expect(result.dataInfo.monthsWithoutData).toEqual(['2025-04', '2025-05', '2025-06']);
      expect(result.dataInfo.forcesWithoutData).toEqual([
        {
          id: 'greater-manchester',
          name: 'Greater Manchester Police',
          months: ['2025-04', '2025-05', '2025-06'],
        },
      ]);
      expect(result.dataInfo.forcesWithData).toEqual([]);
      expect(result.data).toEqual([]);
    });

    it('lists months before the store as no data', async () => {
      const result = await service.search({
        searchType: 'radius',
        postcode: CENTRE_POSTCODE,
        startMonth: '2024-11',
        endMonth: '2025-01',
      });
      expect(result.dataInfo.monthsWithoutData).toEqual(['2024-11', '2024-12']);
      expect(result.stats.monthlyBreakdown.map((m) => m.totalCrimes)).toEqual([
        null,
        null,
        fixture.rows.filter((r) => inCircle(r) && r.month === 202501).length,
      ]);
    });

    it('refuses bad criteria with the shared messages', async () => {
      await expectHttpError(service.search({ searchType: 'radius' }), 400, 'POSTCODE_REQUIRED');
      await expectHttpError(
        service.search({ searchType: 'radius', postcode: 'NOT A PC' }),
        400,
        'INVALID_POSTCODE',
      );
      await expectHttpError(
        service.search({ searchType: 'radius', postcode: 'ZZ9 9ZZ' }),
        404,
        'POSTCODE_NOT_HELD',
      );
      await expectHttpError(
        service.search({ searchType: 'radius', postcode: 'BT1 1AA' }),
        404,
        'POSTCODE_NOT_FOUND',
      );
      await expectHttpError(
        service.search({ searchType: 'radius', postcode: CENTRE_POSTCODE, radius: 5 }),
        400,
        'INVALID_RADIUS',
      );
      await expectHttpError(
        service.search({ searchType: 'radius', postcode: CENTRE_POSTCODE, startMonth: '2025-07' }),
        400,
        'MONTH_OUT_OF_RANGE',
      );
      await expectHttpError(
        service.search({ searchType: 'radius', postcode: CENTRE_POSTCODE, startMonth: '2025-13' }),
        400,
        'INVALID_PERIOD',
      );
    });
  });

  describe('neighbourhood', () => {
    it('counts crimes inside the boundary, not inside its bounding box', async () => {
      const result = await service.search({
        searchType: 'neighbourhood',
        forceId: 'metropolitan',
        neighbourhoodId: NEIGHBOURHOOD_ID,
        startMonth: 'RECENT_6_MONTHS',
      });
      const located = fixture.rows.filter((r) => r.lat !== null && r.lng !== null);
      const inside = located.filter((r) =>
        pointInPolygon({ lat: r.lat!, lng: r.lng! }, [NEIGHBOURHOOD_RING]),
      );
      const box = ringsBbox([NEIGHBOURHOOD_RING])!;
      const inBox = located.filter(
        (r) => r.lat! >= box.minLat && r.lat! <= box.maxLat && r.lng! >= box.minLng && r.lng! <= box.maxLng,
      );
      expect(inBox.length - inside.length).toBeGreaterThan(100);
      const expected = expectedStats(inside, fixture.populations);
      expect(result.stats.totalCrimes).toBe(expected.total);
      expect(categoryCounts(result)).toEqual(expected.byCategory);
      expect(result.stats.resolvedPercentage).toBe(expected.resolvedPercentage);
      expect(result.stats.population.total).toBe(expected.population);
      expect(result.stats.crimeRates.overallRate).toBe(expected.overallRate);
      expect(result.dataInfo.area).toMatchObject({
        label: 'L-shaped Ward, Metropolitan Police Service',
        neighbourhoodId: NEIGHBOURHOOD_ID,
        // The name as a fact, so that nothing reads it back out of the English label.
        neighbourhoodName: 'L-shaped Ward',
      });
      // As the alerts' subscription resolves it, for its confirmation mail and page.
      const resolved = await service.resolve({
        searchType: 'neighbourhood',
        forceId: 'metropolitan',
        neighbourhoodId: NEIGHBOURHOOD_ID,
      });
      expect(resolved.neighbourhoodName).toBe('L-shaped Ward');

      const { ids } = await allPages(service, {
        searchType: 'neighbourhood',
        forceId: 'metropolitan',
        neighbourhoodId: NEIGHBOURHOOD_ID,
        startMonth: 'RECENT_6_MONTHS',
      });
      expect([...ids].sort((a, b) => a - b)).toEqual(inside.map((r) => r.id).sort((a, b) => a - b));
    });

    it('answers 404 for an unknown neighbourhood, one without a boundary, or an unknown force', async () => {
      await expectHttpError(
        service.search({ searchType: 'neighbourhood', forceId: 'metropolitan', neighbourhoodId: 'nope' }),
        404,
        'NEIGHBOURHOOD_NOT_FOUND',
      );
      await expectHttpError(
        service.search({
          searchType: 'neighbourhood',
          forceId: 'metropolitan',
          neighbourhoodId: 'NO-BOUNDARY',
        }),
        404,
        'BOUNDARY_NOT_FOUND',
      );
      await expectHttpError(
        service.search({ searchType: 'neighbourhood', forceId: "x' OR '1'='1", neighbourhoodId: 'a' }),
        404,
        'FORCE_NOT_FOUND',
      );
      await expectHttpError(
        service.search({ searchType: 'neighbourhood', forceId: 'metropolitan' }),
        400,
        'NEIGHBOURHOOD_REQUIRED',
      );
    });
  });

  describe('force', () => {
    it('counts the whole force, located or not, and shows its missing month as no data', async () => {
      const result = await service.search({
        searchType: 'force',
        forceId: 'city-of-london',
        startMonth: 'RECENT_6_MONTHS',
      });
      const rows = fixture.rows.filter((r) => r.force_id === 'city-of-london');
      const expected = expectedStats(rows, fixture.populations);
      expect(result.stats.totalCrimes).toBe(expected.total);
      expect(categoryCounts(result)).toEqual(expected.byCategory);
      expect(result.stats.resolvedPercentage).toBe(expected.resolvedPercentage);
      expect(result.stats.population.total).toBe(expected.population);
      const march = result.stats.monthlyBreakdown.find((m) => m.month === '2025-03')!;
      expect(march).toMatchObject({ totalCrimes: null, hasData: false });
      expect(result.dataInfo.monthsWithoutData).toEqual(['2025-03']);
      expect(result.dataInfo.forcesWithoutData).toEqual([
        { id: 'city-of-london', name: 'City of London Police', months: ['2025-03'] },
      ]);
      // The trend compares the latest two months that have data.
      expect(result.stats.monthOverMonthChange?.comparisonMonths).toEqual(['2025-05', '2025-06']);

      const { ids } = await allPages(service, {
        searchType: 'force',
        forceId: 'city-of-london',
        startMonth: 'RECENT_6_MONTHS',
      });
      expect([...ids].sort((a, b) => a - b)).toEqual(rows.map((r) => r.id).sort((a, b) => a - b));
    });

    it('says no data, not zero, for a force that never reported', async () => {
      const result = await service.search({
        searchType: 'force',
        forceId: 'greater-manchester',
        startMonth: 'RECENT_3_MONTHS',
      });
      expect(result.stats.totalCrimes).toBeNull();
      expect(result.stats.resolvedPercentage).toBeNull();
      expect(result.dataInfo.monthsWithoutData).toHaveLength(3);
      await expectHttpError(
        service.search({ searchType: 'force', forceId: 'atlantis' }),
        404,
        'FORCE_NOT_FOUND',
      );
      await expectHttpError(service.search({ searchType: 'force' }), 400, 'FORCE_REQUIRED');
    });
  });

  it('lists the months held newest first', async () => {
    const dates = await service.availableDates();
    expect(dates.latestDateFormatted).toBe('June 2025');
    expect(dates.dates.map((d) => d.date)).toEqual([
      '2025-06',
      '2025-05',
      '2025-04',
      '2025-03',
      '2025-02',
      '2025-01',
    ]);
    expect(dates.dates.find((d) => d.date === '2025-03')).toMatchObject({ forces: 1, synthetic: true });
    expect(dates.dates.find((d) => d.date === '2025-06')).toMatchObject({ forces: 2, label: 'June 2025' });
  });

  it('files every map point under the cell part that holds it', async () => {
    const [rows] = await db.sequelize.query('SELECT part, lat, lng FROM crime_points');
    const points = rows as { part: unknown; lat: number; lng: number }[];
    expect(points.length).toBeGreaterThan(1000);
    for (const p of points) {
      const b = partBounds(Number(p.part));
      expect(Math.floor(Number(p.part) / PARTS_PER_CELL)).toBe(cellOf(p.lat, p.lng));
      expect(p.lat).toBeGreaterThanOrEqual(b.minLat - 1e-9);
      expect(p.lat).toBeLessThanOrEqual(b.maxLat + 1e-9);
      expect(p.lng).toBeGreaterThanOrEqual(b.minLng - 1e-9);
      expect(p.lng).toBeLessThanOrEqual(b.maxLng + 1e-9);
    }
  });

  it('rebuilds the same aggregates from scratch, and migrations 0002, 0013 and 0016 from the crimes they found, as the per-force-month refresh made', async () => {
    const snapshot = async () => {
      const tables: Record<string, unknown[]> = {};
      for (const table of SEARCH_AGGREGATE_TABLES) {
        const [rows] = await db.sequelize.query(`SELECT * FROM ${table}`);
        tables[table] = (rows as Record<string, unknown>[])
          .map((r) =>
            JSON.stringify(
              Object.fromEntries(
                Object.entries(r).map(([k, v]) => [
                  k,
                  typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v,
                ]),
              ),
            ),
          )
          .sort();
      }
      return tables;
    };
    const incremental = await snapshot();
    await rebuildSearchAggregates(db.sequelize);
    expect(await snapshot()).toEqual(incremental);
    // The migrations' own way for a store that had crimes: 0002 filled its tables from them, then
    // 0013 turned the part and cell counts into month rows (its down rebuilds the part counts from
    // the crimes, 0016's down the cell counts).
    const context = { sequelize: db.sequelize, queryInterface: db.sequelize.getQueryInterface() };
    await cellMonthsByForce.down(context);
    // 0016's down brought back the cell counts per category: the same crimes as the month rows.
    const key = (r: Record<string, unknown>) => `${Number(r.cell)}|${Number(r.month)}|${String(r.force_id)}`;
    const [cellCounts] = await db.sequelize.query(
      'SELECT cell, month, force_id, category, crimes, resolved FROM crime_cell_counts',
    );
    const [cellMonths] = await db.sequelize.query('SELECT * FROM crime_cell_months');
    const fromCounts = new Map<string, number>();
    const resolvedFromCounts = new Map<string, number>();
    for (const r of cellCounts as Record<string, unknown>[]) {
      fromCounts.set(`${key(r)}|${Number(r.category)}`, Number(r.crimes));
      resolvedFromCounts.set(key(r), (resolvedFromCounts.get(key(r)) ?? 0) + Number(r.resolved));
    }
    const fromMonths = new Map<string, number>();
    const resolvedFromMonths = new Map<string, number>();
    for (const r of cellMonths as Record<string, unknown>[]) {
      resolvedFromMonths.set(key(r), Number(r.resolved));
      for (const code of MONTH_ROW_CODES) {
        const crimes = Number(r[crimesColumn(code)]);
        if (crimes > 0) fromMonths.set(`${key(r)}|${code}`, crimes);
      }
    }
    expect(fromCounts.size).toBeGreaterThan(100);
    expect(fromCounts).toEqual(fromMonths);
    expect(resolvedFromCounts).toEqual(resolvedFromMonths);
    await monthRows.down(context);
    for (const table of [
      'crime_cell_counts',
      'crime_part_counts',
      'crime_points',
      'crime_force_counts',
      'crime_locations',
      'force_lsoas',
      'cell_forces',
    ]) {
      await db.sequelize.query(`DELETE FROM ${table}`);
    }
    await fillFromExistingCrimes(db.sequelize);
    await monthRows.up(context);
    await cellMonthsByForce.up(context);
    expect(await snapshot()).toEqual(incremental);
  });
});

describe.each(testDialects)('search service on an empty %s store', (dialect) => {
  it('answers 404 with how to get data', async () => {
    const db = await createTestDatabase(dialect);
    try {
      const service = createSearchService({
        sequelize: db.sequelize,
        postcodes: createPostcodeService({ sequelize: db.sequelize }),
        policeClock: createPoliceClockService({ sequelize: db.sequelize }),
        areaClocks: new Map(),
      });
      await expectHttpError(service.search({ searchType: 'force', forceId: 'kent' }), 404, 'NO_DATA');
      expect(await service.availableDates()).toEqual({ dates: [], latestDateFormatted: null });
    } finally {
      await db.drop();
    }
  });
});
