import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../../../../tests/support/database.ts';
import {
  buildAdminTestApp,
  createTestAdmin,
  SAME_ORIGIN,
  signInTestAdmin,
} from '../../../../tests/support/admin-app.ts';
import { KEY_REQUEST_ALLOWANCES } from './key-request-service.ts';
import type { App } from '../../app.ts';

const FORM = {
  name: 'Ada Lovelace',
  email: 'ada@partner.example',
  organisation: 'Partner News',
  intendedUse: 'Crime figures beside our local news stories.',
};

/**
 * The key request routes through HTTP: the developers form, the admin list and decisions, the
 * one-time key page's button, and the allowances, held across two API nodes on one database.
 */
describe.each(testDialects)('partner key requests over HTTP on %s', (dialect) => {
  let db: TestDatabase;
  let app: App;
  let other: App;
  let cookies: Record<string, string>;

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    ({ app } = await buildAdminTestApp({ sequelize: db.sequelize, databaseUrl: db.url }));
    // A second API node on the same database: the allowances are the database's, not a node's.
    ({ app: other } = await buildAdminTestApp({ sequelize: db.sequelize, databaseUrl: db.url }));
    await createTestAdmin(db.sequelize);
    cookies = await signInTestAdmin(app);
  });
  afterAll(async () => {
    await other?.close();
    await app?.close();
    await db?.drop();
  });

  const ask = (node: App, body: object, remoteAddress: string) =>
    node.inject({
      method: 'POST',
      url: '/api/developers/key-requests',
      headers: SAME_ORIGIN,
      payload: body,
      remoteAddress,
    });
  const admin = (method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({ method, url, headers: SAME_ORIGIN, cookies, ...(payload ? { payload } : {}) });
  const tokenOf = async (requestId: number) => {
    const rows = await db.sequelize.query<{ payload: string }>(
      "SELECT payload FROM outbox WHERE kind = 'key-approved'",
      { type: QueryTypes.SELECT },
    );
    return rows.map((r) => JSON.parse(r.payload)).find((p) => p.requestId === requestId).token as string;
  };

  it('takes a request, keeps it while no mail server is configured, and says so', async () => {
    const res = await ask(app, FORM, '192.0.2.1');
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ success: true, mailAvailable: false });
    const list = await admin('GET', '/api/admin/api-key-requests');
    expect(list.json().mailAvailable).toBe(false);
    expect(list.json().requests).toEqual([expect.objectContaining({ ...FORM, status: 'pending' })]);
  });

  it('refuses a request the form would refuse (400 INVALID_KEY_REQUEST)', async () => {
    const res = await ask(app, { ...FORM, email: 'nope' }, '192.0.2.2');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_KEY_REQUEST' });
  });

  it('lists and decides only for a signed-in admin', async () => {
    const list = await app.inject({ method: 'GET', url: '/api/admin/api-key-requests' });
    expect(list.statusCode).toBe(401);
    const approve = await app.inject({
      method: 'POST',
      url: '/api/admin/api-key-requests/1/approve',
      headers: SAME_ORIGIN,
      payload: {},
    });
    expect(approve.statusCode).toBe(401);
  });

  it('approves: the link shows a working key once, with no-store', async () => {
    const { id } = (await admin('GET', '/api/admin/api-key-requests')).json().requests[0];
    const approved = await admin('POST', `/api/admin/api-key-requests/${id}/approve`, { dailyRateLimit: 40 });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().request).toMatchObject({ status: 'approved', linkOpenedAt: null });
    const again = await admin('POST', `/api/admin/api-key-requests/${id}/decline`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('KEY_REQUEST_DECIDED');

    const reveal = (token: string) =>
      app.inject({
        method: 'POST',
        url: '/api/developers/key-reveal',
        headers: SAME_ORIGIN,
        payload: { token },
      });
    const token = await tokenOf(id);
    const shown = await reveal(token);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.headers['cache-control']).toBe('no-store');
    expect(shown.json()).toMatchObject({
      success: true,
      dailyRateLimit: 40,
      apiKey: expect.stringMatching(/^cck_/),
    });
    // The key is admitted by the partner API: a body it refuses is a 400, not a 401.
    const partner = await app.inject({
      method: 'POST',
      url: '/api/external/crime-search',
      headers: { 'x-api-key': shown.json().apiKey },
      payload: { postcode: 'x'.repeat(40) },
    });
    expect(partner.statusCode, partner.body).toBe(400);
    expect(partner.headers['x-ratelimit-limit']).toBe('40');

    const twice = await reveal(token);
    expect(twice.statusCode).toBe(410);
    expect(twice.json().code).toBe('KEY_LINK_USED');
    expect((await reveal('unknown-token')).json().code).toBe('UNKNOWN_TOKEN');
  });

  it('declines a request', async () => {
    await ask(app, { ...FORM, email: 'decline@partner.example' }, '192.0.2.3');
    const { requests } = (await admin('GET', '/api/admin/api-key-requests')).json();
    const pending = requests.find((r: { email: string }) => r.email === 'decline@partner.example');
    const res = await admin('POST', `/api/admin/api-key-requests/${pending.id}/decline`);
    expect(res.statusCode).toBe(200);
    expect(res.json().request).toMatchObject({ status: 'declined', apiKeyId: null });
  });

  it('holds the per-address allowance for 20 requests at once across two nodes', async () => {
    const { limit } = KEY_REQUEST_ALLOWANCES.perAddress;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        ask(i % 2 ? other : app, { ...FORM, email: `flood${i}@partner.example` }, '198.51.100.20'),
      ),
    );
    expect(results.filter((r) => r.statusCode === 202)).toHaveLength(limit);
    const refused = results.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(20 - limit);
    expect(refused[0]!.json().code).toBe('TOO_MANY_KEY_REQUESTS');
    expect(Number(refused[0]!.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('holds the per-email allowance for 20 requests at once from 20 addresses', async () => {
    const { limit } = KEY_REQUEST_ALLOWANCES.perEmail;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        ask(
          i % 2 ? other : app,
          { ...FORM, email: i % 3 ? 'same@partner.example' : 'SAME@partner.example' },
          `203.0.113.${i + 1}`,
        ),
      ),
    );
    expect(results.filter((r) => r.statusCode === 202)).toHaveLength(limit);
    const { requests } = (await admin('GET', '/api/admin/api-key-requests')).json();
    expect(
      requests.filter((r: { email: string }) => r.email.toLowerCase() === 'same@partner.example'),
    ).toHaveLength(limit);
  });
});
