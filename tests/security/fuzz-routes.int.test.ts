/**
 * Every route the API has, found as it registers (so a new route is covered without touching this
 * file), is sent a corpus of bad values in its path, query string and body (NUL bytes, lone
 * surrogates, huge text, deep nesting, arrays and objects where scalars belong, Infinity, negative
 * zero, wrong types, unknown properties, broken JSON, wrong content types) on SQLite and MySQL,
 * signed in as an admin. Not one answer may be a 5xx: bad input is the client's error.
 */
import { createHash } from 'node:crypto';
import type { RouteOptions } from 'fastify';
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../common/config/config.ts';
import { buildApp, type App } from '../../api/src/app.ts';
import { createAdminUserService } from '../../api/src/admin/users.ts';
import { cookieFrom, SAME_ORIGIN, TEST_SECRET_HEX } from '../support/admin-app.ts';
import { startPoliceApiDouble, type PoliceApiDouble } from '../support/police-api/double.ts';
import { loadFixture } from '../support/search-fixture.ts';
import { addressHash } from '../../server-common/security/address-hash.ts';
import { secretKeyFromHex } from '../../server-common/security/secret-box.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '../support/database.ts';

const ADMIN_PASSWORD = 'fuzzing admin password';
const SECRET = secretKeyFromHex(TEST_SECRET_HEX, 'test key');

/** Values that are wrong for almost any field, as JavaScript values (sent as JSON). */
const BAD_VALUES: unknown[] = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '',
  ' ',
  'x'.repeat(100_000),
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '../../../etc/passwd',
  '%00',
  -1,
  0,
  1.5,
  2 ** 53 + 1,
  -(2 ** 63),
  true,
  null,
  [],
  ['a', 'b'],
  [[[]]],
  {},
  { $gt: '' },
  { __proto__: { polluted: true } },
];

/** Bodies as raw text: what JSON.stringify cannot produce. */
const RAW_JSON_BODIES = [
  '{',
  '{"a":',
  'nul',
  '\u0000',
  '{"a":1e400}',
  '1e400',
  '-0',
  '{"a":-0}',
  'null',
  '[]',
  '"text"',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  `${'['.repeat(60_000)}${']'.repeat(60_000)}`,
  `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`,
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
];

/** Text for path segments and query values (percent-encoded as a client would send it). */
const BAD_TEXT = [
  '%00',
  'a%00b',
  '%ED%A0%80', // a lone surrogate, as CESU-8 bytes
  '%FF%FE',
  '',
  'x'.repeat(5000),
  'Infinity',
  '-Infinity',
  'NaN',
  '1e400',
  '-0',
  '-1',
  '1.5',
  '9007199254740993',
  'true',
  '%27%20OR%201%3D1%20--',
  '..%2F..%2Fetc%2Fpasswd',
  '%2E%2E',
  '%3Cscript%3E',
];

const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  'application/xml',
];

