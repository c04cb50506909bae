import { authenticatorCode } from '../../../tests/support/authenticator.ts';
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../../../tests/support/database.ts';
import type { App } from '../app.ts';
import { buildAdminTestApp, cookieFrom, manualClock, SAME_ORIGIN } from '../../../tests/support/admin-app.ts';
import { createAdminUserService } from './users.ts';

const PASSWORD = 'a long admin pass phrase';
const CHEAP = { memoryKiB: 1024, passes: 1, parallelism: 1 };
const DAY = 24 * 60 * 60_000;

describe.each(testDialects)('security log and second factor on %s', (dialect) => {
  let db: TestDatabase;
  let app: App;
  const clock = manualClock();

  const login = (body: Record<string, unknown>, ip = '198.51.100.20') =>
    app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: SAME_ORIGIN,
      remoteAddress: ip,
      payload: body,
    });
  async function signIn(username: string, code?: string) {
    const res = await login({ username, password: PASSWORD, code });
    expect(res.statusCode, res.body).toBe(200);
    return { cc_session: cookieFrom(res.headers, 'cc_session')! };
  }
  const events = async (cookies: Record<string, string>, query = '') =>
    (await app.inject({ method: 'GET', url: `/api/admin/security-log${query}`, cookies })).json() as {
      events: { kind: string; username: string | null; addressHash: string | null; detail: string | null }[];
      total: number;
    };

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    ({ app } = await buildAdminTestApp({
      sequelize: db.sequelize,
      databaseUrl: db.url,
      now: clock.now,
      cost: CHEAP,
    }));
    const users = createAdminUserService({ sequelize: db.sequelize, now: clock.now, cost: CHEAP });
    await users.create('carol', PASSWORD);
    await users.create('dave', PASSWORD);
    await users.create('erin', PASSWORD);
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });
  beforeEach(() => clock.advance(60 * 60_000));

  it('logs sign-ins, failures, throttling and admin changes with the address hash, not the address', async () => {
    await login({ username: 'carol', password: 'wrong password here' }, '203.0.113.77');
    const cookies = await signIn('carol');
    const created = await app.inject({
      method: 'POST',
      url: '/api/admin/api-keys',
      headers: SAME_ORIGIN,
      cookies,
      payload: { name: 'Partner One' },
    });
    expect(created.statusCode).toBe(201);
    const id = (created.json() as { key: { id: number } }).key.id;
    // Eight revocations at once: one revokes, the others find it revoked; one line is logged.
    const revocations = await Promise.all(
      Array.from({ length: 8 }, () =>
        app.inject({ method: 'DELETE', url: `/api/admin/api-keys/${id}`, headers: SAME_ORIGIN, cookies }),
      ),
    );
    expect(revocations.map((r) => r.statusCode)).toEqual(Array(8).fill(200));

    const { events: log } = await events(cookies);
    expect(log.filter((e: { kind: string }) => e.kind === 'api-key-revoked')).toHaveLength(1);
    expect(log.slice(0, 4)).toMatchObject([
      { kind: 'api-key-revoked', username: 'carol', detail: `key ${id}` },
      { kind: 'api-key-created', username: 'carol', detail: 'key "Partner One"' },
      { kind: 'sign-in', username: 'carol', addressHash: app.addressHash('198.51.100.20') },
      { kind: 'sign-in-failed', username: 'carol', addressHash: app.addressHash('203.0.113.77') },
    ]);
    const stored = JSON.stringify(
      await db.sequelize.query('SELECT * FROM security_events', { type: QueryTypes.SELECT }),
    );
    expect(stored).not.toContain('203.0.113.77');
    expect(stored).not.toContain('198.51.100.20');
  });

  it('logs one throttled line per limit and window, however many are refused', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        login({ username: 'nobody', password: 'wrong password here' }, '203.0.113.90'),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 429).length).toBeGreaterThanOrEqual(35);
    const cookies = await signIn('carol');
    const { events: throttled } = await events(cookies, '?kind=sign-in-throttled');
    const mine = throttled.filter((e) => e.addressHash === app.addressHash('203.0.113.90'));
    // The (account, address) limit is met at the 6th attempt, the address's at the 21st.
    expect(mine.map((e) => e.detail!.split(',')[0]).sort()).toEqual(['per account-address', 'per address']);
  });

  it('keeps the log 90 days', async () => {
    const cookies = await signIn('carol');
    const before = (await events(cookies)).total;
    expect(before).toBeGreaterThan(0);
    clock.advance(91 * DAY);
    const later = await signIn('carol');
    const { events: kept, total } = await events(later);
    expect(total).toBe(1);
    expect(kept).toMatchObject([{ kind: 'sign-in', username: 'carol' }]);
  });

  it('sets up a TOTP by QR code, then asks for it at sign-in; codes and recovery codes work once', async () => {
    let cookies = await signIn('dave');
    expect((await app.inject({ method: 'GET', url: '/api/admin/second-factor', cookies })).json()).toEqual({
      enabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
    });
    const setup = await app.inject({
      method: 'POST',
      url: '/api/admin/second-factor/setup',
      headers: SAME_ORIGIN,
      cookies,
    });
    expect(setup.statusCode).toBe(200);
    const { secret, uri, qrCode } = setup.json() as { secret: string; uri: string; qrCode: string };
    expect(uri).toMatch(/^otpauth:\/\/totp\/Crime%20Clock:dave\?.*secret=/);
    expect(qrCode).toMatch(/^data:image\/png;base64,/);
    const stored = await db.sequelize.query<{ totp_secret_enc: string }>(
      `SELECT totp_secret_enc FROM admin_users WHERE username = 'dave'`,
      { type: QueryTypes.SELECT },
    );
    expect(stored[0]!.totp_secret_enc).not.toContain(secret);

    const wrong = await app.inject({
      method: 'POST',
      url: '/api/admin/second-factor/confirm',
      headers: SAME_ORIGIN,
      cookies,
      payload: {
        code: '000000' === authenticatorCode(secret, clock.now()) ? '111111' : '000000',
        password: PASSWORD,
      },
    });
    expect(wrong.statusCode).toBe(400);
    const confirmed = await app.inject({
      method: 'POST',
      url: '/api/admin/second-factor/confirm',
      headers: SAME_ORIGIN,
      cookies,
      payload: { code: authenticatorCode(secret, clock.now()), password: PASSWORD },
    });
    expect(confirmed.statusCode).toBe(200);
    const { recoveryCodes } = confirmed.json() as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    const hashes = JSON.stringify(
      await db.sequelize.query('SELECT code_hash FROM admin_recovery_codes', { type: QueryTypes.SELECT }),
    );
    for (const code of recoveryCodes) expect(hashes).not.toContain(code.replace(/-/g, ''));

    // The password alone is not enough any more, and says so only after the password was right.
    expect((await login({ username: 'dave', password: 'not the password!' })).json()).toMatchObject({
      code: 'INVALID_CREDENTIALS',
    });
    expect((await login({ username: 'dave', password: PASSWORD })).json()).toMatchObject({
      code: 'SECOND_FACTOR_REQUIRED',
    });
    clock.advance(60_000);
    const code = authenticatorCode(secret, clock.now());
    cookies = await signIn('dave', code);
    // The same code again is a replay.
    expect(
      (await login({ username: 'dave', password: PASSWORD, code }, '198.51.100.21')).json(),
    ).toMatchObject({
      code: 'INVALID_CODE',
    });

    await signIn('dave', recoveryCodes[0]!.toUpperCase());
    expect(
      (await login({ username: 'dave', password: PASSWORD, code: recoveryCodes[0] }, '198.51.100.22'))
        .statusCode,
    ).toBe(401);
    expect(
      (await app.inject({ method: 'GET', url: '/api/admin/second-factor', cookies })).json(),
    ).toMatchObject({
      enabled: true,
      recoveryCodesLeft: 9,
    });

    const kinds = (await events(cookies)).events.map((e) => e.kind);
    expect(kinds).toEqual(
      expect.arrayContaining(['second-factor-enabled', 'second-factor-failed', 'recovery-code-used']),
    );

    const off = await app.inject({
      method: 'POST',
      url: '/api/admin/second-factor/disable',
      headers: SAME_ORIGIN,
      cookies,
      payload: { code: recoveryCodes[1] },
    });
    expect(off.statusCode).toBe(200);
    await signIn('dave');
  });

  it('limits the codes a signed-in admin tries, per admin, and logs each wrong one', async () => {
    let cookies = await signIn('erin');
    const post = (url: string, code: string) =>
      app.inject({
        method: 'POST',
        url,
        headers: SAME_ORIGIN,
        cookies,
        remoteAddress: '198.51.100.20',
        // Turning it on re-authenticates: the password goes with the code.
        payload: url.endsWith('/confirm') ? { code, password: PASSWORD } : { code },
      });
    const { secret } = (await post('/api/admin/second-factor/setup', '')).json() as { secret: string };
    const wrongCode = () => (authenticatorCode(secret, clock.now()) === '000000' ? '111111' : '000000');

    // Turning it on: 3 wrong codes, then the right one (4 of the 10 codes of the window).
    for (let i = 0; i < 3; i += 1)
      expect((await post('/api/admin/second-factor/confirm', wrongCode())).statusCode).toBe(400);
    expect(
      (await post('/api/admin/second-factor/confirm', authenticatorCode(secret, clock.now()))).statusCode,
    ).toBe(200);

    // A stolen session guessing in parallel to turn it off: 6 codes left in the window are
    // checked, every other one is refused before any work.
    clock.advance(60_000);
    const guesses = await Promise.all(
      Array.from({ length: 30 }, () => post('/api/admin/second-factor/disable', wrongCode())),
    );
    const statuses = guesses.map((g) => g.statusCode);
    expect(statuses.filter((s) => s === 400)).toHaveLength(6);
    expect(statuses.filter((s) => s === 429)).toHaveLength(24);
    expect(guesses.find((g) => g.statusCode === 429)!.headers['retry-after']).toBeDefined();
    // Even the right code waits for the window to end: the limit is checked before the code.
    const right = authenticatorCode(secret, clock.now() + 30_000);
    expect((await post('/api/admin/second-factor/disable', right)).statusCode).toBe(429);

    const failed = (await events(cookies, '?kind=second-factor-failed&limit=200')).events.filter(
      (e) => e.username === 'erin',
    );
    expect(failed.map((e) => e.detail!.split(':')[0]).sort()).toEqual([
      ...Array<string>(7).fill('turning it off'),
      ...Array<string>(3).fill('turning it on'),
    ]);
    expect(failed.filter((e) => e.detail!.includes('limit reached'))).toHaveLength(1);
    expect(failed.every((e) => e.addressHash === app.addressHash('198.51.100.20'))).toBe(true);

    // The limit is the session's own: the admin still signs in with a code meanwhile.
    cookies = await signIn('erin', authenticatorCode(secret, clock.now()));
    clock.advance(15 * 60_000);
    expect(
      (await post('/api/admin/second-factor/disable', authenticatorCode(secret, clock.now()))).statusCode,
    ).toBe(200);
  });

  it('answers admin security routes 401 without a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/security-log'],
      ['GET', '/api/admin/second-factor'],
      ['POST', '/api/admin/second-factor/setup'],
    ] as const) {
      expect((await app.inject({ method, url, headers: SAME_ORIGIN })).statusCode).toBe(401);
    }
  });
});
