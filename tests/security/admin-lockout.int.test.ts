import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdminTestApp, SAME_ORIGIN } from '../support/admin-app.ts';
import { createAdminUserService } from '../../api/src/admin/users.ts';
import type { App } from '../../api/src/app.ts';
import { HASH_POOL_DEFAULTS } from '../../api/src/security/passwords-pool.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '../support/database.ts';

/**
 * On each database: sign-in limits hold under parallel requests, and no
 * flood of wrong passwords, from one address or from hundreds, can lock the admin out. The app
 * runs behind a trusted proxy, as in production: every request reaches it from the proxy's
 * address (TRUST_PROXY names it) and carries the visitor's address in X-Forwarded-For.
 */

const PASSWORD = 'the real admin pass phrase';
// The accounts' and the dummy hash's cost: the limits are under test here, not argon2id.
const CHEAP = { memoryKiB: 1024, passes: 1, parallelism: 1 };
const PROXY = '172.16.0.1';

describe.each(testDialects)('admin lockout and sign-in floods on %s', (dialect) => {
  let db: TestDatabase;
  let app: App;

  const login = (username: string, password: string, ip: string) =>
    app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { ...SAME_ORIGIN, 'x-forwarded-for': ip },
      remoteAddress: PROXY,
      payload: { username, password },
    });
  const failuresLogged = async () => {
    const [row] = await db.sequelize.query<{ n: number }>(
      `SELECT COUNT(*) AS n FROM security_events WHERE kind = 'sign-in-failed'`,
      { type: QueryTypes.SELECT },
    );
    return Number(row!.n);
  };

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    ({ app } = await buildAdminTestApp({
      sequelize: db.sequelize,
      databaseUrl: db.url,
      env: { TRUST_PROXY: PROXY },
      cost: CHEAP,
    }));
    await createAdminUserService({ sequelize: db.sequelize, cost: CHEAP }).create('admin', PASSWORD);
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('200 parallel wrong sign-ins from one address: at most 5 are checked, the rest get 429 first', async () => {
    const before = await failuresLogged();
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => login('admin', `wrong guess ${i}`, '203.0.113.10')),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    // Refused before hashing: over a limit, or (a few, as timing has it) the hash pool was full.
    const codes = answers.filter((a) => a.statusCode === 429).map((a) => a.json().code as string);
    expect(codes).toHaveLength(195);
    expect(codes.filter((c) => c !== 'TOO_MANY_ATTEMPTS' && c !== 'SIGN_IN_BUSY')).toEqual([]);
    // A 401 is a hashed guess: the log holds exactly those.
    expect((await failuresLogged()) - before).toBe(5);
  });

  it('200 parallel wrong sign-ins for many accounts from one address: at most 20 are checked', async () => {
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => login(`user${i}`, 'wrong guess', '203.0.113.11')),
    );
    const checked = answers.filter((a) => a.statusCode === 401).length;
    expect(checked).toBeLessThanOrEqual(20);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(200 - checked);
  });

  it('after 1,000 wrong sign-ins for admin from 250 addresses, the right password from a new one gets 200', async () => {
    const attempts = Array.from({ length: 1000 }, (_, i) => ({
      ip: `10.${Math.floor((i % 250) / 100)}.${i % 250}.7`,
      password: `guess number ${i}`,
    }));
    const statuses: number[] = [];
    // As many at a time as the hash pool holds (running + waiting): it checks every one of them.
    const batchSize = HASH_POOL_DEFAULTS.concurrency + HASH_POOL_DEFAULTS.maxQueued;
    for (let start = 0; start < attempts.length; start += batchSize) {
      const batch = await Promise.all(
        attempts.slice(start, start + batchSize).map((a) => login('admin', a.password, a.ip)),
      );
      statuses.push(...batch.map((b) => b.statusCode));
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(1000);

    const real = await login('admin', PASSWORD, '192.0.2.200');
    expect(real.statusCode).toBe(200);
    expect(real.json()).toEqual({ success: true, admin: { username: 'admin' } });
    // And from an address the attack used (4 attempts there, under its limit of 5).
    expect((await login('admin', PASSWORD, '10.0.0.7')).statusCode).toBe(200);
  });

  it("a flood from many addresses that keeps the hash pool full spends none of the admin's attempts", async () => {
    // 400 wrong sign-ins from 400 addresses (under every per-address limit) all at once, and
    // among them the real admin trying the right password ten times from one new address.
    const flood = Array.from({ length: 400 }, (_, i) =>
      login(i % 2 ? 'admin' : `user${i}`, `flood guess ${i}`, `10.9.${Math.floor(i / 200)}.${i % 200}`),
    );
    const admin = Array.from({ length: 10 }, () => login('admin', PASSWORD, '192.0.2.77'));
    const [, adminAnswers] = await Promise.all([Promise.all(flood), Promise.all(admin)]);
    const codes = adminAnswers.map((a) => (a.statusCode === 200 ? 'signed in' : (a.json().code as string)));
    // Admitted, or refused unchecked when the pool was full (sign-in-busy.int.test.ts holds the
    // pool full on purpose); never refused for the admin's own count.
    expect(codes.filter((c) => c !== 'signed in' && c !== 'SIGN_IN_BUSY')).toEqual([]);

    // Once the flood is over the admin is not locked out: the right password works at once, five
    // times in a row from that address (a busy refusal spent none of its limit of 5 or 20).
    for (let i = 0; i < 5; i++) expect((await login('admin', PASSWORD, '192.0.2.77')).statusCode).toBe(200);
  });
});
