import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../../common/config/config.ts';
import { categoryFromCode } from '../../../common/crime/categories.ts';
import { cellBounds, cellOf } from '../../../common/geo/grid.ts';
import type { MarkCrimesResponse } from '../../../common/contracts/search.ts';
import type { SearchMapResponse } from '../../../common/map/marks.ts';
import { METRES_PER_MILE } from '../../../common/search/geometry.ts';
import type { SearchRequestBody } from '../../../common/search/types.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '../../../tests/support/database.ts';
import { buildApp, type App } from '../app.ts';
import { createPostcodeService } from '../postcodes/postcode-service.ts';
import { createPoliceClockService } from '../clocks/police-clock-service.ts';
import { createMapService, type MapService } from './map-service.ts';
import { createSearchService } from './search-service.ts';
import {
  CENTRE,
  CENTRE_POSTCODE,
  NEIGHBOURHOOD_ID,
  NEIGHBOURHOOD_RING,
  cosineLawMetres,
  loadFixture,
  type LoadedFixture,
} from '../../../tests/support/search-fixture.ts';

type Row = LoadedFixture['rows'][number];

const PERIOD = { startMonth: '2025-02', endMonth: '2025-05' };
const inPeriod = (r: Row) => r.month >= 202502 && r.month <= 202505;
const RADIUS: SearchRequestBody = { searchType: 'radius', postcode: CENTRE_POSTCODE, ...PERIOD };
const NEIGHBOURHOOD: SearchRequestBody = {
  searchType: 'neighbourhood',
  forceId: 'metropolitan',
  neighbourhoodId: NEIGHBOURHOOD_ID,
  ...PERIOD,
};
const FORCE: SearchRequestBody = { searchType: 'force', forceId: 'city-of-london', ...PERIOD };

/** The L-shaped ward from its own corners: the whole box but its north-east quarter. */
function inL(r: Row): boolean {
  const lngs = NEIGHBOURHOOD_RING.map((p) => p[0]);
  const lats = NEIGHBOURHOOD_RING.map((p) => p[1]);
  const [west, east] = [Math.min(...lngs), Math.max(...lngs)];
  const [south, north] = [Math.min(...lats), Math.max(...lats)];
  const [notchLng, notchLat] = [NEIGHBOURHOOD_RING[3]![0], NEIGHBOURHOOD_RING[3]![1]];
  if (r.lat === null || r.lng === null) return false;
  if (r.lng <= west || r.lng >= east || r.lat <= south || r.lat >= north) return false;
  return !(r.lng > notchLng && r.lat > notchLat);
}

/** Crimes per location key "lat,lng" and category slug. */
function byLocation(rows: readonly Row[]): Map<string, Record<string, number>> {
  const out = new Map<string, Record<string, number>>();
  for (const r of rows) {
    const key = `${r.lat},${r.lng}`;
    const counts = out.get(key) ?? {};
    const slug = categoryFromCode(r.category)!.slug;
    counts[slug] = (counts[slug] ?? 0) + 1;
    out.set(key, counts);
  }
  return out;
}

async function everyCrimeOf(maps: MapService, request: SearchRequestBody, mark: string, categories?: string) {
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const res = await maps.markCrimes(request, mark, { page, categories });
    ids.push(...res.data.map((c) => c.id));
    if (page >= res.pagination.pages) return { ids, total: res.pagination.total };
  }
}

