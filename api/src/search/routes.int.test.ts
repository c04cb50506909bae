import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../../common/config/config.ts';
import { MAX_PAGE, MAX_PAGE_SIZE } from '../../../common/contracts/paging.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '../../../tests/support/database.ts';
import { buildApp, type App } from '../app.ts';
import { composePoliceApi } from '../composition/police-api.ts';
import { startPoliceApiDouble, type PoliceApiDouble } from '../../../tests/support/police-api/double.ts';
import { CENTRE_POSTCODE, NEIGHBOURHOOD_ID, loadFixture } from '../../../tests/support/search-fixture.ts';

const HUGE = 'A'.repeat(100_000);
const SQL = "x'; DROP TABLE crimes; --";

describe.each(testDialects)('search, postcode and force routes on %s', (dialect) => {
  let db: TestDatabase;
  let app: App;
  let police: PoliceApiDouble;

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    await loadFixture(db.sequelize);
    police = await startPoliceApiDouble();
    app = await buildApp({
      config: parseConfig({ DATABASE_URL: db.url, POLICE_API_URL: police.baseUrl }),
      sequelize: db.sequelize,
      policeApi: composePoliceApi({
        baseUrl: police.baseUrl,
        sequelize: db.sequelize,
        timeoutMs: 500,
        retry: { maxAttempts: 1 },
      }),
    });
  });
  afterAll(async () => {
    await app?.close();
    await police?.close();
    await db?.drop();
  });

  // The app's CSRF check wants to know the sending page, as a browser always says.
  const ORIGIN = { origin: 'http://localhost' };
  const search = (payload: unknown) =>
    app.inject({ method: 'POST', url: '/api/crimes/search', headers: ORIGIN, payload: payload as object });

  function expectError(res: Awaited<ReturnType<App['inject']>>, status: number) {
    expect(res.statusCode, res.body).toBe(status);
    const body = res.json();
    expect(body).toMatchObject({ success: false, error: expect.any(String), code: expect.any(String) });
    return body as { error: string; code: string };
  }

  it('searches by postcode, neighbourhood and force', async () => {
    const radius = await search({
      searchType: 'radius',
      postcode: CENTRE_POSTCODE,
      radius: 1,
      startMonth: 'RECENT_3_MONTHS',
      endMonth: '',
    });
    expect(radius.statusCode).toBe(200);
    expect(radius.json()).toMatchObject({
      success: true,
      pagination: { page: 1, pageSize: 10 },
      dataInfo: { radius: 1 },
    });
    expect(radius.json().data).toHaveLength(10);

    const neighbourhood = await search({
      searchType: 'neighbourhood',
      forceId: 'metropolitan',
      neighbourhoodId: NEIGHBOURHOOD_ID,
      page: 2,
      pageSize: 25,
    });
    expect(neighbourhood.statusCode).toBe(200);
    // JSON numbers as numbers: text where a number belongs is refused, not coerced.
    const asText = await search({ searchType: 'force', forceId: 'city-of-london', page: '2' });
    expect(asText.statusCode).toBe(400);
    expect(neighbourhood.json().pagination).toMatchObject({ page: 2, pageSize: 25 });

    const force = await search({
      searchType: 'force',
      forceId: 'city-of-london',
      startMonth: '2025-01',
      endMonth: '2025-06',
    });
    expect(force.statusCode).toBe(200);
    expect(force.json().dataInfo.monthsWithoutData).toEqual(['2025-03']);
  });

  it('gives the toast texts for the four form mistakes', async () => {
    expect(expectError(await search({ searchType: 'radius', postcode: '' }), 400)).toMatchObject({
      code: 'POSTCODE_REQUIRED',
      error: 'Please enter a UK postcode for radius search',
    });
    expect(expectError(await search({ searchType: 'radius', postcode: 'HELLO' }), 400).code).toBe(
      'INVALID_POSTCODE',
    );
    expect(expectError(await search({ searchType: 'neighbourhood', forceId: 'kent' }), 400).code).toBe(
      'NEIGHBOURHOOD_REQUIRED',
    );
    expect(expectError(await search({ searchType: 'force' }), 400).code).toBe('FORCE_REQUIRED');
  });

  it.each([
    ['a string body', '"radius"', 400],
    ['an array body', [1, 2], 400],
    ['an unknown search type', { searchType: 'county' }, 400],
    ['a numeric search type', { searchType: 7 }, 400],
    ['a huge postcode', { postcode: HUGE }, 400],
    ['SQL as a postcode', { postcode: "SW1A 1AA' OR '1'='1" }, 400],
    ['an object as a force', { searchType: 'force', forceId: { $ne: 1 } }, 400],
    ['a huge force id', { searchType: 'force', forceId: HUGE }, 400],
    ['SQL as a force id', { searchType: 'force', forceId: SQL }, 404],
    ['an unknown force', { searchType: 'force', forceId: 'atlantis' }, 404],
    [
      'SQL as a neighbourhood id',
      { searchType: 'neighbourhood', forceId: 'metropolitan', neighbourhoodId: SQL },
      404,
    ],
    ['a radius other than 1 mile', { postcode: CENTRE_POSTCODE, radius: 10 }, 400],
    ['a text radius', { postcode: CENTRE_POSTCODE, radius: 'far' }, 400],
    ['month 13', { postcode: CENTRE_POSTCODE, startMonth: '2025-13' }, 400],
    [
      'a month before police data',
      { postcode: CENTRE_POSTCODE, startMonth: '1999-01', endMonth: '1999-02' },
      400,
    ],
    ['a month after the latest held', { postcode: CENTRE_POSTCODE, startMonth: '2030-01' }, 400],
    ['a reversed range', { postcode: CENTRE_POSTCODE, startMonth: '2025-05', endMonth: '2025-02' }, 400],
    ['SQL as a month', { postcode: CENTRE_POSTCODE, startMonth: "2025-01' OR 1=1 --" }, 400],
    ['an unknown but valid postcode', { postcode: 'ZZ9 9ZZ' }, 404],
  ])('answers %s with the error shape', async (_name, payload, status) => {
    const res =
      typeof payload === 'string'
        ? await app.inject({
            method: 'POST',
            url: '/api/crimes/search',
            headers: { ...ORIGIN, 'content-type': 'application/json' },
            payload,
          })
        : await search(payload);
    expectError(res, status);
  });

  // The contract's schema is the one check of the paging (common/contracts/paging.ts).
  it.each([
    ['page', 0],
    ['page', -1],
    ['page', MAX_PAGE + 1],
    ['page', 1.5],
    ['page', 'two'],
    ['page', '2'],
    ['page', null],
    ['pageSize', 0],
    ['pageSize', MAX_PAGE_SIZE + 1],
    ['pageSize', 100_000],
    ['pageSize', 2.5],
    ['pageSize', '10'],
  ])('refuses %s %j with 400 VALIDATION_ERROR naming the field', async (field, value) => {
    const body = expectError(await search({ postcode: CENTRE_POSTCODE, [field]: value }), 400);
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.error).toMatch(new RegExp(`\\b${field}\\b`));
  });

  it('answers the paging bounds themselves', async () => {
    const widest = await search({ postcode: CENTRE_POSTCODE, pageSize: MAX_PAGE_SIZE });
    expect(widest.statusCode, widest.body).toBe(200);
    expect(widest.json().pagination).toMatchObject({ page: 1, pageSize: MAX_PAGE_SIZE });
    const last = await search({ postcode: CENTRE_POSTCODE, page: MAX_PAGE, pageSize: 1 });
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json()).toMatchObject({ data: [], pagination: { page: MAX_PAGE, pageSize: 1 } });
  });

  it('answers malformed JSON and an empty body with 400', async () => {
    const headers = { ...ORIGIN, 'content-type': 'application/json' };
    expectError(
      await app.inject({ method: 'POST', url: '/api/crimes/search', headers, payload: '{"postcode":' }),
      400,
    );
    expectError(await app.inject({ method: 'POST', url: '/api/crimes/search', headers, payload: '' }), 400);
    expectError(await app.inject({ method: 'POST', url: '/api/crimes/search', headers: ORIGIN }), 400);
  });

  it('still holds every crime after the hostile requests', async () => {
    const [rows] = await db.sequelize.query('SELECT COUNT(*) AS n FROM crimes');
    expect(Number((rows as { n: unknown }[])[0]!.n)).toBeGreaterThan(2000);
  });

  it('lists available dates', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/available-dates' });
    expect(res.statusCode).toBe(200);
    expect(res.json().latestDateFormatted).toBe('June 2025');
    expect(res.json().dates[0]).toMatchObject({ date: '2025-06', label: 'June 2025' });
  });

  describe('postcodes', () => {
    it('suggests and looks up', async () => {
      const suggestions = await app.inject({
        method: 'GET',
        url: '/api/postcodes/autocomplete?q=sw1&limit=8',
      });
      expect(suggestions.json()).toEqual({ status: 200, result: ['SW1A 1AA', 'SW1A 2AA', 'SW1P 3BU'] });
      const found = await app.inject({ method: 'GET', url: '/api/postcodes/sw1a%201aa' });
      expect(found.statusCode).toBe(200);
      expect(found.json()).toMatchObject({
        postcode: 'SW1A 1AA',
        latitude: expect.any(Number),
        longitude: expect.any(Number),
        synthetic: true,
      });
    });

    it.each([
      ['/api/postcodes/autocomplete', 400],
      ['/api/postcodes/autocomplete?q=s', 400],
      [`/api/postcodes/autocomplete?q=${encodeURIComponent(SQL)}`, 400],
      ['/api/postcodes/autocomplete?q=<5000 characters>', 400],
      ['/api/postcodes/autocomplete?q=SW1&limit=lots', 400],
      ['/api/postcodes/autocomplete?q=SW1&limit=0', 400],
      ['/api/postcodes/autocomplete?q=SW1&limit=9', 400],
      ['/api/postcodes/NOTAPOSTCODE', 400],
      [`/api/postcodes/${encodeURIComponent("SW1A' OR 1=1")}`, 400],
      ['/api/postcodes/ZZ9%209ZZ', 404],
    ])('GET %s answers %i with the error shape', async (url, status) => {
      expectError(
        await app.inject({ method: 'GET', url: url.replace('<5000 characters>', 'S'.repeat(5000)) }),
        status,
      );
    });

    it("tells a valid postcode the store lacks from a malformed one, offering its district's nearest", async () => {
      const lacked = await app.inject({ method: 'GET', url: '/api/postcodes/sw1a%201ab' });
      expect(expectError(lacked, 404)).toEqual({
        success: false,
        code: 'POSTCODE_NOT_HELD',
        error: "We don't hold the position of SW1A 1AB. The nearest postcode we hold in SW1A is SW1A 1AA.",
        suggestion: 'SW1A 1AA',
      });
      // The search answers the same, so the search page can offer the same postcode.
      const searched = await search({ searchType: 'radius', postcode: 'SW1A 2AB', radius: 1 });
      expect(expectError(searched, 404)).toMatchObject({ code: 'POSTCODE_NOT_HELD', suggestion: 'SW1A 2AA' });
      const noDistrict = expectError(
        await app.inject({ method: 'GET', url: '/api/postcodes/ZZ9%209ZZ' }),
        404,
      );
      expect(noDistrict).toEqual({
        success: false,
        code: 'POSTCODE_NOT_HELD',
        error: "We don't hold the position of ZZ9 9ZZ. We hold no postcode of ZZ9.",
      });
      expect(expectError(await app.inject({ method: 'GET', url: '/api/postcodes/SW1A1' }), 400).code).toBe(
        'INVALID_POSTCODE',
      );
    });

    it('refuses every Northern Irish postcode alike, held or not, in look-ups and searches', async () => {
      await db.sequelize
        .getQueryInterface()
        .bulkInsert('postcodes', [
          { postcode: 'BT1 0AY', compact: 'BT10AY', lat: 54.5973, lng: -5.9301, synthetic: true },
        ]);
      const outside = (postcode: string) => ({
        success: false,
        code: 'POSTCODE_NOT_FOUND',
        error: `${postcode} is in Northern Ireland, outside England and Wales: the police data here covers England and Wales only.`,
      });
      for (const postcode of ['BT1 0AY', 'BT1 1AA']) {
        const url = `/api/postcodes/${encodeURIComponent(postcode)}`;
        expect(expectError(await app.inject({ method: 'GET', url }), 404)).toEqual(outside(postcode));
        expect(expectError(await search({ searchType: 'radius', postcode, radius: 1 }), 404)).toEqual(
          outside(postcode),
        );
      }
    });

    it('never answers 500 for an absurdly long path', async () => {
      const res = await app.inject({ method: 'GET', url: `/api/postcodes/${'A'.repeat(3000)}` });
      expect([400, 404, 414]).toContain(res.statusCode);
    });
  });

  describe('forces', () => {
    it('offers the forces counted and no other: British Transport Police in, Northern Ireland out', async () => {
      const ids = (await app.inject({ method: 'GET', url: '/api/forces' }))
        .json()
        .forces.map((f: { id: string }) => f.id);
      expect(ids).toContain('btp');
      expect(ids).not.toContain('northern-ireland');
      expect(ids).toHaveLength(44);
      const refused = expectError(await search({ searchType: 'force', forceId: 'northern-ireland' }), 404);
      expect(refused).toMatchObject({
        code: 'FORCE_NOT_FOUND',
        error:
          'Police Service of Northern Ireland polices outside England and Wales: the police data here covers England and Wales only.',
      });
      const neighbourhoods = await app.inject({
        method: 'GET',
        url: '/api/forces/northern-ireland/neighbourhoods',
      });
      expect(expectError(neighbourhoods, 404).code).toBe('FORCE_NOT_FOUND');
    });

    it('lists forces and neighbourhoods', async () => {
      const forces = await app.inject({ method: 'GET', url: '/api/forces' });
      expect(forces.json().forces).toContainEqual(
        expect.objectContaining({ id: 'metropolitan', name: 'Metropolitan Police Service', hasData: true }),
      );
      const neighbourhoods = await app.inject({
        method: 'GET',
        url: '/api/forces/metropolitan/neighbourhoods',
      });
      expect(neighbourhoods.json().neighbourhoods).toContainEqual({
        id: NEIGHBOURHOOD_ID,
        name: 'L-shaped Ward',
        hasBoundary: true,
      });
    });

    // The people routes answer only for neighbourhoods the store holds (synced from data.police.uk).
    const storeNeighbourhood = (force_id: string, id: string) =>
      db.sequelize
        .getQueryInterface()
        .bulkInsert('neighbourhoods', [{ force_id, id, name: `${id} ward`, boundary: null }]);

    it('brings people from the data.police.uk client', async () => {
      await storeNeighbourhood('leicestershire', 'NC04');
      const team = await app.inject({
        method: 'GET',
        url: '/api/forces/leicestershire/neighbourhoods/NC04/people',
      });
      expect(team.statusCode).toBe(200);
      expect(team.json().source).toBe('live');
      expect(team.json().members[0]).toMatchObject({ name: 'Sgt Jordan Example', rank: 'Sergeant' });
      expect(team.json().members[0].bio).not.toContain('onclick');
      const senior = await app.inject({ method: 'GET', url: '/api/forces/leicestershire/people' });
      expect(senior.json().members[0]).toMatchObject({ name: 'Morgan Example' });
    });

    it('answers an empty list with the reason when data.police.uk is down and nothing is cached', async () => {
      await storeNeighbourhood('city-of-london', 'cs');
      police.failAlways({ status: 503 });
      try {
        const res = await app.inject({
          method: 'GET',
          url: '/api/forces/city-of-london/neighbourhoods/cs/people',
        });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({
          members: [],
          source: 'unavailable',
          reason: 'Police team details are unavailable right now.',
        });
      } finally {
        police.failAlways(undefined);
      }
    });

    it('answers unknown neighbourhood ids from the store, without calling data.police.uk', async () => {
      const before = police.requests.length;
      const ids = ['NOPE', 'nc05', 'NC04%00', `${'x'.repeat(120)}`, 'NC04%2F..%2Fpeople'];
      const answers = await Promise.all(
        ids.map((id) =>
          app.inject({ method: 'GET', url: `/api/forces/leicestershire/neighbourhoods/${id}/people` }),
        ),
      );
      answers.forEach((res, i) => expect([400, 404, 414], ids[i]).toContain(res.statusCode));
      expect(answers.filter((res) => res.statusCode === 404).length).toBeGreaterThan(0);
      expect(police.requests.length).toBe(before);
    });

    it('never shows a transport error to the public: it is logged instead', async () => {
      await storeNeighbourhood('city-of-london', 'zz9');
      let logged = '';
      const offline = await buildApp({
        // .invalid never resolves (RFC 6761): the client meets ENOTFOUND, as with no network.
        config: parseConfig({ DATABASE_URL: db.url, POLICE_API_URL: 'http://police-api.invalid' }),
        sequelize: db.sequelize,
        logger: { level: 'warn', stream: { write: (line: string) => void (logged += line) } },
      });
      try {
        const res = await offline.inject({
          method: 'GET',
          url: '/api/forces/city-of-london/neighbourhoods/zz9/people',
        });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({
          members: [],
          source: 'unavailable',
          reason: 'Police team details are unavailable right now.',
        });
        expect(res.body).not.toMatch(/ENOTFOUND|getaddrinfo|invalid/);
        expect(logged).toMatch(/ENOTFOUND|getaddrinfo/);
      } finally {
        await offline.close();
      }
    });

    it.each([
      ['/api/forces/atlantis/neighbourhoods', 404],
      [`/api/forces/${encodeURIComponent(SQL)}/neighbourhoods`, 404],
      [`/api/forces/${'a'.repeat(90)}/neighbourhoods`, 400],
      ['/api/forces/atlantis/people', 404],
      ['/api/forces/atlantis/neighbourhoods/NC04/people', 404],
      ['/api/forces/leicestershire/neighbourhoods/NOPE/people', 404],
      [`/api/forces/leicestershire/neighbourhoods/${encodeURIComponent(SQL)}/people`, 404],
    ])('GET %s answers %i with the error shape', async (url, status) => {
      expectError(await app.inject({ method: 'GET', url }), status);
    });
  });

  describe('stop and search', () => {
    it('answers for a point', async () => {
      const res = await app.inject({
        method: 'GET',
        url: '/api/stops-search?lat=51.5074&lng=-0.1278&date=2025-06',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ month: '2025-06', records: [], stats: { totalStops: 0 } });
    });

    it('answers for a force, and 404 for an unknown one', async () => {
      const res = await app.inject({
        method: 'GET',
        url: '/api/stops-search?force=metropolitan&date=2025-06',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ month: '2025-06', scope: 'force' });
      expectError(await app.inject({ method: 'GET', url: '/api/stops-search?force=nowhere' }), 404);
    });

    it.each([
      '/api/stops-search',
      '/api/stops-search?lat=51.5',
      '/api/stops-search?force=',
      `/api/stops-search?force=${'x'.repeat(65)}`,
      '/api/stops-search?lat=north&lng=-0.1',
      '/api/stops-search?lat=100&lng=-0.1',
      '/api/stops-search?lat=51.5&lng=-0.1&date=2025-13',
      `/api/stops-search?lat=51.5&lng=-0.1&date=${encodeURIComponent("1' OR 1=1")}`,
      '/api/stops-search?lat=51.5&lng=-0.1&date=<5000 characters>',
    ])('GET %s answers 400 with the error shape', async (url) => {
      expectError(
        await app.inject({ method: 'GET', url: url.replace('<5000 characters>', '2'.repeat(5000)) }),
        400,
      );
    });
  });
});
