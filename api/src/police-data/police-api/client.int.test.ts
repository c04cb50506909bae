import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { forceById } from '../../../../common/police/forces.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '../../../../tests/support/database.ts';
import { composePoliceApi, type PoliceApiSettings } from '../../composition/police-api.ts';
import { DEFAULT_TTL_MS } from './client.ts';
import { startPoliceApiDouble, type PoliceApiDouble } from '../../../../tests/support/police-api/double.ts';

const HOUR = 60 * 60 * 1000;
const START = Date.parse('2025-06-02T09:00:00Z');

describe.each(testDialects)('police API client against the local double, on %s', (dialect) => {
  let db: TestDatabase;
  let double: PoliceApiDouble;
  let clock: number;

  const clientFor = (overrides: Partial<PoliceApiSettings> = {}) =>
    composePoliceApi({
      baseUrl: double.baseUrl,
      sequelize: db.sequelize,
      now: () => new Date(clock),
      timeoutMs: 2_000,
      retry: { baseDelayMs: 10, maxDelayMs: 40 },
      ...overrides,
    });

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
  });
  afterAll(async () => db?.drop());
  beforeEach(async () => {
    clock = START;
    double = await startPoliceApiDouble();
    await db.sequelize.query('DELETE FROM police_api_cache');
  });
  afterEach(async () => double?.close());

  describe('shapes', () => {
    it('says of a 404 for the published months that the API address may be wrong, naming the path', async () => {
      const result = await clientFor({ baseUrl: `${double.baseUrl}/not-the-api` }).publishedMonths();
      expect(result.source).toBe('unavailable');
      expect(result.httpStatus).toBe(404);
      expect(result.reason).toMatch(/404 for \/crimes-street-dates: is POLICE_API_URL the API's address\?/);
    });

    it('lists forces, naming one the API leaves nameless from the forces fact table', async () => {
      const result = await clientFor().forces();
      expect(result.source).toBe('live');
      expect(result.reason).toBeUndefined();
      expect(result.fetchedAt).toEqual(new Date(START));
      expect(result.data).toHaveLength(7);
      expect(result.data[0]).toEqual({ id: 'avon-and-somerset', name: 'Avon and Somerset Constabulary' });
      const btp = result.data.find((f) => f.id === 'btp');
      expect(btp?.name).toBe(forceById('btp')?.name ?? 'btp');
      expect(btp?.name).toEqual(expect.any(String));
      expect(double.requests.map((r) => r.path)).toEqual(['/api/forces']);
    });

    it('uses a given force name before the fact table, and the id when neither knows the force', async () => {
      double.data.forces = [
        { id: 'btp', name: null },
        { id: 'new-force', name: null },
      ];
      const named = await clientFor({
        forceName: (id) => (id === 'btp' ? 'Transport Police (given)' : undefined),
      }).forces();
      expect(named.data).toEqual([
        { id: 'btp', name: 'Transport Police (given)' },
        { id: 'new-force', name: 'new-force' },
      ]);
    });

    it('lists neighbourhoods with entity-encoded names decoded', async () => {
      const result = await clientFor().neighbourhoods('leicestershire');
      expect(result.source).toBe('live');
      expect(result.data).toEqual([
        { id: 'NC04', name: 'City Centre' },
        { id: 'NC66', name: 'Braunstone & Rowley Fields' },
        { id: 'NH10', name: 'Hinckley Town' },
      ]);
      expect(double.requests[0]?.path).toBe('/api/leicestershire/neighbourhoods');
    });

    it('turns boundary coordinates from strings into numbers', async () => {
      const result = await clientFor().neighbourhoodBoundary('leicestershire', 'NC04');
      expect(result.source).toBe('live');
      expect(result.data).toHaveLength(4);
      expect(result.data[0]).toEqual({ latitude: 52.6394052587, longitude: -1.1458618876 });
      for (const point of result.data) {
        expect(typeof point.latitude).toBe('number');
        expect(typeof point.longitude).toBe('number');
      }
      expect(double.requests[0]?.path).toBe('/api/leicestershire/NC04/boundary');
    });

    it('returns a neighbourhood team with sanitised bios and checked contact details', async () => {
      const result = await clientFor().neighbourhoodTeam('leicestershire', 'NC04');
      expect(result.source).toBe('live');
      expect(result.data).toEqual([
        {
          name: 'Sgt Jordan Example',
          rank: 'Sergeant',
          bio:
            '<p>I have worked in the city centre since 2015.\u00a0Talk to us at the <strong>beat surgery</strong>' +
            ' every Friday.</p><p>Follow us<br />online.</p>',
          contact_details: {
            email: 'city.centre@example.police.uk',
            telephone: '101',
            twitter: 'http://www.twitter.com/example_city',
          },
        },
        { name: 'PC Casey Example', rank: 'PC', bio: null, contact_details: {} },
        {
          name: 'PCSO Robin Example',
          rank: 'PCSO',
          bio: 'About me',
          contact_details: { facebook: 'https://www.facebook.com/example' },
        },
      ]);
      const bios = result.data.map((m) => m.bio ?? '').join('');
      expect(bios).not.toMatch(/script|onclick|javascript:|document\.cookie/i);
      expect(double.requests[0]?.path).toBe('/api/leicestershire/NC04/people');
    });

    it('returns a force’s senior officers', async () => {
      const result = await clientFor().forceSeniorOfficers('leicestershire');
      expect(result.source).toBe('live');
      expect(result.data).toEqual([
        {
          name: 'Morgan Example',
          rank: 'Chief Constable',
          bio: '<p>Chief Constable since 2024.</p><ul><li>Neighbourhood policing</li><li>Victims first</li></ul>',
          contact_details: {
            web: 'https://www.example.police.uk/chief',
            twitter: 'https://twitter.com/example_cc',
          },
        },
      ]);
      expect(double.requests[0]?.path).toBe('/api/forces/leicestershire/people');
    });

    it('encodes ids as single path segments and refuses ids that are not one', async () => {
      const client = clientFor();
      await client.neighbourhoodTeam('leicestershire', 'A B/C');
      expect(double.requests.map((r) => r.path)).toEqual(['/api/leicestershire/A%20B%2FC/people']);
      for (const bad of ['', '..', '.']) {
        const result = await client.neighbourhoods(bad);
        expect(result).toMatchObject({ source: 'unavailable', data: [] });
        expect(result.reason).toMatch(/not a valid/);
      }
      expect(double.requests).toHaveLength(1);
    });
  });

  describe('cache', () => {
    it('answers from the database within the time to live, without a second request', async () => {
      const first = await clientFor().neighbourhoods('leicestershire');
      clock += 6 * 24 * HOUR;
      // a new instance: the cache is the database, not the process
      const second = await clientFor().neighbourhoods('leicestershire');
      expect(second.source).toBe('cache');
      expect(second.data).toEqual(first.data);
      expect(second.fetchedAt).toEqual(new Date(START));
      expect(double.requests).toHaveLength(1);
    });

    it('refetches each kind after its own time to live', async () => {
      const client = clientFor();
      await client.neighbourhoodTeam('leicestershire', 'NC04');
      await client.neighbourhoodBoundary('leicestershire', 'NC04');
      clock += DEFAULT_TTL_MS.people + HOUR;
      expect((await client.neighbourhoodTeam('leicestershire', 'NC04')).source).toBe('live');
      expect((await client.neighbourhoodBoundary('leicestershire', 'NC04')).source).toBe('cache');
      expect(double.requests.map((r) => r.path)).toEqual([
        '/api/leicestershire/NC04/people',
        '/api/leicestershire/NC04/boundary',
        '/api/leicestershire/NC04/people',
      ]);
    });

    it('shares one request between callers asking for the same thing at once', async () => {
      const client = clientFor();
      const results = await Promise.all([client.forces(), client.forces(), client.forces()]);
      expect(results.map((r) => r.source)).toEqual(['live', 'live', 'live']);
      expect(double.requests).toHaveLength(1);
    });

    it('serves the stale entry, saying why, when data.police.uk is down', async () => {
      const live = await clientFor().neighbourhoodTeam('leicestershire', 'NC04');
      await double.close();
      clock += DEFAULT_TTL_MS.people * 3;
      const result = await clientFor().neighbourhoodTeam('leicestershire', 'NC04');
      expect(result.source).toBe('stale-cache');
      expect(result.data).toEqual(live.data);
      expect(result.fetchedAt).toEqual(new Date(START));
      expect(result.reason).toMatch(/could not be reached .*gave up after 3 attempts/);
    });

    it('is unavailable with an empty list and a reason when down and nothing is cached', async () => {
      await double.close();
      const result = await clientFor().forceSeniorOfficers('leicestershire');
      expect(result).toMatchObject({ source: 'unavailable', data: [] });
      expect(result.reason).toMatch(/data\.police\.uk could not be reached/);
      expect(result.fetchedAt).toBeUndefined();
    });

    it('does not let a stale entry stand in for a 404', async () => {
      const client = clientFor();
      expect((await client.neighbourhoodBoundary('leicestershire', 'NC04')).data).toHaveLength(4);
      delete double.data.boundaries['leicestershire/NC04'];
      clock += DEFAULT_TTL_MS.boundary + HOUR;
      const result = await client.neighbourhoodBoundary('leicestershire', 'NC04');
      expect(result).toMatchObject({ source: 'unavailable', data: [], httpStatus: 404 });
    });

    it('never caches a body it could not read, and falls back to the stale entry instead', async () => {
      const client = clientFor();
      await client.forces();
      clock += DEFAULT_TTL_MS.forces + HOUR;
      double.failNext({ body: '<html>maintenance</html>' });
      const broken = await client.forces();
      expect(broken.source).toBe('stale-cache');
      expect(broken.reason).toMatch(/not JSON/);
      double.failNext({ body: '{"message":"not a list"}' });
      const wrongShape = await client.forces();
      expect(wrongShape.source).toBe('stale-cache');
      expect(wrongShape.reason).toMatch(/unexpected forces list/);
      // neither bad body was retried or replaced the good entry
      expect(double.requests).toHaveLength(3);
      expect((await client.forces()).source).toBe('live');
    });
  });

  describe('failures and retries', () => {
    it('retries a 429 after its Retry-After, then succeeds', async () => {
      double.failNext({ status: 429, retryAfter: '1' });
      const result = await clientFor().forces();
      expect(result.source).toBe('live');
      expect(result.data).toHaveLength(7);
      const [first, second] = double.requests;
      expect(double.requests).toHaveLength(2);
      expect(second!.at - first!.at).toBeGreaterThanOrEqual(990);
    });

    it('gives up at once when Retry-After asks for longer than it will wait', async () => {
      double.failNext({ status: 429, retryAfter: '3600' });
      const result = await clientFor().forces();
      expect(result).toMatchObject({ source: 'unavailable', data: [], httpStatus: 429 });
      expect(result.reason).toMatch(/limiting our requests.*wait 3600 s/);
      expect(double.requests).toHaveLength(1);
    });

    it('retries 5xx answers with back-off, then succeeds', async () => {
      double.failNext({ status: 500 }, { status: 503 });
      const result = await clientFor({ retry: { baseDelayMs: 100, maxDelayMs: 1000 } }).neighbourhoods(
        'leicestershire',
      );
      expect(result.source).toBe('live');
      expect(result.data).toHaveLength(3);
      const at = double.requests.map((r) => r.at);
      expect(at).toHaveLength(3);
      // equal jitter: at least half of each step (100 ms, then 200 ms)
      expect(at[1]! - at[0]!).toBeGreaterThanOrEqual(45);
      expect(at[2]! - at[1]!).toBeGreaterThanOrEqual(95);
    });

    it('retries a dropped connection', async () => {
      double.failNext({ reset: true });
      expect((await clientFor().forces()).source).toBe('live');
      expect(double.requests).toHaveLength(2);
    });

    it('gives up after the maximum attempts with source unavailable and a reason', async () => {
      double.failAlways({ status: 500 });
      const result = await clientFor().neighbourhoodTeam('leicestershire', 'NC04');
      expect(result).toMatchObject({ source: 'unavailable', data: [], httpStatus: 500 });
      expect(result.reason).toMatch(/answered 500.*gave up after 3 attempts/);
      expect(double.requests).toHaveLength(3);

      double.requests.length = 0;
      const fewer = await clientFor({ retry: { maxAttempts: 2, baseDelayMs: 10 } }).forces();
      expect(fewer.source).toBe('unavailable');
      expect(double.requests).toHaveLength(2);
    });

    it('does not retry other 4xx answers', async () => {
      const missing = await clientFor().neighbourhoodBoundary('leicestershire', 'NH10');
      expect(missing).toMatchObject({ source: 'unavailable', data: [], httpStatus: 404 });
      expect(missing.reason).toMatch(/no such force or neighbourhood/);
      double.failNext({ status: 400 });
      const bad = await clientFor().forces();
      expect(bad).toMatchObject({ source: 'unavailable', httpStatus: 400 });
      expect(double.requests).toHaveLength(2);
    });

    it('times out an answer that never comes, on every attempt', async () => {
      double.failAlways({ hang: true });
      const started = performance.now();
      const result = await clientFor({ timeoutMs: 200, retry: { maxAttempts: 2, baseDelayMs: 10 } }).forces();
      const elapsed = performance.now() - started;
      expect(result).toMatchObject({ source: 'unavailable', data: [] });
      expect(result.reason).toMatch(/did not answer within 0\.2 s.*gave up after 2 attempts/);
      expect(double.requests).toHaveLength(2);
      expect(elapsed).toBeGreaterThanOrEqual(395);
      expect(elapsed).toBeLessThan(3_000);
    });

    it('recovers when only the first attempt times out', async () => {
      double.failNext({ hang: true });
      const result = await clientFor({ timeoutMs: 200 }).forces();
      expect(result.source).toBe('live');
      expect(double.requests).toHaveLength(2);
    });
  });

  describe('rate limit', () => {
    it('sends a burst of 30 at once, then no more than 15 a second', async () => {
      const ids = Array.from({ length: 45 }, (_, i) => `N${i}`);
      for (const id of ids) {
        double.data.boundaries[`leicestershire/${id}`] = [{ latitude: '52.6', longitude: '-1.1' }];
      }
      const client = clientFor();
      // The double runs in this process, so its arrival times share this clock.
      const started = performance.now();
      const results = await Promise.all(ids.map((id) => client.neighbourhoodBoundary('leicestershire', id)));
      expect(results.every((r) => r.source === 'live')).toBe(true);

      const at = double.requests.map((r) => r.at).sort((a, b) => a - b);
      expect(at).toHaveLength(45);
      const first = at[0]!;
      // The exact spacing is the token bucket's, unit-tested with a fake clock
      // (token-bucket.test.ts). Here, over real sockets, only bounds that a slow machine cannot
      // break but a wrong wiring would: a loaded machine only delays requests.
      // The burst: without it, 30 requests at 15 a second would need 1.9 s.
      expect(at[29]! - first).toBeLessThan(1_000);
      // The sustained rate: the 45th request may leave 1 s after the first calls at the earliest
      // (15 beyond the burst at 15/s). Measured from the calls, not from the first arrival, which
      // a loaded machine can delay while it connects. Without the limit all arrive at once.
      expect(at[44]! - started).toBeGreaterThanOrEqual(990);
    });
  });
});