interface Probe {
  method: string;
  url: string;
  headers?: Record<string, string>;
  payload?: string;
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function propertiesOf(schema: unknown): string[] {
  const properties = (schema as { properties?: Record<string, unknown> } | undefined)?.properties;
  return properties ? Object.keys(properties) : [];
}

/** The route's URL with every parameter set to `fill`, or to `bad` for the one named `target`. */
function urlOf(pattern: string, target?: string, bad?: string): string {
  return pattern
    .replace(/:(\w+)/g, (_, name: string) => (name === target ? (bad ?? 'x') : 'x'))
    .replace(/\*$/, target === '*' ? (bad ?? 'x') : 'x');
}

function probesFor(route: RouteOptions): Probe[] {
  const probes: Probe[] = [];
  const methods = [route.method].flat().filter((m) => m !== 'HEAD' && m !== 'OPTIONS');
  const schema = route.schema ?? {};
  const params = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  if (route.url.endsWith('*')) params.push('*');
  const queryNames = [...propertiesOf(schema.querystring), 'unknownParam'];
  const bodyNames = [...propertiesOf(schema.body), 'unknownProperty'];

  for (const method of methods) {
    const json = { ...SAME_ORIGIN, 'content-type': 'application/json' };
    for (const param of params) {
      for (const bad of BAD_TEXT) probes.push({ method, url: urlOf(route.url, param, bad) });
    }
    const base = urlOf(route.url);
    for (const name of queryNames) {
      for (const bad of BAD_TEXT) probes.push({ method, url: `${base}?${name}=${bad}` });
      probes.push({ method, url: `${base}?${name}=1&${name}=2` });
      probes.push({ method, url: `${base}?${name}[a]=1` });
    }
    if (!STATE_CHANGING.has(method)) continue;
    for (const payload of RAW_JSON_BODIES) probes.push({ method, url: base, headers: json, payload });
    for (const value of BAD_VALUES) {
      probes.push({ method, url: base, headers: json, payload: JSON.stringify(value) });
      const all = Object.fromEntries(bodyNames.map((name) => [name, value]));
      probes.push({ method, url: base, headers: json, payload: JSON.stringify(all) });
      for (const name of bodyNames) {
        probes.push({ method, url: base, headers: json, payload: JSON.stringify({ [name]: value }) });
      }
    }
    for (const type of CONTENT_TYPES) {
      probes.push({ method, url: base, headers: { ...SAME_ORIGIN, 'content-type': type }, payload: 'a=1' });
    }
    probes.push({ method, url: base, headers: { ...SAME_ORIGIN }, payload: '{"a":1}' });
  }
  return probes;
}

// Signing in and out would end the session the other routes are fuzzed with: those go last.
const LAST = ['/api/admin/login', '/api/admin/logout'];
const order = (route: RouteOptions) => (LAST.includes(route.url) ? 1 : 0);

describe.each(testDialects)('fuzzing every route on %s', (dialect) => {
  let db: TestDatabase;
  let app: App;
  let police: PoliceApiDouble;
  const routes: RouteOptions[] = [];
  let cookie = '';

  async function signIn() {
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: SAME_ORIGIN,
      payload: { username: 'admin', password: ADMIN_PASSWORD },
    });
    expect(res.statusCode, `sign-in: ${res.body}`).toBe(200);
    cookie = `cc_session=${cookieFrom(res.headers, 'cc_session')}`;
  }
  async function signedIn() {
    const res = await app.inject({ method: 'GET', url: '/api/admin/check', headers: { cookie } });
    return (res.json() as { isAdmin: boolean }).isAdmin;
  }

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    // A store with crimes, so every route does its real work (an empty store would answer 503).
    await loadFixture(db.sequelize);
    police = await startPoliceApiDouble();
    app = await buildApp({
      config: parseConfig({ DATABASE_URL: db.url, NODE_ENV: 'test', POLICE_API_URL: police.baseUrl }),
      sequelize: db.sequelize,
      // Wired as run-api.ts wires it: the root seals the second factor's and SMTP's secrets with it.
      secretKey: SECRET,
      adminAuth: { cost: { memoryKiB: 1024, passes: 1, parallelism: 1 } },
      mail: { timeouts: { connectionMs: 500, greetingMs: 500, socketMs: 500, overallMs: 2000 } },
      onRoute: (route) => routes.push(route),
    });
    await app.ready();
    await createAdminUserService({
      sequelize: db.sequelize,
      cost: { memoryKiB: 1024, passes: 1, parallelism: 1 },
    }).create('admin', ADMIN_PASSWORD);
    await signIn();
  });
  afterAll(async () => {
    await app?.close();
    await police?.close();
    await db?.drop();
  });

  it('answers no bad input with a 5xx, on any route', { timeout: 600_000 }, async () => {
    const targets = routes.filter((r) => [r.method].flat().some((m) => m !== 'HEAD' && m !== 'OPTIONS'));
    // The routes registered as the app is wired: the admin, partner and public ones are all there.
    const urls = targets.map((r) => r.url);
    for (const expected of [
      '/api/admin/api-keys',
      '/api/smtp/test',
      '/api/crimes/search',
      '/api/email/contact',
    ]) {
      expect(urls).toContain(expected);
    }
    const failures: string[] = [];
    let sent = 0;
    for (const route of [...targets].sort((a, b) => order(a) - order(b))) {
      const admin = route.url.startsWith('/api/admin') || route.url.startsWith('/api/smtp');
      if (admin && !LAST.includes(route.url) && !(await signedIn())) await signIn();
      for (const probe of probesFor(route)) {
        const res = await app.inject({
          method: probe.method as 'GET',
          url: probe.url,
          headers: { ...probe.headers, cookie },
          payload: probe.payload,
        });
        sent += 1;
        if (res.statusCode >= 500) {
          failures.push(
            `${res.statusCode} ${probe.method} ${probe.url.slice(0, 120)} ${String(probe.payload ?? '').slice(0, 80)} → ${res.body.slice(0, 200)}`,
          );
        }
      }
      // Admin routes were fuzzed with a live session, not merely refused with 401.
      if (admin && !LAST.includes(route.url)) expect(await signedIn(), route.url).toBe(true);
    }
    console.log(
      `${dialect}: ${sent} bad requests to ${targets.length} routes, ${failures.length} answered 5xx`,
    );
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(1000);
  });

  it('keeps the sender of a message only as an address hash keyed with SECRET_KEY', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/email/contact',
      headers: { ...SAME_ORIGIN, 'x-forwarded-for': '198.51.100.7' },
      remoteAddress: '203.0.113.9',
      payload: { name: 'Ann', email: 'ann@example.org', message: 'A message long enough to be accepted.' },
    });
    expect(res.statusCode).toBe(202);
    const rows = await db.sequelize.query<{ sender_key: string }>(
      'SELECT sender_key FROM outbox ORDER BY id DESC',
      { type: QueryTypes.SELECT },
    );
    const stored = rows[0]!.sender_key;
    expect(stored).toBe(addressHash('203.0.113.9', SECRET.key));
    expect(stored).not.toBe(createHash('sha256').update('203.0.113.9').digest('hex'));
    expect(JSON.stringify(rows)).not.toContain('203.0.113.9');
  });
});