describe.each(testDialects)('search map on %s', (dialect) => {
  let db: TestDatabase;
  let fixture: LoadedFixture;
  let maps: MapService;
  let hexMaps: MapService;
  let app: App;
  const inCircle = (r: Row) =>
    r.lat !== null &&
    r.lng !== null &&
    cosineLawMetres(CENTRE, { lat: r.lat, lng: r.lng }) <= METRES_PER_MILE;

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    fixture = await loadFixture(db.sequelize);
    const search = createSearchService({
      sequelize: db.sequelize,
      postcodes: createPostcodeService({ sequelize: db.sequelize }),
      policeClock: createPoliceClockService({ sequelize: db.sequelize }),
      areaClocks: new Map(),
    });
    maps = createMapService(search);
    hexMaps = createMapService(search, { maxPoints: 100 });
    app = await buildApp({ config: parseConfig({ DATABASE_URL: db.url }), sequelize: db.sequelize });
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('draws a radius search as its circle and one mark per location, counted per category', async () => {
    const map = await maps.map(RADIUS);
    expect(map.outline).toMatchObject({
      kind: 'circle',
      radiusMetres: METRES_PER_MILE,
      label: '1 mile around SW1A 1AA',
    });
    expect(map.binning).toEqual({ kind: 'points' });
    const expected = byLocation(fixture.rows.filter((r) => inCircle(r) && inPeriod(r)));
    expect(map.locations).toBe(expected.size);
    expect(new Map(map.marks.map((m) => [`${m.lat},${m.lng}`, m.counts]))).toEqual(expected);
    expect(map.mappedCrimes).toBe(fixture.rows.filter((r) => inCircle(r) && inPeriod(r)).length);
  });

  it("lists a point's crimes newest first, only those of the shown categories when asked", async () => {
    const map = await maps.map(RADIUS);
    const busiest = map.marks[0]!;
    const expected = fixture.rows
      .filter((r) => inCircle(r) && inPeriod(r) && r.lat === busiest.lat && r.lng === busiest.lng)
      .sort((a, b) => b.month - a.month || b.id - a.id);
    const listed = await everyCrimeOf(maps, RADIUS, busiest.id);
    expect(listed.total).toBe(busiest.total);
    expect(listed.ids).toEqual(expected.map((r) => r.id));
    const [slug] = Object.keys(busiest.counts);
    const only = await everyCrimeOf(maps, RADIUS, busiest.id, slug);
    expect(only.ids).toEqual(
      expected.filter((r) => categoryFromCode(r.category)!.slug === slug).map((r) => r.id),
    );
  });

  it('groups locations into hexagons past the limit, and each hexagon lists exactly its crimes', async () => {
    const map = await hexMaps.map(RADIUS);
    expect(map.binning).toMatchObject({ kind: 'hexagons', by: 'point' });
    expect(map.locations).toBeGreaterThan(100);
    expect(map.marks.length).toBeLessThan(map.locations);
    expect(map.mappedCrimes).toBe(fixture.rows.filter((r) => inCircle(r) && inPeriod(r)).length);
    let listed = 0;
    for (const mark of map.marks.slice(0, 8)) {
      const crimes = await everyCrimeOf(hexMaps, RADIUS, mark.id);
      expect(crimes.total, mark.id).toBe(mark.total);
      listed += crimes.total;
    }
    expect(listed).toBeGreaterThan(0);
  });

  it('draws a neighbourhood as its boundary with the crimes inside it', async () => {
    const map = await maps.map(NEIGHBOURHOOD);
    expect(map.outline).toMatchObject({
      kind: 'polygons',
      label: 'L-shaped Ward, Metropolitan Police Service',
    });
    const expected = byLocation(fixture.rows.filter((r) => inL(r) && inPeriod(r)));
    expect(new Map(map.marks.map((m) => [`${m.lat},${m.lng}`, m.counts]))).toEqual(expected);
  });

  it("draws a force in hexagons of its grid cells, framed by its crimes' area, and lists a hexagon's crimes", async () => {
    const map = await maps.map(FORCE);
    expect(map.binning).toMatchObject({ kind: 'hexagons', by: 'cell' });
    expect(map.outline?.kind).toBe('box');
    expect(map.outline?.label).toMatch(/no force boundary is stored/);
    const located = fixture.rows.filter(
      (r) => r.force_id === 'city-of-london' && r.cell !== null && inPeriod(r),
    );
    expect(map.mappedCrimes).toBe(located.length);
    expect(map.locations).toBe(new Set(located.map((r) => r.cell)).size);
    const box = map.outline?.kind === 'box' ? map.outline.box : undefined;
    for (const r of located) {
      const b = cellBounds(cellOf(r.lat, r.lng)!);
      expect(b.minLat).toBeGreaterThanOrEqual(box!.minLat - 1e-9);
      expect(b.maxLng).toBeLessThanOrEqual(box!.maxLng + 1e-9);
    }
    let listed = 0;
    for (const mark of map.marks) {
      const crimes = await everyCrimeOf(maps, FORCE, mark.id);
      expect(crimes.total, mark.id).toBe(mark.total);
      listed += crimes.total;
    }
    expect(listed).toBe(located.length);
  });

  it("names and outlines the store's neighbourhoods that reach into the map, and no others", async () => {
    const query = (request: SearchRequestBody) =>
      new URLSearchParams(request as Record<string, string>).toString();
    const res = await app.inject({ method: 'GET', url: `/api/crimes/map?${query(NEIGHBOURHOOD)}` });
    expect(res.statusCode, res.body).toBe(200);
    const { places } = res.json() as SearchMapResponse;
    // The ward itself; not Manchester's, far away, nor the ward with no boundary or box.
    expect(places.map((p) => p.name)).toEqual(['L-shaped Ward']);
    expect(places[0]!.rings).toEqual([NEIGHBOURHOOD_RING.map(([lng, lat]) => [lng, lat])]);
    const lats = NEIGHBOURHOOD_RING.map((p) => p[1]);
    expect(places[0]!.at.lat).toBeCloseTo((Math.min(...lats) + Math.max(...lats)) / 2, 9);
    // A service made without the store's places draws none.
    expect((await maps.map(NEIGHBOURHOOD)).places).toEqual([]);
  });

  it('answers over HTTP, with 4xx for a mark the map does not have and an unknown category', async () => {
    const query = (extra: Record<string, string>) =>
      new URLSearchParams({ ...(RADIUS as Record<string, string>), ...extra }).toString();
    const res = await app.inject({ method: 'GET', url: `/api/crimes/map?${query({})}` });
    expect(res.statusCode, res.body).toBe(200);
    const map = res.json() as SearchMapResponse;
    expect(map.marks.length).toBeGreaterThan(0);
    const mark = map.marks[0]!.id;
    const listed = await app.inject({
      method: 'GET',
      url: `/api/crimes/map/crimes?${query({ mark, page: '1' })}`,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect((listed.json() as MarkCrimesResponse).pagination.total).toBe(map.marks[0]!.total);
    for (const [extra, status, code] of [
      [{ mark: 'h1,2' }, 404, 'MARK_NOT_FOUND'],
      [{ mark: 'nonsense' }, 404, 'MARK_NOT_FOUND'],
      [{ mark, categories: 'burglary,made-up' }, 400, 'INVALID_CATEGORY'],
      [{ mark, page: '0' }, 400, undefined],
    ] as const) {
      const bad = await app.inject({ method: 'GET', url: `/api/crimes/map/crimes?${query(extra)}` });
      expect(bad.statusCode, bad.body).toBe(status);
      if (code) expect(bad.json()).toMatchObject({ code });
    }
    const badSearch = await app.inject({
      method: 'GET',
      url: `/api/crimes/map?${query({ postcode: 'NOT A CODE' })}`,
    });
    expect(badSearch.statusCode).toBe(400);
  });
});
