import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../../common/config/config.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '../../../tests/support/database.ts';
import { buildApp, type App } from '../app.ts';
import { TEST_SECRET_HEX } from '../../../tests/support/admin-app.ts';
import { createAdminUserService } from '../admin/users.ts';
import { secretKeyFromHex } from '../../../server-common/security/secret-box.ts';

const PASSWORD = 'a long enough password';

describe.each(testDialects)('security headers and CSRF on %s', (dialect) => {
  let db: TestDatabase;
  let app: App;

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    const uiDir = mkdtempSync(join(tmpdir(), 'cc-ui-'));
    writeFileSync(
      join(uiDir, 'index.html'),
      '<!doctype html><title>Crime Clock</title><div id="root"></div>',
    );
    app = await buildApp({
      config: parseConfig({ DATABASE_URL: db.url, REALTIME_PORT: '3901' }),
      sequelize: db.sequelize,
      uiDir,
      security: { allowedOrigins: ['http://localhost:5173'] },
      adminAuth: { cost: { memoryKiB: 1024, passes: 1, parallelism: 1 } },
      secretKey: secretKeyFromHex(TEST_SECRET_HEX, 'test key'),
      mail: {},
    });
    await createAdminUserService({
      sequelize: db.sequelize,
      cost: { memoryKiB: 1024, passes: 1, parallelism: 1 },
    }).create('admin', PASSWORD);
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  const login = (
    headers: Record<string, string>,
    payload: unknown = { username: 'admin', password: PASSWORD },
  ) => app.inject({ method: 'POST', url: '/api/admin/login', headers, payload: payload as object });

  it('refuses a state-changing request without Origin or Referer (403 CSRF)', async () => {
    const res = await login({});
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, code: 'CSRF' });
    expect(res.json().error).toMatch(/Origin/);
  });

  it('refuses a request from another site (403 CSRF)', async () => {
    const res = await login({ origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'CSRF' });
  });

  it('cannot be walked around with an encoded path', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/%61pi/admin/login',
      headers: { origin: 'https://evil.example' },
      payload: { username: 'admin', password: PASSWORD },
    });
    expect(res.statusCode).toBe(403);
  });

  it('accepts the same origin, a same-origin Referer and a configured origin', async () => {
    expect((await login({ origin: 'http://localhost' })).statusCode).toBe(200);
    expect((await login({ referer: 'http://localhost/admin' })).statusCode).toBe(200);
    expect((await login({ origin: 'http://localhost:5173' })).statusCode).toBe(200);
  });

  it('refuses a form-encoded body from the right origin', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { origin: 'http://localhost', 'content-type': 'application/x-www-form-urlencoded' },
      payload: `username=admin&password=${encodeURIComponent(PASSWORD)}`,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'CSRF' });
  });

  it('protects the public contact and report posts too', async () => {
    const contact = await app.inject({
      method: 'POST',
      url: '/api/email/contact',
      headers: { origin: 'https://evil.example' },
      payload: { name: 'A', email: 'a@example.org', message: 'hi' },
    });
    expect(contact.statusCode).toBe(403);
    const report = await app.inject({
      method: 'POST',
      url: '/api/email/data-issue',
      payload: { issue: 'x' },
    });
    expect(report.statusCode).toBe(403);
  });

  it('does not check reads, nor partner calls that carry an API key', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/admin/check' })).statusCode).toBe(200);
    const partner = await app.inject({
      method: 'POST',
      url: '/api/external/crime-search',
      headers: { 'x-api-key': 'ck_test' },
      payload: { postcode: 'SW1A 1AA' },
    });
    // Past the CSRF check: the partner API itself judges the (unknown) key.
    expect(partner.statusCode).toBe(401);
    expect(partner.json()).toMatchObject({ code: 'API_KEY_INVALID' });
  });

  it('does not let X-API-Key exempt an admin route from the Origin check', async () => {
    const signedIn = await login({ origin: 'http://localhost' });
    const cookie = String(signedIn.headers['set-cookie']).split(';')[0]!;
    for (const url of [
      '/api/admin/logout',
      '/api/smtp/settings',
      '/api/admin/api-keys',
      '/%61pi/admin/logout',
    ]) {
      const res = await app.inject({
        method: 'POST',
        url,
        headers: { 'x-api-key': 'ck_anything', origin: 'https://evil.example', cookie },
        payload: {},
      });
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toMatchObject({ code: 'CSRF' });
    }
    // Without any Origin as well: the key is no stand-in for it outside the partner API.
    const noOrigin = await app.inject({
      method: 'POST',
      url: '/api/admin/logout',
      headers: { 'x-api-key': 'ck_anything', cookie },
      payload: {},
    });
    expect(noOrigin.statusCode).toBe(403);
    const check = await app.inject({ method: 'GET', url: '/api/admin/check', headers: { cookie } });
    expect(check.json()).toMatchObject({ isAdmin: true });
  });

  it('sends a CSP of its own origin and realtime socket, with no inline scripts', async () => {
    for (const url of ['/api/health', '/some/page']) {
      const res = await app.inject({ method: 'GET', url, headers: { host: 'crime.test:3000' } });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self';");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("connect-src 'self' ws://crime.test:3901 http://crime.test:3901");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("img-src 'self' data:;");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('lets pages reach a realtime server that has an address of its own (PUBLIC_REALTIME_URL)', async () => {
    const separate = await buildApp({
      config: parseConfig({ DATABASE_URL: db.url, PUBLIC_REALTIME_URL: 'https://live.crime.test:8443/' }),
      sequelize: db.sequelize,
    });
    try {
      const res = await separate.inject({
        method: 'GET',
        url: '/api/health',
        headers: { host: 'crime.test:3000' },
      });
      expect(String(res.headers['content-security-policy'])).toContain(
        "connect-src 'self' wss://live.crime.test:8443 https://live.crime.test:8443;",
      );
    } finally {
      await separate.close();
    }
  });

  it("allows the map's tile server (MAP_TILE_URL) for images only, and only when configured", async () => {
    const tiled = await buildApp({
      config: parseConfig({
        DATABASE_URL: db.url,
        MAP_TILE_URL: 'https://tiles.example.org:8443/{z}/{x}/{y}.png',
      }),
      sequelize: db.sequelize,
    });
    try {
      const res = await tiled.inject({ method: 'GET', url: '/search', headers: { host: 'crime.test:3000' } });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("img-src 'self' data: https://tiles.example.org:8443;");
      expect(csp.match(/tiles\.example\.org/g)).toHaveLength(1);
    } finally {
      await tiled.close();
    }
  });

  it('lets any site frame the embeddable clocks, and only those pages', async () => {
    for (const url of ['/embed/crime-clock?theme=dark', '/embed/police-crime-clock', '/embed/crime-clock/']) {
      const embed = await app.inject({ method: 'GET', url });
      expect(String(embed.headers['content-security-policy'])).toContain('frame-ancestors *');
      expect(embed.headers['x-frame-options']).toBeUndefined();
    }
    // Every other page, an /embed/ look-alike included (it would render the whole app), is DENY.
    for (const url of [
      '/crime-clock',
      '/admin',
      '/embed/anything',
      '/embed/crime-clock-x',
      '/embed/crime-clock/../../admin',
      '/embed/%2e%2e/admin',
      '/api/health',
    ]) {
      const page = await app.inject({ method: 'GET', url });
      expect(String(page.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
      expect(String(page.headers['content-security-policy'])).not.toContain('frame-ancestors *');
      expect(page.headers['x-frame-options']).toBe('DENY');
    }
  });

  it('keeps a hostile Host header out of the CSP', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { host: 'evil.example; script-src *' },
    });
    expect(String(res.headers['content-security-policy'])).toContain("connect-src 'self';");
  });
});
