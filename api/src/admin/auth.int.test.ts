import { randomBytes, scryptSync } from 'node:crypto';
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../../../tests/support/database.ts';
import type { App } from '../app.ts';
import { sessionIdOf, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from './sessions.ts';
import { buildAdminTestApp, cookieFrom, manualClock, SAME_ORIGIN } from '../../../tests/support/admin-app.ts';
import { createAdminUserService } from './users.ts';

const COOKIE = 'cc_session';
const PASSWORD = 'correct horse battery staple';

/** Every admin endpoint except the sign-in ones, which must answer 401 without a session. */
const ADMIN_ENDPOINTS: { method: 'GET' | 'POST'; url: string; payload?: object }[] = [
  { method: 'GET', url: '/api/admin/system' },
  { method: 'GET', url: '/api/admin/imports' },
  { method: 'GET', url: '/api/admin/messages' },
  { method: 'POST', url: '/api/admin/messages/1/retry' },
  { method: 'GET', url: '/api/smtp/settings' },
  {
    method: 'POST',
    url: '/api/smtp/settings',
    payload: {
      host: 'smtp.example.com',
      port: '587',
      fromEmail: 'a@example.com',
      adminEmail: 'b@example.com',
    },
  },
  {
    method: 'POST',
    url: '/api/smtp/test',
    payload: {
      host: 'smtp.example.com',
      port: '587',
      fromEmail: 'a@example.com',
      adminEmail: 'b@example.com',
    },
  },
];

describe.each(testDialects)('admin sign-in and sessions on %s', (dialect) => {
  let db: TestDatabase;
  let app: App;
  const clock = manualClock();

  const login = (username: string, password: string, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { ...SAME_ORIGIN, ...headers },
      payload: { username, password },
    });
  const check = (token: string | undefined) =>
    app.inject({ method: 'GET', url: '/api/admin/check', cookies: token ? { [COOKIE]: token } : {} });
  const sessionRows = async () =>
    db.sequelize.query<{ id: string }>('SELECT id FROM admin_sessions', { type: QueryTypes.SELECT });

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    ({ app } = await buildAdminTestApp({
      sequelize: db.sequelize,
      databaseUrl: db.url,
      now: clock.now,
      // Unknown accounts are checked against a dummy hash of this cost: 20 of them stay quick.
      cost: { memoryKiB: 1024, passes: 1, parallelism: 1 },
    }));
    await createAdminUserService({ sequelize: db.sequelize, now: clock.now }).create('Alice', PASSWORD);
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });
  beforeEach(async () => {
    await db.sequelize.query('DELETE FROM rate_limits');
    clock.advance(60 * 60_000);
  });

  it.each(ADMIN_ENDPOINTS)(
    'refuses $method $url without a session (401)',
    async ({ method, url, payload }) => {
      const res = await app.inject({ method, url, payload, headers: SAME_ORIGIN });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    },
  );

  it.each(ADMIN_ENDPOINTS)(
    'refuses $method $url with a made-up cookie (401)',
    async ({ method, url, payload }) => {
      const res = await app.inject({
        method,
        url,
        payload,
        headers: SAME_ORIGIN,
        cookies: { [COOKIE]: 'A'.repeat(43) },
      });
      expect(res.statusCode).toBe(401);
    },
  );

  it('reports not signed in without a cookie', async () => {
    const res = await check(undefined);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ isAdmin: false });
  });

  it('signs in with a hardened cookie and reports the admin', async () => {
    const res = await login('alice', PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, admin: { username: 'alice' } });
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Strict/i);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).not.toMatch(/Secure/i);
    const token = cookieFrom(res.headers, COOKIE)!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    expect((await check(token)).json()).toEqual({ isAdmin: true, admin: { username: 'alice' } });
    const system = await app.inject({
      method: 'GET',
      url: '/api/admin/system',
      cookies: { [COOKIE]: token },
    });
    expect(system.statusCode).toBe(200);
  });

  it("keeps the address a session was opened from only as the app's keyed hash", async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: SAME_ORIGIN,
      remoteAddress: '198.51.100.61',
      payload: { username: 'alice', password: PASSWORD },
    });
    const id = sessionIdOf(cookieFrom(res.headers, COOKIE)!);
    const [row] = await db.sequelize.query<Record<string, unknown>>(
      'SELECT * FROM admin_sessions WHERE id = ?',
      {
        replacements: [id],
        type: QueryTypes.SELECT,
      },
    );
    expect(row!['address_hash']).toBe(app.addressHash('198.51.100.61'));
    expect(
      Object.values(row!)
        .map(String)
        .filter((value) => value.includes('198.51.100.61')),
    ).toEqual([]);
  });

  it('stores only a hash of the session token', async () => {
    const token = cookieFrom((await login('alice', PASSWORD)).headers, COOKIE)!;
    const ids = (await sessionRows()).map((r) => r.id);
    expect(ids).toContain(sessionIdOf(token));
    expect(ids).not.toContain(token);
  });

  it('accepts the username in any case', async () => {
    expect((await login('  ALICE ', PASSWORD)).statusCode).toBe(200);
  });

  it('gives the same answer for an unknown user and a wrong password', async () => {
    const wrong = await login('alice', 'not the password');
    const unknown = await login('mallory', 'not the password');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      success: false,
      error: 'Invalid credentials',
      code: 'INVALID_CREDENTIALS',
    });
    expect(unknown.json()).toEqual(wrong.json());
    expect(cookieFrom(wrong.headers, COOKIE)).toBeUndefined();
  });

  it('issues a new session at login and ends the one the browser came with (no fixation)', async () => {
    const planted = 'P'.repeat(43);
    const first = await login('alice', PASSWORD, { cookie: `${COOKIE}=${planted}` });
    const firstToken = cookieFrom(first.headers, COOKIE)!;
    expect(firstToken).not.toBe(planted);
    expect((await check(planted)).json()).toEqual({ isAdmin: false });

    const second = await login('alice', PASSWORD, { cookie: `${COOKIE}=${firstToken}` });
    const secondToken = cookieFrom(second.headers, COOKIE)!;
    expect(secondToken).not.toBe(firstToken);
    expect((await check(firstToken)).json()).toEqual({ isAdmin: false });
    expect((await check(secondToken)).json()).toMatchObject({ isAdmin: true });
    expect((await sessionRows()).map((r) => r.id)).not.toContain(sessionIdOf(firstToken));
  });

  it('logout deletes the server session', async () => {
    const token = cookieFrom((await login('alice', PASSWORD)).headers, COOKIE)!;
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/logout',
      headers: SAME_ORIGIN,
      cookies: { [COOKIE]: token },
    });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(new RegExp(`${COOKIE}=;`));
    expect((await sessionRows()).map((r) => r.id)).not.toContain(sessionIdOf(token));
    const again = await app.inject({
      method: 'GET',
      url: '/api/admin/messages',
      cookies: { [COOKIE]: token },
    });
    expect(again.statusCode).toBe(401);
  });

  it('ends a session left idle too long', async () => {
    const token = cookieFrom((await login('alice', PASSWORD)).headers, COOKIE)!;
    clock.advance(SESSION_IDLE_MS - 60_000);
    expect((await check(token)).json()).toMatchObject({ isAdmin: true });
    clock.advance(SESSION_IDLE_MS - 60_000); // still alive: the previous request renewed it
    expect((await check(token)).json()).toMatchObject({ isAdmin: true });
    clock.advance(SESSION_IDLE_MS + 1);
    const res = await check(token);
    expect(res.json()).toEqual({ isAdmin: false });
    expect(String(res.headers['set-cookie'])).toMatch(new RegExp(`${COOKIE}=;`));
    expect((await sessionRows()).map((r) => r.id)).not.toContain(sessionIdOf(token));
  });

  it('ends a busy session at the absolute timeout', async () => {
    const token = cookieFrom((await login('alice', PASSWORD)).headers, COOKIE)!;
    for (let elapsed = 0; elapsed < SESSION_ABSOLUTE_MS - 20 * 60_000; elapsed += 20 * 60_000) {
      clock.advance(20 * 60_000);
      expect((await check(token)).json()).toMatchObject({ isAdmin: true });
    }
    clock.advance(20 * 60_000);
    expect((await check(token)).json()).toEqual({ isAdmin: false });
  });

  it('signs every session out when the password changes', async () => {
    const users = createAdminUserService({ sequelize: db.sequelize, now: clock.now });
    await users.create('bob', 'first password');
    const token = cookieFrom((await login('bob', 'first password')).headers, COOKIE)!;
    await users.setPassword('bob', 'second password');
    expect((await check(token)).json()).toEqual({ isAdmin: false });
    expect((await login('bob', 'first password')).statusCode).toBe(401);
    expect((await login('bob', 'second password')).statusCode).toBe(200);
  });

  it('throttles many wrong passwords for an account from one address with 429 and Retry-After', async () => {
    for (let i = 0; i < 5; i += 1) expect((await login('alice', `wrong ${i}`)).statusCode).toBe(401);
    const blocked = await login('alice', PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ success: false, code: 'TOO_MANY_ATTEMPTS' });
    expect(blocked.json().error).toMatch(/try again in \d+ minutes?/);
    // Windows are fixed quarters of an hour: the wait is what is left of this one.
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(900);
    // An unknown account is throttled the same way, so the 429 tells nothing either.
    for (let i = 0; i < 5; i += 1) await login('nobody', `wrong ${i}`);
    expect((await login('nobody', 'x')).statusCode).toBe(429);
    // Never per account alone: the admin signs in from their own address at once.
    const elsewhere = await app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: SAME_ORIGIN,
      remoteAddress: '192.0.2.44',
      payload: { username: 'alice', password: PASSWORD },
    });
    expect(elsewhere.statusCode).toBe(200);

    clock.advance(15 * 60_000 + 1000);
    expect((await login('alice', PASSWORD)).statusCode).toBe(200);
  });

  it('throttles one address trying many accounts', async () => {
    // Every inject comes from 127.0.0.1; each account stays under its own limit.
    for (let i = 0; i < 20; i += 1) expect((await login(`user${i}`, 'wrong password')).statusCode).toBe(401);
    const res = await login('alice', PASSWORD);
    expect(res.statusCode).toBe(429);
  });

  it.each([
    ['an over-long username', { username: 'a'.repeat(65), password: 'x' }],
    ['an over-long password', { username: 'alice', password: 'x'.repeat(129) }],
    ['a missing password', { username: 'alice' }],
    ['an empty username', { username: '', password: 'x' }],
    ['an object for a username', { username: { $ne: '' }, password: 'x' }],
  ])('answers %s with 400 and a clear error', async (_label, payload) => {
    const res = await app.inject({ method: 'POST', url: '/api/admin/login', headers: SAME_ORIGIN, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(res.json().error).toMatch(/username|password/);
  });

  it('moves a scrypt hash of before to argon2id at its next sign-in', async () => {
    await createAdminUserService({ sequelize: db.sequelize, now: clock.now }).create('olga', PASSWORD);
    const salt = randomBytes(16);
    const key = scryptSync(PASSWORD, salt, 32, { N: 2 ** 10, r: 8, p: 1 });
    const b64 = (b: Buffer) => b.toString('base64').replace(/=+$/, '');
    await db.sequelize.query(`UPDATE admin_users SET password_hash = ? WHERE username = 'olga'`, {
      replacements: [`$scrypt$ln=10,r=8,p=1$${b64(salt)}$${b64(key)}`],
    });
    const stored = async () =>
      (
        await db.sequelize.query<{ password_hash: string }>(
          `SELECT password_hash FROM admin_users WHERE username = 'olga'`,
          { type: QueryTypes.SELECT },
        )
      )[0]!.password_hash;

    expect((await login('olga', 'not the password at all')).statusCode).toBe(401);
    expect(await stored()).toMatch(/^\$scrypt\$/);
    expect((await login('olga', PASSWORD)).statusCode).toBe(200);
    // At the app's configured cost (cheap in these tests).
    expect(await stored()).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    expect((await login('olga', PASSWORD)).statusCode).toBe(200);
  });

  it('answers malformed JSON with 400', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { ...SAME_ORIGIN, 'content-type': 'application/json' },
      payload: '{"username": "alice", ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false });
  });

  it('ignores a malformed cookie instead of failing', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/admin/check',
      headers: { cookie: `${COOKIE}=%E0%A4%A; other=1` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ isAdmin: false });
  });
});

