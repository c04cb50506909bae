import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdminTestApp, SAME_ORIGIN } from '../../../tests/support/admin-app.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '../../../tests/support/database.ts';
import { csvText, STREET_HEADER, streetRows, writeFiles } from '../../../tests/support/police-archive.ts';
import { THROTTLE_DEFAULTS } from '../admin/login-throttle.ts';
import type { App } from '../app.ts';
import { importSources } from '../police-data/import/index.ts';
import { storeDerivedTables } from '../police-data/store-derived-tables.ts';

/**
 * One visitor is one key everywhere, or a limit could be dodged by changing address form: every
 * per-address limit of the API counts a visitor by one key, its address group (addressGroupOf: an
 * IPv6 /64 is one address, IPv4-mapped IPv6 is the IPv4 address), and the security log hashes that
 * same key. Through a trusted proxy as in production: the app trusts 10.0.0.0/8, every request
 * reaches it from there and names its visitor in X-Forwarded-For.
 */

const PROXY = '10.0.0.2';
/** Sign-ins one address may make per window (the default: the option's type wants a hash too). */
const SIGN_INS_PER_ADDRESS = THROTTLE_DEFAULTS.maxPerAddress;
const MESSAGES_PER_ADDRESS = 2;
/** Alerts one address may ask for per hour (ALERT_LIMITS.perAddress). */
const ALERTS_PER_ADDRESS = 3;

