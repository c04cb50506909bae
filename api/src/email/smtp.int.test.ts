import { existsSync, readFileSync } from 'node:fs';
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../../../tests/support/database.ts';
import type { App } from '../app.ts';
import {
  buildAdminTestApp,
  createTestAdmin,
  SAME_ORIGIN,
  signInTestAdmin,
} from '../../../tests/support/admin-app.ts';
import { createSecretBox, secretKeyFromHex } from '../../../server-common/security/secret-box.ts';
import { createSmtpSettingsService, type SmtpSettingsService } from './smtp-settings.ts';
import {
  startLocalSmtp,
  startSilentServer,
  unusedPort,
  type LocalSmtp,
} from '../../../tests/support/local-smtp.ts';

const SMTP_USER = 'mailer@example.org';
const SMTP_PASS = 'Sm7p-pa55word-that-must-not-leak';
const FAST = { connectionMs: 1000, greetingMs: 1000, socketMs: 1000, overallMs: 5000 };

describe.each(testDialects)('SMTP settings and connection test on %s', (dialect) => {
  let db: TestDatabase;
  let app: App;
  let smtp: LocalSmtp;
  let smtpSettings: SmtpSettingsService;
  let cookie: Record<string, string>;
  // The connection test reaches only SMTP_ALLOWED_PORTS: the test servers' ports are chosen first.
  let ports: { refused: number; hang: number; drop: number; other: number };

  const settings = (overrides: Record<string, unknown> = {}) => ({
    host: '127.0.0.1',
    port: String(smtp.port),
    user: SMTP_USER,
    pass: SMTP_PASS,
    fromEmail: 'clock@example.org',
    adminEmail: 'admin@example.org',
    secure: false,
    ...overrides,
  });
  const post = (url: string, payload: object) =>
    app.inject({ method: 'POST', url, headers: SAME_ORIGIN, cookies: cookie, payload });
  const allowedPorts = () => [587, smtp.port, ports.refused, ports.hang, ports.drop];

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    smtp = await startLocalSmtp({ username: SMTP_USER, password: SMTP_PASS });
    ports = { refused: await unusedPort(), hang: await unusedPort(), drop: await unusedPort(), other: 0 };
    ({ app, smtpSettings } = await buildAdminTestApp({
      sequelize: db.sequelize,
      databaseUrl: db.url,
      smtpTimeouts: FAST,
      env: {
        SMTP_ALLOWED_PORTS: allowedPorts().join(','),
        SMTP_TESTS_PER_MINUTE: '1000',
      },
    }));
    await createTestAdmin(db.sequelize);
    cookie = await signInTestAdmin(app);
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
    await db?.drop();
  });

  it('shows the spec defaults before anything is saved', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/smtp/settings', cookies: cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ host: '', port: '587', secure: false, passwordSet: false });
  });

  it('saves settings and never sends the password back', async () => {
    const saved = await post('/api/smtp/settings', settings());
    expect(saved.statusCode).toBe(200);
    expect(saved.body).not.toContain(SMTP_PASS);
    const res = await app.inject({ method: 'GET', url: '/api/smtp/settings', cookies: cookie });
    expect(res.json()).toEqual({
      host: '127.0.0.1',
      port: String(smtp.port),
      user: SMTP_USER,
      fromEmail: 'clock@example.org',
      adminEmail: 'admin@example.org',
      secure: false,
      passwordSet: true,
      updatedAt: expect.any(String),
    });
    expect(res.body).not.toContain(SMTP_PASS);
    expect(res.body).not.toContain('pass"');
  });

  it('keeps the stored password encrypted: not in the row, not in the database file', async () => {
    await post('/api/smtp/settings', settings());
    const rows = await db.sequelize.query<Record<string, unknown>>('SELECT * FROM smtp_settings', {
      type: QueryTypes.SELECT,
    });
    expect(rows).toHaveLength(1);
    const row = JSON.stringify(rows[0]);
    expect(row).not.toContain(SMTP_PASS);
    expect(String(rows[0]!.password_enc)).toMatch(/^v1:/);
    if (dialect === 'sqlite') {
      const file = db.url.slice('sqlite:'.length);
      for (const path of [file, `${file}-wal`]) {
        if (existsSync(path)) expect(readFileSync(path).includes(Buffer.from(SMTP_PASS))).toBe(false);
      }
      // The check can fail: the user name, stored in clear, is found in the same bytes.
      const bytes = Buffer.concat([file, `${file}-wal`].filter(existsSync).map((p) => readFileSync(p)));
      expect(bytes.includes(Buffer.from(SMTP_USER))).toBe(true);
    }
  });

  it('keeps the stored password when the form leaves it blank', async () => {
    await post('/api/smtp/settings', settings());
    const res = await post('/api/smtp/settings', settings({ pass: '', fromEmail: 'other@example.org' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().settings).toMatchObject({ passwordSet: true, fromEmail: 'other@example.org' });
    // The blank-password test can only succeed with the stored password.
    const test = await post('/api/smtp/test', settings({ pass: '' }));
    expect(test.json()).toEqual({ success: true, message: 'SMTP connection is working!' });
  });

  it('reports a working server', async () => {
    const res = await post('/api/smtp/test', settings());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'SMTP connection is working!' });
  });

  it('reports a rejected password as an authentication failure', async () => {
    const res = await post('/api/smtp/test', settings({ pass: 'wrong password' }));
    expect(res.json()).toMatchObject({
      success: false,
      message: expect.stringMatching(/^Authentication failed/),
    });
  });

  it('reports a refused connection', async () => {
    const res = await post('/api/smtp/test', settings({ port: String(ports.refused) }));
    expect(res.json()).toMatchObject({
      success: false,
      message: expect.stringMatching(/^Connection refused/),
    });
  });

  it('reports a server that never answers as a timeout, within the time limit', async () => {
    const silent = await startSilentServer('hang', ports.hang);
    try {
      const started = Date.now();
      const res = await post('/api/smtp/test', settings({ port: String(silent.port) }));
      expect(res.json()).toMatchObject({ success: false, message: expect.stringMatching(/^Timeout/) });
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      await silent.close();
    }
  });

  it('reports a server that hangs up', async () => {
    const dropping = await startSilentServer('drop', ports.drop);
    try {
      const res = await post('/api/smtp/test', settings({ port: String(dropping.port) }));
      expect(res.json()).toMatchObject({
        success: false,
        message: expect.stringMatching(/closed the connection/),
      });
    } finally {
      await dropping.close();
    }
  });

  it('reports TLS spoken to a plain server as a TLS problem', async () => {
    const res = await post('/api/smtp/test', settings({ secure: true }));
    expect(res.json()).toMatchObject({ success: false, message: expect.stringMatching(/^TLS problem/) });
  });

  it('reports an unknown host', async () => {
    const res = await post('/api/smtp/test', settings({ host: 'no-such-host.invalid' }));
    expect(res.json()).toMatchObject({ success: false, message: expect.stringMatching(/^Host not found/) });
  });

  it.each([
    ['port 0', { port: '0' }, /port must be a whole number from 1 to 65535/],
    ['port 70000', { port: 70000 }, /port/],
    ['a text port', { port: 'smtp' }, /port/],
    ['a blank host', { host: '  ' }, /host/],
    ['a host with spaces', { host: 'smtp example.com' }, /host/],
    ['an over-long host', { host: `${'a'.repeat(250)}.com` }, /host/],
    ['a bad from address', { fromEmail: 'not-an-address' }, /from address/],
    ['a bad admin address', { adminEmail: 'admin@' }, /admin address/],
    ['an over-long password', { pass: 'p'.repeat(300) }, /password/],
  ])('refuses %s with 400 and says why', async (_label, overrides, message) => {
    for (const url of ['/api/smtp/settings', '/api/smtp/test']) {
      const res = await post(url, settings(overrides));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, error: expect.stringMatching(message) });
    }
  });

  it.each([
    ['a missing host', { host: undefined }],
    ['a host that is not text', { host: { $gt: '' } }],
    ['a secure flag that is not a boolean', { secure: 'maybe' }],
    ['a megabyte-long field', { user: 'u'.repeat(200_000) }],
  ])('refuses %s with 400, not 500', async (_label, overrides) => {
    const res = await post('/api/smtp/settings', settings(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false });
  });

  it('asks for the password again when the stored one was written with another key', async () => {
    await post('/api/smtp/settings', settings());
    const otherKey = createSecretBox(secretKeyFromHex('99'.repeat(32), 'other'));
    await createSmtpSettingsService({
      sequelize: db.sequelize,
      secretBox: otherKey,
      allowedPorts: allowedPorts(),
    }).save(settings());
    const res = await post('/api/smtp/test', settings({ pass: '' }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'SECRET_UNREADABLE',
      error: expect.stringMatching(/another key/),
    });
    expect(await smtpSettings.keyProblem()).toMatch(/^SMTP password: .*another key/);
    await post('/api/smtp/settings', settings());
    expect(await smtpSettings.keyProblem()).toBeNull();
  });

  it('rewrites the stored password with the new key after a SECRET_KEY rotation', async () => {
    const oldKey = secretKeyFromHex('11'.repeat(32), 'old');
    const newKey = secretKeyFromHex('22'.repeat(32), 'new');
    const before = createSmtpSettingsService({
      sequelize: db.sequelize,
      secretBox: createSecretBox(oldKey),
      allowedPorts: allowedPorts(),
    });
    await before.save(settings());
    const storedPassword = async () =>
      (
        await db.sequelize.query<{ password_enc: string }>(
          'SELECT password_enc FROM smtp_settings WHERE id = 1',
          {
            type: QueryTypes.SELECT,
          },
        )
      )[0]!.password_enc;
    const oldValue = await storedPassword();

    const rotatedBox = createSecretBox(newKey, [oldKey]);
    const rotated = createSmtpSettingsService({
      sequelize: db.sequelize,
      secretBox: rotatedBox,
      allowedPorts: allowedPorts(),
    });
    expect(await rotated.reencryptWithCurrentKey()).toBe(true);
    const newValue = await storedPassword();
    expect(newValue).not.toBe(oldValue);
    expect(rotatedBox.isCurrent(newValue)).toBe(true);
    // Readable with the new key alone, so SECRET_KEY_PREVIOUS can then be removed.
    const newOnly = createSmtpSettingsService({
      sequelize: db.sequelize,
      secretBox: createSecretBox(newKey),
      allowedPorts: allowedPorts(),
    });
    expect((await newOnly.load())?.password).toBe(SMTP_PASS);
    expect(await rotated.reencryptWithCurrentKey()).toBe(false);
    await post('/api/smtp/settings', settings());
  });
  it('uses the stored password only with the stored host, port, username and TLS setting', async () => {
    await post('/api/smtp/settings', settings());
    // A second server that would accept the stolen password: it must never be offered it.
    const other = await startLocalSmtp({ username: SMTP_USER, password: SMTP_PASS });
    try {
      const elsewhere = [
        [{ host: 'localhost' }, /host changed/],
        [{ port: String(ports.refused) }, /port changed/],
        [{ user: 'someone-else@example.org' }, /username changed/],
        [{ secure: true }, /TLS setting changed/],
      ] as const;
      for (const [change, message] of elsewhere) {
        for (const url of ['/api/smtp/test', '/api/smtp/settings']) {
          const res = await post(url, settings({ ...change, pass: '' }));
          expect(res.statusCode, `${url} ${JSON.stringify(change)}`).toBe(400);
          expect(res.json()).toMatchObject({
            code: 'SMTP_PASSWORD_REQUIRED',
            error: expect.stringMatching(/^Enter the SMTP password again/),
          });
          expect(res.json().error).toMatch(message);
        }
      }
      // The refused save left the stored target alone.
      const view = await app.inject({ method: 'GET', url: '/api/smtp/settings', cookies: cookie });
      expect(view.json()).toMatchObject({ host: '127.0.0.1', port: String(smtp.port), user: SMTP_USER });
      // Typed again, the password may go anywhere allowed.
      expect(other.received).toEqual([]);
      const typed = await post('/api/smtp/test', settings({ host: 'localhost' }));
      expect(typed.json()).toEqual({ success: true, message: 'SMTP connection is working!' });
    } finally {
      await other.close();
    }
  });

  it('tests and saves only SMTP ports', async () => {
    await post('/api/smtp/settings', settings());
    for (const port of ['22', '80', '3306', '6379']) {
      const saved = await post('/api/smtp/settings', settings({ port }));
      expect(saved.statusCode).toBe(400);
      expect(saved.json()).toMatchObject({
        code: 'SMTP_PORT_NOT_ALLOWED',
        error: expect.stringMatching(new RegExp(`^Port ${port} is not an SMTP port.*SMTP_ALLOWED_PORTS`)),
      });
      const res = await post('/api/smtp/test', settings({ port }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'SMTP_PORT_NOT_ALLOWED',
        error: expect.stringMatching(new RegExp(`^Port ${port} is not an SMTP port.*SMTP_ALLOWED_PORTS`)),
      });
    }
    // The refused saves left the stored port alone.
    const view = await app.inject({ method: 'GET', url: '/api/smtp/settings', cookies: cookie });
    expect(view.json()).toMatchObject({ port: String(smtp.port) });
  });

  it('limits connection tests per admin per minute, also when they arrive together', async () => {
    const limited = await buildAdminTestApp({
      sequelize: db.sequelize,
      databaseUrl: db.url,
      smtpTimeouts: FAST,
      env: { SMTP_ALLOWED_PORTS: String(smtp.port), SMTP_TESTS_PER_MINUTE: '3' },
    });
    try {
      const session = await signInTestAdmin(limited.app);
      // The count is kept in the database (shared by every API node): the tests above used some
      // of this minute's allowance, so start from a fresh window.
      await db.sequelize.query('DELETE FROM rate_limits');
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          limited.app.inject({
            method: 'POST',
            url: '/api/smtp/test',
            headers: SAME_ORIGIN,
            cookies: session,
            payload: settings(),
          }),
        ),
      );
      const statuses = answers.map((res) => res.statusCode).sort();
      expect(statuses.filter((status) => status === 200)).toHaveLength(3);
      expect(statuses.filter((status) => status === 429)).toHaveLength(17);
      const refused = answers.find((res) => res.statusCode === 429)!;
      expect(refused.json()).toMatchObject({ code: 'TOO_MANY_SMTP_TESTS' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Refused before the stored settings are read: not the 400 that reading them would give.
      const elsewhere = await limited.app.inject({
        method: 'POST',
        url: '/api/smtp/test',
        headers: SAME_ORIGIN,
        cookies: session,
        payload: settings({ host: 'localhost', pass: '' }),
      });
      expect(elsewhere.json()).toMatchObject({ code: 'TOO_MANY_SMTP_TESTS' });

      // A second API node on the same database sees the same count.
      const otherNode = await buildAdminTestApp({
        sequelize: db.sequelize,
        databaseUrl: db.url,
        smtpTimeouts: FAST,
        env: { SMTP_ALLOWED_PORTS: String(smtp.port), SMTP_TESTS_PER_MINUTE: '3' },
      });
      try {
        const again = await otherNode.app.inject({
          method: 'POST',
          url: '/api/smtp/test',
          headers: SAME_ORIGIN,
          cookies: session,
          payload: settings(),
        });
        expect(again.statusCode).toBe(429);
      } finally {
        await otherNode.app.close();
      }
    } finally {
      await limited.app.close();
    }
  });
});
