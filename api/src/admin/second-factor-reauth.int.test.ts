import { authenticatorCode } from '../../../tests/support/authenticator.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../../../tests/support/database.ts';
import { buildAdminTestApp, cookieFrom, manualClock, SAME_ORIGIN } from '../../../tests/support/admin-app.ts';
import type { App } from '../app.ts';
import { createAdminUserService } from './users.ts';

/**
 * Turning the second factor on re-authenticates: a session alone (a stolen cookie) cannot turn it
 * on and lock the real admin out; the current password must go with the first code.
 */

const PASSWORD = 'a long admin pass phrase';
const CHEAP = { memoryKiB: 1024, passes: 1, parallelism: 1 };

describe.each(testDialects)('turning the second factor on needs the password, on %s', (dialect) => {
  let db: TestDatabase;
  let app: App;
  const clock = manualClock();

  async function signIn(username: string) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: SAME_ORIGIN,
      remoteAddress: '198.51.100.30',
      payload: { username, password: PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    return { cc_session: cookieFrom(res.headers, 'cc_session')! };
  }
  const post = (cookies: Record<string, string>, url: string, payload?: Record<string, unknown>) =>
    app.inject({ method: 'POST', url, headers: SAME_ORIGIN, cookies, remoteAddress: '203.0.113.5', payload });
  const status = async (cookies: Record<string, string>) =>
    (await app.inject({ method: 'GET', url: '/api/admin/second-factor', cookies })).json() as {
      enabled: boolean;
    };
  const failedLines = async (cookies: Record<string, string>, username: string) =>
    (
      (
        await app.inject({
          method: 'GET',
          url: '/api/admin/security-log?kind=second-factor-failed&limit=200',
          cookies,
        })
      ).json() as { events: { username: string; detail: string }[] }
    ).events
      .filter((e) => e.username === username)
      .map((e) => e.detail);

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    ({ app } = await buildAdminTestApp({
      sequelize: db.sequelize,
      databaseUrl: db.url,
      now: clock.now,
      cost: CHEAP,
    }));
    const users = createAdminUserService({ sequelize: db.sequelize, now: clock.now, cost: CHEAP });
    await users.create('frank', PASSWORD);
    await users.create('grace', PASSWORD);
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });
  beforeEach(() => clock.advance(60 * 60_000));

  it('refuses a session without the password, and turns it on with it', async () => {
    const cookies = await signIn('frank');
    const setup = await post(cookies, '/api/admin/second-factor/setup');
    expect(setup.statusCode).toBe(200);
    const { secret } = setup.json() as { secret: string };
    const code = authenticatorCode(secret, clock.now());

    // A stolen cookie and the authenticator secret it was just shown: not enough.
    const withoutPassword = await post(cookies, '/api/admin/second-factor/confirm', { code });
    expect(withoutPassword.statusCode).toBe(400);
    expect(withoutPassword.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(await status(cookies)).toMatchObject({ enabled: false });

    const wrongPassword = await post(cookies, '/api/admin/second-factor/confirm', {
      code,
      password: 'not the admin password',
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json()).toMatchObject({
      code: 'INVALID_PASSWORD',
      error: 'That is not your current password.',
    });
    expect(await status(cookies)).toMatchObject({ enabled: false });
    expect(await failedLines(cookies, 'frank')).toEqual(['turning it on: wrong password']);

    // The password is checked before the code: the wrong password did not use the code's step up.
    const confirmed = await post(cookies, '/api/admin/second-factor/confirm', { code, password: PASSWORD });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((confirmed.json() as { recoveryCodes: string[] }).recoveryCodes).toHaveLength(10);
    expect(await status(cookies)).toMatchObject({ enabled: true });
  });

  it('limits wrong passwords per admin like wrong codes, and logs each', async () => {
    const cookies = await signIn('grace');
    const { secret } = (await post(cookies, '/api/admin/second-factor/setup')).json() as { secret: string };
    for (let i = 0; i < 10; i += 1) {
      const answer = await post(cookies, '/api/admin/second-factor/confirm', {
        code: authenticatorCode(secret, clock.now()),
        password: `wrong password number ${i}`,
      });
      expect(answer.statusCode).toBe(400);
    }
    // Over the limit, even the right password waits for the window to end.
    const right = { code: authenticatorCode(secret, clock.now()), password: PASSWORD };
    const refused = await post(cookies, '/api/admin/second-factor/confirm', right);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });
    expect(refused.headers['retry-after']).toBeDefined();
    expect(await status(cookies)).toMatchObject({ enabled: false });
    const lines = await failedLines(cookies, 'grace');
    expect(lines.filter((d) => d === 'turning it on: wrong password')).toHaveLength(10);
    expect(lines.filter((d) => d.includes('limit reached'))).toHaveLength(1);

    clock.advance(15 * 60_000);
    const later = await post(cookies, '/api/admin/second-factor/confirm', {
      code: authenticatorCode(secret, clock.now()),
      password: PASSWORD,
    });
    expect(later.statusCode, later.body).toBe(200);
  });
});