describe.each(testDialects)('one visitor, one key, on %s', (dialect) => {
  let db: TestDatabase;
  let app: App;
  let dir: string | undefined;

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    // A month of Kent, so that an alert for Kent's force is one the API accepts.
    dir = mkdtempSync(join(tmpdir(), 'crime-clock-visitor-'));
    const rows = streetRows(20, {
      month: '2025-01',
      forceName: 'Kent Police',
      seed: 7,
      lat: 51.27,
      lng: 0.52,
    });
    writeFiles(dir, {
      'SYNTHETIC.txt': 'Synthetic test data.\n',
      '2025-01/2025-01-kent-street.csv': csvText(STREET_HEADER, rows),
    });
    expect(
      (await importSources(db.sequelize, [dir], { derivedTables: storeDerivedTables })).filesFailed,
    ).toBe(0);
    ({ app } = await buildAdminTestApp({
      sequelize: db.sequelize,
      databaseUrl: db.url,
      env: { TRUST_PROXY: '10.0.0.0/8' },
      cost: { memoryKiB: 1024, passes: 1, parallelism: 1 },
      emailThrottle: { maxPerAddress: MESSAGES_PER_ADDRESS },
    }));
    // Alerts are offered only with a mail server set up (nothing here reads what it is sent).
    await app.mail!.smtpSettings.save({
      host: '127.0.0.1',
      port: 587,
      user: '',
      pass: '',
      fromEmail: 'alerts@crime-clock.example',
      adminEmail: 'admin@crime-clock.example',
    });
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const post = (url: string, visitor: string, payload: object) =>
    app.inject({
      method: 'POST',
      url,
      headers: { ...SAME_ORIGIN, 'x-forwarded-for': visitor },
      remoteAddress: PROXY,
      payload,
    });
  let probe = 0;
  /** A failed sign-in from `visitor`, each for another account (so only the address's limit counts). */
  const signIn = async (visitor: string) => {
    const res = await post('/api/admin/login', visitor, {
      username: `probe${++probe}`,
      password: 'a wrong password here',
    });
    return res.statusCode === 429 ? `429 ${res.json().code}` : String(res.statusCode);
  };
  const contact = async (visitor: string) => {
    const res = await post('/api/email/contact', visitor, {
      name: 'Ada',
      email: 'ada@example.org',
      message: 'The clock for Kent looks wrong.',
    });
    return res.statusCode === 429 ? `429 ${res.json().code}` : String(res.statusCode);
  };
  const alert = async (visitor: string) => {
    const res = await post('/api/alerts', visitor, {
      email: `reader${++probe}@example.org`,
      area: 'force:kent',
    });
    return res.statusCode === 429 ? `429 ${res.json().code}` : `${res.statusCode} ${res.body}`;
  };
  const loggedHashes = async (kind: string) =>
    (
      await db.sequelize.query<{ address_hash: string }>(
        'SELECT address_hash FROM security_events WHERE kind = ? ORDER BY id',
        { replacements: [kind], type: QueryTypes.SELECT },
      )
    ).map((row) => row.address_hash);

  /** Sign-ins from `visitorAt(i)` one after the other, until one past the address's limit. */
  const signInsUntilRefused = async (visitorAt: (i: number) => string) => {
    const answers = [];
    for (let i = 0; i <= SIGN_INS_PER_ADDRESS; i++) answers.push(await signIn(visitorAt(i)));
    return answers;
  };
  const refusedAfterLimit = [...Array(SIGN_INS_PER_ADDRESS).fill('401'), '429 TOO_MANY_ATTEMPTS'];

  it('counts the addresses of one IPv6 /64 as one for sign-in, and logs them under one hash', async () => {
    // Each attempt from another address of the /64, however it is written.
    const visitorAt = (i: number) =>
      i % 2 ? `2001:0DB8:1:2:${i.toString(16)}::1` : `2001:db8:1:2::${i + 1}`;
    expect(await signInsUntilRefused(visitorAt)).toEqual(refusedAfterLimit);
    // Another /64 is another address.
    expect(await signIn('2001:db8:1:3::1')).toBe('401');

    const group = app.addressHash('2001:db8:1:2::/64');
    expect(await loggedHashes('sign-in-failed')).toEqual([
      ...Array(SIGN_INS_PER_ADDRESS).fill(group),
      app.addressHash('2001:db8:1:3::/64'),
    ]);
    expect(await loggedHashes('sign-in-throttled')).toEqual([group]);
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address for sign-in', async () => {
    const visitorAt = (i: number) => (i % 2 ? '192.0.2.1' : '::ffff:192.0.2.1');
    expect(await signInsUntilRefused(visitorAt)).toEqual(refusedAfterLimit);
    expect((await loggedHashes('sign-in-failed')).slice(-SIGN_INS_PER_ADDRESS)).toEqual(
      Array(SIGN_INS_PER_ADDRESS).fill(app.addressHash('192.0.2.1')),
    );
  });

  it("shares one /64's contact allowance, and an IPv4 address's with its mapped form", async () => {
    expect([
      await contact('2001:db8:5:6::1'),
      await contact('2001:db8:5:6::2'),
      await contact('2001:db8:5:6:1234::7'),
    ]).toEqual(['202', '202', '429 TOO_MANY_MESSAGES']);
    expect(await contact('2001:db8:5:7::1')).toBe('202');
    expect([
      await contact('::ffff:192.0.2.9'),
      await contact('192.0.2.9'),
      await contact('::ffff:192.0.2.9'),
    ]).toEqual(['202', '202', '429 TOO_MANY_MESSAGES']);
    // The outbox's sender and the security log's line carry the key the allowance counts.
    const senders = await db.sequelize.query<{ n: number }>(
      'SELECT COUNT(*) AS n FROM outbox WHERE sender_key = ?',
      { replacements: [app.addressHash('2001:db8:5:6::/64')], type: QueryTypes.SELECT },
    );
    expect(Number(senders[0]!.n)).toBe(2);
    expect(await loggedHashes('messages-throttled')).toEqual([
      app.addressHash('2001:db8:5:6::/64'),
      app.addressHash('192.0.2.9'),
    ]);
  });

  it("shares one /64's alerts allowance, and an IPv4 address's with its mapped form", async () => {
    const fromOneNetwork = [];
    for (let i = 1; i <= ALERTS_PER_ADDRESS + 1; i++) fromOneNetwork.push(await alert(`2001:db8:9:9::${i}`));
    expect(fromOneNetwork).toEqual([
      ...Array(ALERTS_PER_ADDRESS).fill(expect.stringMatching(/^202 /)),
      '429 TOO_MANY_ALERT_REQUESTS',
    ]);
    expect(await alert('2001:db8:9:a::1')).toMatch(/^202 /);
    const mapped = [];
    for (let i = 0; i <= ALERTS_PER_ADDRESS; i++)
      mapped.push(await alert(i % 2 ? '192.0.2.20' : '::ffff:192.0.2.20'));
    expect(mapped).toEqual([
      ...Array(ALERTS_PER_ADDRESS).fill(expect.stringMatching(/^202 /)),
      '429 TOO_MANY_ALERT_REQUESTS',
    ]);
  });
});
