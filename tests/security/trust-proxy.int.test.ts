import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdminTestApp, SAME_ORIGIN } from '../support/admin-app.ts';
import type { App } from '../../api/src/app.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '../support/database.ts';

/**
 * Behind TRUST_PROXY, request.ip is the address the proxies saw, never one a
 * client wrote at the left of X-Forwarded-For. Seen where it matters: the address hash a failed
 * sign-in is logged (and limited) under, on the real app with the TCP peer as remoteAddress.
 */

const PROXY = '10.0.0.2';
const FORGED = '6.6.6.6';

describe.each(testDialects)('TRUST_PROXY on the running app on %s', (dialect) => {
  let db: TestDatabase;
  const apps: App[] = [];

  async function appTrusting(trustProxy: string) {
    const { app } = await buildAdminTestApp({
      sequelize: db.sequelize,
      databaseUrl: db.url,
      env: { TRUST_PROXY: trustProxy },
      cost: { memoryKiB: 1024, passes: 1, parallelism: 1 },
    });
    apps.push(app);
    return app;
  }

  /** The address a failed sign-in through `peer` with this X-Forwarded-For was logged under. */
  async function loggedAddress(app: App, peer: string, forwardedFor: string, candidates: string[]) {
    const username = `probe${Math.random().toString(36).slice(2, 10)}`;
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { ...SAME_ORIGIN, 'x-forwarded-for': forwardedFor },
      remoteAddress: peer,
      payload: { username, password: 'a wrong password here' },
    });
    expect(res.statusCode).toBe(401);
    const [row] = await db.sequelize.query<{ address_hash: string }>(
      `SELECT address_hash FROM security_events WHERE kind = 'sign-in-failed' AND username = ?`,
      { replacements: [username], type: QueryTypes.SELECT },
    );
    return candidates.find((address) => app.addressHash(address) === row!.address_hash) ?? 'none';
  }

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await db?.drop();
  });

  it('with a hop count, the address the proxy appended is the visitor, not the forged left-most one', async () => {
    const app = await appTrusting('1');
    const all = [FORGED, '198.51.100.7', PROXY];
    expect(await loggedAddress(app, PROXY, `${FORGED}, 198.51.100.7`, all)).toBe('198.51.100.7');
    expect(await loggedAddress(app, PROXY, `${FORGED},${FORGED}, 198.51.100.7`, all)).toBe('198.51.100.7');
  });

  it('with the proxies’ addresses, the right-most address not a proxy is the visitor', async () => {
    const app = await appTrusting('10.0.0.0/8');
    const all = [FORGED, '198.51.100.8', '10.0.0.3', PROXY, '203.0.113.5'];
    // Two proxies: the visitor's request passed 10.0.0.3, then reached the API from 10.0.0.2.
    expect(await loggedAddress(app, PROXY, `${FORGED}, 198.51.100.8, 10.0.0.3`, all)).toBe('198.51.100.8');
    // A client forging a proxy's address at the left still does not choose its own.
    expect(await loggedAddress(app, PROXY, `${FORGED}, 10.0.0.9, 198.51.100.8`, all)).toBe('198.51.100.8');
    // A client that reaches the API directly is its own TCP address, whatever it writes.
    expect(await loggedAddress(app, '203.0.113.5', FORGED, all)).toBe('203.0.113.5');
  });
});
