import { describe, expect, it } from 'vitest';
import type { ClockApiResponse } from '../../../common/clock/types.ts';
import { readTick } from '../../../common/realtime/tick.ts';
import { REALTIME_READ_HEADER, realtimeReadToken } from '../../../server-common/security/realtime-reads.ts';
import { appOnTestDatabase } from '../../../tests/support/app-on-database.ts';
import { testDialects } from '../../../tests/support/database.ts';
import { leases } from '../db/window-counters.ts';
import { createInFlightPerAddress } from '../http/in-flight-per-address.ts';
import {
  CENTRE_POSTCODE,
  MANCHESTER_POSTCODE,
  NEIGHBOURHOOD_ID,
  loadFixture,
  type LoadedFixture,
} from '../../../tests/support/search-fixture.ts';

const ASB = 1;
/** The key the API and the realtime server share (SECRET_KEY). */
const SECRET_KEY = Buffer.alloc(32, 5);
const REALTIME = { [REALTIME_READ_HEADER]: realtimeReadToken(SECRET_KEY) };
/** SEARCHES_PER_ADDRESS's default. */
const PLACES = 4;
const annualTotal = (answer: ClockApiResponse) =>
  answer.definition.categories.reduce((sum, c) => sum + c.annualCount, 0);

describe.each(testDialects)('the police clock of an area, on %s', (dialect) => {
  let fixture: LoadedFixture;
  const ctx = appOnTestDatabase(dialect, {
    seed: async (db) => void (fixture = await loadFixture(db.sequelize)),
    secretKey: { key: SECRET_KEY, keyId: 'test', source: 'test key' },
  });

  const search = (payload: object) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/crimes/search',
      headers: { origin: 'http://localhost' },
      payload,
    });
  const areaClock = (area: string, from?: { address?: string; headers?: Record<string, string> }) =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/area-clock?area=${encodeURIComponent(area)}`,
      ...(from?.address ? { remoteAddress: from.address } : {}),
      headers: from?.headers ?? {},
    });

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

    const national = (await ctx.app.inject({ method: 'GET', url: '/api/police-clock' })).json();
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
    // The neighbourhood's own name beside the label, for pages that word its force themselves.
    expect(ward.json().definition.meta.neighbourhoodName).toBe('L-shaped Ward');
    expect(postcode.json().definition.meta).not.toHaveProperty('neighbourhoodName');
    expect(annualTotal(ward.json())).toBeLessThan(annualTotal(postcode.json()) * 3);
  });

  it('builds an area clock again when the police data changes', async () => {
    const first = (await areaClock('force:city-of-london')).json();
    expect((await areaClock('force:city-of-london')).json().definition.version).toBe(
      first.definition.version,
    );
    // What an import leaves behind: street months with a new import time.
    await ctx.db.sequelize.query('UPDATE dataset_months SET imported_at = ? WHERE month = 202506', {
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

  it("counts a visitor's reads as searches: past SEARCHES_PER_ADDRESS at once a clear 429, never a 500", async () => {
    const address = '203.0.113.40';
    // The realtime server's reads go first, from the same address: they take none of its places.
    const [realtime, visitors] = await Promise.all([
      Promise.all(
        Array.from({ length: 10 }, () => areaClock('force:metropolitan', { address, headers: REALTIME })),
      ),
      Promise.all(Array.from({ length: 40 }, () => areaClock('force:metropolitan', { address }))),
    ]);
    expect(realtime.map((res) => res.statusCode)).toEqual(Array(10).fill(200));
    expect(visitors.filter((res) => res.statusCode === 200)).toHaveLength(PLACES);
    const refused = visitors.filter((res) => res.statusCode !== 200);
    expect(refused).toHaveLength(40 - PLACES);
    for (const res of refused) {
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toBe('1');
      expect(res.json()).toMatchObject({
        code: 'TOO_MANY_AT_ONCE',
        error: `At most ${PLACES} searches at once from one address: wait for one to finish.`,
      });
    }
  });

  it("shares the address's places with its searches; the realtime server is neither starved nor counted", async () => {
    // Another API node holds every place of the address (searches under way there).
    const otherNode = createInFlightPerAddress({
      leases: leases(ctx.db.sequelize),
      // The same app's other node: the same SECRET_KEY, so the same address hash.
      addressHash: ctx.app.addressHash,
      name: 'search',
      perAddress: PLACES,
      refusal: { code: 'TOO_MANY_AT_ONCE', what: 'searches', retryAfterSeconds: 1 },
    });
    const address = '198.51.100.41';
    const held = await Promise.all(Array.from({ length: PLACES }, () => otherNode.take(address)));
    try {
      expect(held.every((release) => release !== undefined)).toBe(true);
      const refused = await areaClock('force:metropolitan', { address });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('TOO_MANY_AT_ONCE');
      // A token that is not the realtime server's is a visitor's read like any other.
      const forged = await areaClock('force:metropolitan', {
        address,
        headers: { [REALTIME_READ_HEADER]: realtimeReadToken(Buffer.alloc(32, 6)) },
      });
      expect(forged.statusCode).toBe(429);
      const realtime = await areaClock('force:metropolitan', { address, headers: REALTIME });
      expect(realtime.statusCode, realtime.body).toBe(200);
      const elsewhere = await areaClock('force:metropolitan', { address: '198.51.100.42' });
      expect(elsewhere.statusCode).toBe(200);
    } finally {
      await Promise.all(held.map((release) => release?.()));
    }
    const freed = await areaClock('force:metropolitan', { address });
    expect(freed.statusCode, freed.body).toBe(200);
  });

  it("answers only the product's own pages among browsers, as the search does", async () => {
    const address = '203.0.113.60';
    const ownPage = { 'sec-fetch-site': 'same-origin', referer: 'http://localhost/police-crime-clock' };
    expect((await areaClock('force:metropolitan', { address, headers: ownPage })).statusCode).toBe(200);
    const foreign: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
      { referer: 'https://evil.example/page' },
    ];
    for (const headers of foreign) {
      const res = await areaClock('force:metropolitan', { address, headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json().code).toBe('CSRF');
    }
    const foreignSearch = await ctx.app.inject({
      method: 'POST',
      url: '/api/crimes/search',
      headers: { origin: 'https://evil.example' },
      payload: { searchType: 'force', forceId: 'metropolitan', radius: 1 },
    });
    expect(foreignSearch.statusCode).toBe(403);
  });
});

describe.each(testDialects)('the police clock of an area in an empty store, on %s', (dialect) => {
  const ctx = appOnTestDatabase(dialect);

  it("is refused as the area's search is: 404 NO_DATA, a state that passes, not NO_AREA_DATA", async () => {
    const clock = await ctx.app.inject({ method: 'GET', url: '/api/area-clock?area=force%3Akent' });
    expect(clock.statusCode, clock.body).toBe(404);
    const search = await ctx.app.inject({
      method: 'POST',
      url: '/api/crimes/search',
      headers: { origin: 'http://localhost' },
      payload: { searchType: 'force', forceId: 'kent', radius: 1 },
    });
    expect(search.statusCode).toBe(404);
    expect(clock.json()).toEqual(search.json());
    expect(clock.json().code).toBe('NO_DATA');
    // The area's own refusal still comes first.
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: '/api/area-clock?area=neighbourhood%3Akent%3AZZ99',
    });
    expect(unknown.json().code).toBe('NEIGHBOURHOOD_NOT_FOUND');
    // The area's preview image, drawn from the same clock, has none to show yet, as the national one.
    for (const query of ['clock=police-crime-clock&area=force%3Akent', 'clock=police-crime-clock']) {
      const image = await ctx.app.inject({ method: 'GET', url: `/api/og/clock.png?${query}` });
      expect(image.statusCode, query).toBe(404);
      expect(image.json().code, query).toBe('NO_CLOCK_DATA');
    }
  });
});
