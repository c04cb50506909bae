import { createServer, type AddressInfo } from 'node:net';
import { QueryTypes } from 'sequelize';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONTACT_TEXTS } from '../../../common/contact/messages.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '../../../tests/support/database.ts';
import { openDatabase } from '../db/connection.ts';
import type { App } from '../app.ts';
import {
  buildAdminTestApp,
  createTestAdmin,
  manualClock,
  SAME_ORIGIN,
  signInTestAdmin,
} from '../../../tests/support/admin-app.ts';
import { createOutboxWorker, NOT_CONFIGURED } from './outbox-worker.ts';
import { createOutbox, type Outbox } from './outbox.ts';
import { createSecretBox, secretKeyFromHex } from '../../../server-common/security/secret-box.ts';
import { createSmtpSettingsService, type SmtpSettingsService } from './smtp-settings.ts';
import {
  decodeHeader,
  startLocalSmtp,
  startSilentServer,
  unusedPort,
} from '../../../tests/support/local-smtp.ts';

const SMTP_USER = 'relay-user';
const SMTP_PASS = 'relay password 123';
const FAST = { connectionMs: 800, greetingMs: 800, socketMs: 800, overallMs: 4000 };
const MINUTE = 60_000;

describe.each(testDialects)('outbox delivery on %s', (dialect) => {
  let db: TestDatabase;
  let app: App;
  let smtpSettings: SmtpSettingsService;
  let outbox: Outbox;
  let worker: ReturnType<typeof createOutboxWorker>;
  let cookie: Record<string, string>;
  const clock = manualClock();
  const servers: { close(): Promise<void> }[] = [];

  const configure = (port: number, overrides: Record<string, unknown> = {}) =>
    smtpSettings.save({
      host: '127.0.0.1',
      port,
      user: SMTP_USER,
      pass: SMTP_PASS,
      fromEmail: 'clock@example.org',
      adminEmail: 'admin@example.org',
      ...overrides,
    });
  // The mail server may only be on SMTP_ALLOWED_PORTS: the test servers' ports are chosen first,
  // a new one for each server, and allowed.
  const smtpPorts: number[] = [];
  const nextPort = () => {
    const port = smtpPorts.shift();
    if (port === undefined) throw new Error('no SMTP test port left: reserve more in beforeAll');
    return port;
  };
  const startSmtp = async (port = nextPort()) => {
    const server = await startLocalSmtp({ username: SMTP_USER, password: SMTP_PASS, port });
    servers.push(server);
    return server;
  };
  const contact = (payload: Record<string, unknown>, ip = '198.51.100.7') =>
    app.inject({
      method: 'POST',
      url: '/api/email/contact',
      headers: SAME_ORIGIN,
      remoteAddress: ip,
      payload,
    });
  const report = (payload: Record<string, unknown>, ip = '198.51.100.8') =>
    app.inject({
      method: 'POST',
      url: '/api/email/data-issue',
      headers: SAME_ORIGIN,
      remoteAddress: ip,
      payload,
    });
  // Afresh in each test, and again after moving the clock past the session timeouts.
  const signIn = async () => {
    cookie = await signInTestAdmin(app);
  };
  const rows = () =>
    db.sequelize.query<{
      id: number;
      status: string;
      attempts: number;
      last_error: string | null;
      next_attempt_at: number;
    }>('SELECT id, status, attempts, last_error, next_attempt_at FROM outbox ORDER BY id', {
      type: QueryTypes.SELECT,
    });

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    while (smtpPorts.length < 24) {
      const port = await unusedPort();
      if (!smtpPorts.includes(port)) smtpPorts.push(port);
    }
    ({ app, smtpSettings, worker, outbox } = await buildAdminTestApp({
      sequelize: db.sequelize,
      databaseUrl: db.url,
      env: { SMTP_ALLOWED_PORTS: [25, ...smtpPorts].join(',') },
      now: clock.now,
      smtpTimeouts: FAST,
      outboxOptions: { maxAttempts: 4, baseDelayMs: MINUTE, maxDelayMs: 10 * MINUTE },
    }));
    await createTestAdmin(db.sequelize);
  });
  beforeEach(async () => {
    await db.sequelize.query('DELETE FROM outbox');
    await db.sequelize.query('DELETE FROM smtp_settings');
    clock.advance(60 * MINUTE);
    await signIn();
  });
  afterEach(async () => {
    await worker.stop();
    for (const server of servers.splice(0)) await server.close();
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('delivers a contact message to the admin address, replying to the visitor', async () => {
    const smtp = await startSmtp();
    await configure(smtp.port);
    const res = await contact({
      name: 'Ada Lovelace',
      email: 'ada@example.org',
      message: 'The clock is lovely.\nThank you!',
      timestamp: '2025-06-01T08:59:00.000Z',
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ success: true, message: CONTACT_TEXTS.contactSent });
    expect(await worker.runOnce()).toEqual({ sent: 1, failed: 0 });

    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual(['admin@example.org']);
    expect(mail!.from).toBe('clock@example.org');
    expect(decodeHeader(mail!.headers.subject!)).toBe('Crime Clock contact message from Ada Lovelace');
    expect(mail!.headers['reply-to']).toBe('ada@example.org');
    expect(mail!.text).toContain('Name: Ada Lovelace');
    expect(mail!.text).toContain('Email: ada@example.org');
    expect(mail!.text).toContain('The clock is lovely.\nThank you!');
    expect(await rows()).toMatchObject([{ status: 'sent', attempts: 1, last_error: null }]);
  });

  it('delivers an anonymous data-issue report', async () => {
    const smtp = await startSmtp();
    await configure(smtp.port);
    const res = await report({
      issue: 'Fraud total looks \u00a31 off',
      page: 'CSEW Crime Clock',
      timestamp: null,
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ success: true, message: CONTACT_TEXTS.reportSent });
    await worker.runOnce();
    const [mail] = await smtp.waitFor(1);
    expect(decodeHeader(mail!.headers.subject!)).toBe('Crime Clock data issue report (CSEW Crime Clock)');
    expect(mail!.headers['reply-to']).toBeUndefined();
    expect(mail!.text).toContain('Fraud total looks \u00a31 off');
    expect(mail!.text).toContain('Page: CSEW Crime Clock');
  });

  it('sends on its own once started: a new message wakes the worker', async () => {
    const smtp = await startSmtp();
    await configure(smtp.port);
    worker.start();
    await contact({ name: 'B', email: 'b@example.org', message: 'hello' });
    await smtp.waitFor(1);
    await worker.stop();
    expect((await rows())[0]).toMatchObject({ status: 'sent' });
  });

  it.each([
    [
      'empty fields',
      () => contact({ name: ' ', email: 'a@example.org', message: 'x' }),
      CONTACT_TEXTS.fillAllFields,
    ],
    ['a missing field', () => contact({ email: 'a@example.org', message: 'x' }), CONTACT_TEXTS.fillAllFields],
    [
      'a bad address',
      () => contact({ name: 'A', email: 'a-at-example', message: 'x' }),
      CONTACT_TEXTS.invalidEmail,
    ],
    ['an empty report', () => report({ issue: '', page: 'CSEW Crime Clock' }), CONTACT_TEXTS.describeIssue],
    [
      'an over-long message',
      () => contact({ name: 'A', email: 'a@example.org', message: 'x'.repeat(5001) }),
      /too long/,
    ],
    ['an over-long report', () => report({ issue: 'x'.repeat(5001) }), /too long/],
    [
      'an over-long name',
      () => contact({ name: 'n'.repeat(101), email: 'a@example.org', message: 'x' }),
      /too long/,
    ],
    ['an over-long page', () => report({ issue: 'x', page: 'p'.repeat(201) }), /plain text of at most/],
    ['a malformed timestamp', () => report({ issue: 'x', timestamp: 'soon' }), /timestamp/],
  ])('refuses %s with 400 and the spec text, storing nothing', async (_label, send, error) => {
    const res = await send();
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'INVALID_MESSAGE' });
    expect(res.json().error).toMatch(error);
    expect(await rows()).toHaveLength(0);
  });

  it('takes a message of exactly the limit, counted in characters people see', async () => {
    const res = await contact({ name: 'A', email: 'a@example.org', message: '\u{1F600}'.repeat(5000) });
    expect(res.statusCode).toBe(202);
  });

  it('refuses fields of the wrong type with 400', async () => {
    const res = await contact({ name: ['A'], email: 'a@example.org', message: { text: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
  });

  it('throttles one address to 5 messages in 10 minutes (429 with Retry-After)', async () => {
    for (let i = 0; i < 5; i += 1) {
      expect(
        (await contact({ name: 'A', email: 'a@example.org', message: `m${i}` }, '203.0.113.5')).statusCode,
      ).toBe(202);
    }
    const blocked = await report({ issue: 'one more' }, '203.0.113.5');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'TOO_MANY_MESSAGES' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(600);
    expect((await report({ issue: 'another visitor' }, '203.0.113.6')).statusCode).toBe(202);
    clock.advance(10 * MINUTE + 1000);
    expect((await report({ issue: 'later' }, '203.0.113.5')).statusCode).toBe(202);
  });

  it('keeps the limit under 50 parallel posts from one address: 5 stored, 45 refused', async () => {
    clock.advance(10 * MINUTE);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 2
          ? contact({ name: 'A', email: 'a@example.org', message: `parallel ${i}` }, '203.0.113.50')
          : report({ issue: `parallel ${i}` }, '203.0.113.50'),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 202)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(45);
    const stored = await db.sequelize.query<{ n: number }>(
      `SELECT COUNT(*) AS n FROM outbox WHERE payload LIKE '%parallel%'`,
      { type: QueryTypes.SELECT },
    );
    expect(Number(stored[0]!.n)).toBe(5);
    const logged = await db.sequelize.query<{ n: number }>(
      `SELECT COUNT(*) AS n FROM security_events WHERE kind = 'messages-throttled' AND address_hash = ?`,
      { replacements: [app.addressHash('203.0.113.50')], type: QueryTypes.SELECT },
    );
    expect(Number(logged[0]!.n)).toBe(1);
  });

  it('keeps messages while no settings are saved, then sends them once they are', async () => {
    await contact({ name: 'A', email: 'a@example.org', message: 'waiting' });
    await worker.runOnce();
    expect(await rows()).toMatchObject([{ status: 'pending', attempts: 0, last_error: NOT_CONFIGURED }]);

    const smtp = await startSmtp();
    clock.advance(1000);
    const saved = await app.inject({
      method: 'POST',
      url: '/api/smtp/settings',
      headers: SAME_ORIGIN,
      cookies: cookie,
      payload: {
        host: '127.0.0.1',
        port: String(smtp.port),
        user: SMTP_USER,
        pass: SMTP_PASS,
        fromEmail: 'clock@example.org',
        adminEmail: 'admin@example.org',
      },
    });
    expect(saved.statusCode).toBe(200);
    await worker.runOnce();
    expect((await smtp.waitFor(1))[0]!.text).toContain('waiting');
  });

  it('keeps messages and says why when the stored SMTP password was written with another key', async () => {
    const otherKey = createSecretBox(secretKeyFromHex('77'.repeat(32), 'old key'));
    await createSmtpSettingsService({
      sequelize: db.sequelize,
      secretBox: otherKey,
      allowedPorts: [25],
    }).save({
      host: '127.0.0.1',
      port: 25,
      user: SMTP_USER,
      pass: SMTP_PASS,
      fromEmail: 'clock@example.org',
      adminEmail: 'admin@example.org',
    });
    await report({ issue: 'kept' });
    expect(await worker.runOnce()).toEqual({ sent: 0, failed: 0 });
    expect(await rows()).toMatchObject([
      {
        status: 'pending',
        attempts: 0,
        last_error: expect.stringMatching(/SMTP password cannot be read.*another key/),
      },
    ]);
  });

  it('never connects to a stored port outside SMTP_ALLOWED_PORTS (saved before the rule, or by hand)', async () => {
    // A listener on a port the list does not allow, standing for a database or a cache.
    let connections = 0;
    const other = createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const otherPort = (other.address() as AddressInfo).port;
    servers.push({ close: () => new Promise<void>((resolve) => other.close(() => resolve())) });
    await configure(nextPort());
    await db.sequelize.query('UPDATE smtp_settings SET port = ? WHERE id = 1', { replacements: [otherPort] });
    await contact({ name: 'P', email: 'p@example.org', message: 'not to another port' });
    expect(await worker.runOnce()).toEqual({ sent: 0, failed: 0 });
    expect(await rows()).toMatchObject([
      {
        status: 'pending',
        attempts: 0,
        last_error: expect.stringMatching(new RegExp(`^Port ${otherPort} is not an SMTP port`)),
      },
    ]);
    expect(connections).toBe(0);
  });

  it('keeps a message while the server is down and delivers it when it is back, after a restart', async () => {
    const port = nextPort();
    await configure(port);
    await contact({ name: 'C', email: 'c@example.org', message: 'survives outages' });

    expect(await worker.runOnce()).toEqual({ sent: 0, failed: 1 });
    let [row] = await rows();
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row!.last_error).toMatch(/^Connection refused/);
    expect(Number(row!.next_attempt_at)).toBe(clock.now() + MINUTE);

    // Not due yet: nothing is tried.
    expect(await worker.runOnce()).toEqual({ sent: 0, failed: 0 });
    clock.advance(MINUTE);
    expect(await worker.runOnce()).toEqual({ sent: 0, failed: 1 });
    [row] = await rows();
    expect(row).toMatchObject({ status: 'pending', attempts: 2 });
    expect(Number(row!.next_attempt_at)).toBe(clock.now() + 2 * MINUTE);

    // The process restarts: a new worker with its own database connection, the same store.
    const sequelize = openDatabase({ url: db.url });
    try {
      const restarted = createOutboxWorker({
        outbox: createOutbox({ sequelize, now: clock.now, maxAttempts: 4, baseDelayMs: MINUTE }),
        smtp: smtpSettings,
        now: clock.now,
        timeouts: FAST,
      });
      const smtp = await startSmtp(port);
      clock.advance(2 * MINUTE);
      expect(await restarted.runOnce()).toEqual({ sent: 1, failed: 0 });
      expect((await smtp.waitFor(1))[0]!.text).toContain('survives outages');
      expect(await rows()).toMatchObject([{ status: 'sent', attempts: 3, last_error: null }]);
    } finally {
      await sequelize.close();
    }
  });

  it('retries after a server that refuses the login, hangs or hangs up, and then works', async () => {
    const smtp = await startSmtp();
    await configure(smtp.port, { pass: 'wrong password' });
    await report({ issue: 'keeps trying' });
    await worker.runOnce();
    expect((await rows())[0]!.last_error).toMatch(/^Authentication failed/);

    const hanging = await startSilentServer('hang', nextPort());
    servers.push(hanging);
    await configure(hanging.port);
    clock.advance(10 * MINUTE);
    await worker.runOnce();
    expect((await rows())[0]!.last_error).toMatch(/^Timeout/);

    const dropping = await startSilentServer('drop', nextPort());
    servers.push(dropping);
    await configure(dropping.port);
    clock.advance(10 * MINUTE);
    await worker.runOnce();
    expect((await rows())[0]).toMatchObject({ status: 'pending', attempts: 3 });
    expect(smtp.received).toHaveLength(0);

    await configure(smtp.port);
    clock.advance(10 * MINUTE);
    await worker.runOnce();
    expect((await smtp.waitFor(1))[0]!.text).toContain('keeps trying');
  });

  it('marks a message failed after the last attempt, lists it, and sends it on retry', async () => {
    const port = nextPort();
    await configure(port);
    await contact({ name: 'D', email: 'd@example.org', message: 'never lost' });
    for (let i = 0; i < 4; i += 1) {
      await worker.runOnce();
      clock.advance(10 * MINUTE);
    }
    expect(await rows()).toMatchObject([{ status: 'failed', attempts: 4 }]);
    expect(await worker.runOnce()).toEqual({ sent: 0, failed: 0 });

    await signIn();
    const list = await app.inject({ method: 'GET', url: '/api/admin/messages', cookies: cookie });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({
      total: 1,
      counts: { pending: 0, sent: 0, failed: 1 },
      messages: [
        {
          kind: 'contact',
          status: 'failed',
          attempts: 4,
          nextAttemptAt: null,
          lastError: expect.stringMatching(/Connection refused/),
          payload: { name: 'D', email: 'd@example.org', message: 'never lost' },
        },
      ],
    });
    const id = list.json().messages[0].id as number;

    const smtp = await startSmtp(port);
    const retry = await app.inject({
      method: 'POST',
      url: `/api/admin/messages/${id}/retry`,
      headers: SAME_ORIGIN,
      cookies: cookie,
    });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().message).toMatchObject({ id, status: 'pending', attempts: 0 });
    await worker.runOnce();
    expect((await smtp.waitFor(1))[0]!.text).toContain('never lost');

    const sentOnly = await app.inject({
      method: 'GET',
      url: '/api/admin/messages?status=sent',
      cookies: cookie,
    });
    expect(sentOnly.json()).toMatchObject({
      total: 1,
      messages: [{ id, status: 'sent', sentAt: expect.any(String) }],
    });
    const again = await app.inject({
      method: 'POST',
      url: `/api/admin/messages/${id}/retry`,
      headers: SAME_ORIGIN,
      cookies: cookie,
    });
    expect(again.statusCode).toBe(409);
  });

  it.each([
    ['an unknown id', '/api/admin/messages/999999/retry', 404],
    ['a non-numeric id', '/api/admin/messages/abc/retry', 400],
    ['an out-of-range id', '/api/admin/messages/99999999999999999999/retry', 400],
  ])('answers a retry of %s (%s) with %i', async (_label, url, status) => {
    const res = await app.inject({ method: 'POST', url, headers: SAME_ORIGIN, cookies: cookie });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ success: false });
  });

  it('refuses malformed list queries with 400', async () => {
    for (const query of ['status=lost', 'limit=0', 'limit=10000', 'offset=-1', 'limit=ten']) {
      const res = await app.inject({ method: 'GET', url: `/api/admin/messages?${query}`, cookies: cookie });
      expect(res.statusCode).toBe(400);
    }
  });

  it('sends each message once when two API nodes run workers together', async () => {
    const smtp = await startSmtp();
    await configure(smtp.port);
    for (let i = 0; i < 6; i += 1)
      await contact({ name: 'E', email: 'e@example.org', message: `m${i}` }, `192.0.2.${i}`);

    const second = openDatabase({ url: db.url });
    try {
      const workers = [db.sequelize, second].map((sequelize, n) =>
        createOutboxWorker({
          outbox: createOutbox({ sequelize, now: clock.now }),
          smtp: smtpSettings,
          now: clock.now,
          timeouts: FAST,
          workerId: `node-${n}`,
        }),
      );
      const results = await Promise.all(workers.map((w) => w.runOnce()));
      expect(results.reduce((sum, r) => sum + r.sent, 0)).toBe(6);
      await smtp.waitFor(6);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const bodies = smtp.received.map((m) => /m\d/.exec(m.text)?.[0]).sort();
      expect(bodies).toEqual(['m0', 'm1', 'm2', 'm3', 'm4', 'm5']);
    } finally {
      await second.close();
    }
  });

  it('a claim held by another node is left alone until its lease runs out', async () => {
    const shared = createOutbox({ sequelize: db.sequelize, now: clock.now, leaseMs: 2 * MINUTE });
    await shared.enqueue('data-issue', { issue: 'x', page: 'p', timestamp: null }, null);
    const claimed = await shared.claimNext('node-a');
    expect(claimed).not.toBeNull();
    expect(await shared.claimNext('node-b')).toBeNull();
    clock.advance(2 * MINUTE + 1);
    expect((await shared.claimNext('node-b'))?.id).toBe(claimed!.id);
    // node-a's late result no longer counts: the row belongs to node-b now.
    await shared.markSent(claimed!.id, 'node-a');
    expect((await rows())[0]).toMatchObject({ status: 'pending' });
  });

  it('deletes sent messages after 30 days and keeps failed ones', async () => {
    const smtp = await startSmtp();
    await configure(smtp.port);
    await contact({ name: 'F', email: 'f@example.org', message: 'old news' });
    await worker.runOnce();
    await smtp.waitFor(1);
    await db.sequelize.query(
      `INSERT INTO outbox (kind, payload, status, attempts, next_attempt_at, created_at)
       VALUES ('contact', '{"name":"G","email":"g@example.org","message":"stuck","timestamp":null}', 'failed', 12, 0, ?)`,
      { replacements: [clock.now()] },
    );
    const retention = createOutboxWorker({ outbox, smtp: smtpSettings, now: clock.now });
    clock.advance(29 * 24 * 60 * MINUTE);
    await retention.runOnce();
    expect((await rows()).map((r) => r.status)).toEqual(['sent', 'failed']);
    clock.advance(2 * 24 * 60 * MINUTE);
    await createOutboxWorker({ outbox, smtp: smtpSettings, now: clock.now }).runOnce();
    expect((await rows()).map((r) => r.status)).toEqual(['failed']);
  });
});
