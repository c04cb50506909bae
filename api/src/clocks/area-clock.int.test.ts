import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClockApiResponse } from '../../../common/clock/types.ts';
import { parseConfig } from '../../../common/config/config.ts';
import { readTick } from '../../../common/realtime/tick.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '../../../tests/support/database.ts';
import { buildApp, type App } from '../app.ts';
import {
  CENTRE_POSTCODE,
  MANCHESTER_POSTCODE,
  NEIGHBOURHOOD_ID,
  loadFixture,
  type LoadedFixture,
} from '../../../tests/support/search-fixture.ts';

const ASB = 1;
const annualTotal = (answer: ClockApiResponse) =>
  answer.definition.categories.reduce((sum, c) => sum + c.annualCount, 0);

describe.each(testDialects)('the police clock of an area, on %s', (dialect) => {
  let db: TestDatabase;
  let app: App;
  let fixture: LoadedFixture;

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    fixture = await loadFixture(db.sequelize);
    app = await buildApp({ config: parseConfig({ DATABASE_URL: db.url }), sequelize: db.sequelize });
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  const search = (payload: object) =>
    app.inject({
      method: 'POST',
      url: '/api/crimes/search',
      headers: { origin: 'http://localhost' },
      payload,
    });
  const areaClock = (area: string) =>
    app.inject({ method: 'GET', url: `/api/area-clock?area=${encodeURIComponent(area)}` });

  it('answers the "default" search over the whole store with the national police clock', async () => {
    const res = await search({ searchType: 'default', startMonth: 'RECENT_6_MONTHS' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.dataInfo).toMatchObject({
      searchType: 'default',
      totalMonths: 6,
      area: { label: 'Every force in the store' },
    });
    expect(body.stats.totalCrimes).toBe(fixture.rows.length);
    expect(body.data).toHaveLength(10);

    const national = (await app.inject({ method: 'GET', url: '/api/police-clock' })).json();
    const clock = body.clockData as ClockApiResponse;
    expect(clock.definition.version).toBe(national.definition.version);
    expect(clock.areaName).toBe(national.areaName);
    expect(readTick(clock.tick)?.v).toBe(national.tick[1]);
  });

  it("answers a force search with the force's own clock: its last 12 months with data, annualised", async () => {
    const res = await search({
      searchType: 'force',
      forceId: 'metropolitan',
      radius: 1,
      startMonth: 'RECENT_6_MONTHS',
    });
    expect(res.statusCode, res.body).toBe(200);
    const clock = res.json().clockData as ClockApiResponse;
    expect(clock.areaName).toBe('Metropolitan Police Service');
    // Six months held, all inside the 12-month window: count / 6 × 12, anti-social behaviour apart.
    const crimes = fixture.rows.filter((r) => r.force_id === 'metropolitan' && r.category !== ASB).length;
    expect(annualTotal(clock)).toBeCloseTo((crimes / 6) * 12, 6);
    expect(clock.latestDataMonth).toBe('2025-06');

    // The realtime server's read gives the very same clock.
    const direct = await areaClock('force:metropolitan');
    expect(direct.statusCode).toBe(200);
    expect(direct.json().definition.version).toBe(clock.definition.version);
  });

  it('builds postcode and neighbourhood clocks, each named after its area', async () => {
    const postcode = await areaClock('postcode:sw1a1aa');
    expect(postcode.statusCode, postcode.body).toBe(200);
    expect(postcode.json().areaName).toBe(`1 mile around ${CENTRE_POSTCODE}`);
    const viaSearch = await search({ searchType: 'radius', postcode: CENTRE_POSTCODE, radius: 1 });
    expect(viaSearch.json().clockData.definition.version).toBe(postcode.json().definition.version);

    const ward = await areaClock(`neighbourhood:metropolitan:${NEIGHBOURHOOD_ID}`);
    expect(ward.statusCode, ward.body).toBe(200);
    expect(ward.json().areaName).toBe('L-shaped Ward, Metropolitan Police Service');
    expect(annualTotal(ward.json())).toBeLessThan(annualTotal(postcode.json()) * 3);
  });

  it('builds an area clock again when the police data changes', async () => {
    const first = (await areaClock('force:city-of-london')).json();
    expect((await areaClock('force:city-of-london')).json().definition.version).toBe(
      first.definition.version,
    );
    // What an import leaves behind: street months with a new import time.
    await db.sequelize.query('UPDATE dataset_months SET imported_at = ? WHERE month = 202506', {
      replacements: [new Date(Date.now() + 120_000)],
    });
    const next = (await areaClock('force:city-of-london')).json();
    expect(next.definition.version).not.toBe(first.definition.version);
    expect(next.lastUpdated).not.toBe(first.lastUpdated);
  });

  it('refuses a malformed area with 400 and an area without data with 404', async () => {
    for (const bad of [
      '',
      'force:atlantis',
      'postcode:NOT A POSTCODE',
      'county:kent',
      'neighbourhood:kent',
      'x'.repeat(300),
    ]) {
      const res = await areaClock(bad);
      expect(res.statusCode, bad).toBe(400);
    }
    const manchester = await areaClock(`postcode:${MANCHESTER_POSTCODE}`);
    expect(manchester.statusCode).toBe(404);
    expect(manchester.json().code).toBe('NO_AREA_DATA');
    expect((await areaClock('neighbourhood:metropolitan:NOPE')).json().code).toBe('NEIGHBOURHOOD_NOT_FOUND');
    // A search of such an area still answers; its clock is null, not an error.
    const res = await search({ searchType: 'radius', postcode: MANCHESTER_POSTCODE, radius: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json().clockData).toBeNull();
  });
});