describe('admin sessions behind HTTPS', () => {
  it('uses a Secure __Host- cookie', async () => {
    const db = await createTestDatabase('sqlite');
    const { app } = await buildAdminTestApp({
      sequelize: db.sequelize,
      databaseUrl: db.url,
      env: { PUBLIC_ORIGIN: 'https://crime-clock.example' },
    });
    try {
      await createAdminUserService({ sequelize: db.sequelize }).create('admin', PASSWORD);
      const res = await app.inject({
        method: 'POST',
        url: '/api/admin/login',
        headers: { origin: 'https://crime-clock.example' },
        payload: { username: 'admin', password: PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      const setCookie = String(res.headers['set-cookie']);
      expect(setCookie).toMatch(/^__Host-cc_session=/);
      expect(setCookie).toMatch(/; Secure/);
      expect(setCookie).not.toMatch(/Domain=/i);
      const token = cookieFrom(res.headers, '__Host-cc_session')!;
      const check = await app.inject({
        method: 'GET',
        url: '/api/admin/check',
        cookies: { '__Host-cc_session': token },
      });
      expect(check.json()).toMatchObject({ isAdmin: true });
      expect(res.headers['strict-transport-security']).toMatch(/max-age=/);
    } finally {
      await app.close();
      await db.drop();
    }
  });
});
