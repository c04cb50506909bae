import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METRES_PER_MILE } from '../../../common/search/geometry.ts';
import { isResolvedOutcome } from '../../../tests/support/outcomes.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '../../../tests/support/database.ts';
import {
  CENTRE,
  MONTHS,
  destination,
  loadFixture,
  type LoadedFixture,
} from '../../../tests/support/search-fixture.ts';
import { Rng } from '../../../common/random/rng.ts';
import { radiusArea } from './area-radius.ts';

/** Metres between two points on a sphere of the mean Earth radius, written out plainly. */
function haversineDistance(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.sqrt(h));
}

/**
 * Whatever the aggregates do (whole cells, month rows of whole parts, exact points on the edge),
 * a radius search must count exactly the crimes a plain haversine test over every row counts:
 * random centres around the fixture's crimes, so circles cut cells and parts every way, and
 * random periods, one-month ones included.
 */
describe.each(testDialects)('radius counts against a plain haversine count on %s', (dialect) => {
  let db: TestDatabase;
  let fixture: LoadedFixture;

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    fixture = await loadFixture(db.sequelize);
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('matches per month and category, and in resolved crimes, for 40 random circles and periods', async () => {
    const rng = new Rng(20261125);
    for (let i = 0; i < 40; i++) {
      const centre = destination(CENTRE, 2200 * Math.sqrt(rng.next()), rng.next() * 360);
      const a = MONTHS[Math.floor(rng.next() * MONTHS.length)]!;
      const b = MONTHS[Math.floor(rng.next() * MONTHS.length)]!;
      const [windowStart, end] = a <= b ? [a, b] : [b, a];

      const expected = new Map<string, number>();
      const resolved = new Map<number, number>();
      for (const row of fixture.rows) {
        if (row.lat === null || row.lng === null || row.month < windowStart || row.month > end) continue;
        if (haversineDistance(centre, { lat: row.lat, lng: row.lng }) > METRES_PER_MILE) continue;
        const key = `${row.month}|${row.category}`;
        expected.set(key, (expected.get(key) ?? 0) + 1);
        if (isResolvedOutcome(row.outcome)) resolved.set(row.month, (resolved.get(row.month) ?? 0) + 1);
      }

      const summary = await radiusArea(db.sequelize, centre, METRES_PER_MILE).summary({ windowStart, end });
      const found = new Map(summary.counts.map((c) => [`${c.month}|${c.category}`, c.crimes]));
      const sorted = <T>(m: Map<T, number>) =>
        [...m].sort((x, y) => String(x[0]).localeCompare(String(y[0])));
      const where = `circle ${i} at ${centre.lat.toFixed(5)},${centre.lng.toFixed(5)}, ${windowStart}-${end}`;
      expect(sorted(found), where).toEqual(sorted(expected));
      expect(sorted(new Map(summary.resolvedByMonth)), where).toEqual(sorted(resolved));
      expect(expected.size, where).toBeGreaterThan(0);
    }
  });
});
