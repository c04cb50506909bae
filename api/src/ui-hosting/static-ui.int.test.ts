import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../../common/config/config.ts';
import { precompressFolder } from '../../../scripts/build/precompress.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '../../../tests/support/database.ts';
import { buildApp, type App } from '../app.ts';

const SHELL =
  '<!doctype html><html lang="en-GB"><head><meta name="description" content="The app." /><title>Crime Clock</title></head>' +
  '<body><div id="root"></div></body></html>';
const ORIGIN = 'https://crime-clock.example';
const EMBED_SHELL = '<!doctype html><title>Crime Clock (embedded)</title><div id="embed"></div>';
const SCRIPT = 'export function tick(n) { return n + 1; }\n'.repeat(400);

describe.each(testDialects)('UI hosting on %s', (dialect) => {
  let db: TestDatabase;
  let app: App;
  let withOrigin: App;
  let uiDir: string;

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    // A built UI as `npm run build:ui` leaves it: shell, hashed assets, their compressed copies.
    uiDir = mkdtempSync(join(tmpdir(), 'cc-ui-'));
    mkdirSync(join(uiDir, 'assets'));
    writeFileSync(join(uiDir, 'index.html'), SHELL.padEnd(2000, ' '));
    writeFileSync(join(uiDir, 'embed.html'), EMBED_SHELL);
    writeFileSync(join(uiDir, 'assets', 'index-Ab12Cd34.js'), SCRIPT);
    writeFileSync(join(uiDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await precompressFolder(uiDir);
    app = await buildApp({ config: parseConfig({ DATABASE_URL: db.url }), sequelize: db.sequelize, uiDir });
    withOrigin = await buildApp({
      config: parseConfig({ DATABASE_URL: db.url, PUBLIC_ORIGIN: ORIGIN }),
      sequelize: db.sequelize,
      uiDir,
    });
  });
  afterAll(async () => {
    await app?.close();
    await withOrigin?.close();
    await db?.drop();
    rmSync(uiDir, { recursive: true, force: true });
  });

  it('answers the app pages 200 and unknown pages 404, both with the app shell', async () => {
    for (const url of ['/', '/search?postcode=SW1A%201AA', '/admin/api-keys']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.body, url).toContain('<div id="root">');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    for (const url of ['/this/page/does-not-exist', '/search/extra', '/admin/nope', '/assets/gone-123.js']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('<div id="root">');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('answers the embeddable clocks with their own small page, framable by anyone', async () => {
    for (const url of ['/embed/crime-clock', '/embed/police-crime-clock?area=force%3Akent&theme=dark']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="embed">');
      expect(res.headers['content-security-policy'], url).toContain('frame-ancestors *');
      expect(res.headers['set-cookie'], url).toBeUndefined();
    }
  });

  it('answers HEAD wherever GET answers, with the same status and no body', async () => {
    for (const url of [
      '/',
      '/search',
      '/assets/index-Ab12Cd34.js',
      '/favicon.svg',
      '/nope',
      '/api/health',
      '/api/nope',
    ]) {
      const get = await app.inject({ method: 'GET', url });
      const head = await app.inject({ method: 'HEAD', url });
      expect(head.statusCode, url).toBe(get.statusCode);
      expect(head.headers['content-type'], url).toBe(get.headers['content-type']);
      expect(head.body, url).toBe('');
    }
  });

  it('sends hashed assets brotli or gzip compressed, as the browser accepts, cached for good', async () => {
    const url = '/assets/index-Ab12Cd34.js';
    const br = await app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 10);

    const gz = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('sends the shell compressed too, but never lets it be cached without revalidation', async () => {
    for (const url of ['/', '/police-crime-clock', '/unknown']) {
      const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toContain('<div id="root">');
    }
  });

  it('keeps unknown API paths JSON 404s, for GET and HEAD', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await app.inject({ method: 'HEAD', url: '/api/nope' })).statusCode).toBe(404);
  });

  it("fills each page's shell with its own title, description and preview tags under PUBLIC_ORIGIN", async () => {
    const res = await withOrigin.inject({
      method: 'GET',
      url: '/police-crime-clock?area=force:kent&kiosk=1',
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('evil.example');
    expect(res.body).not.toContain('The app.');
    expect(res.body.match(/<title>/g)).toHaveLength(1);
    expect(res.body).toContain('<title>Police Crime Clock: Kent Police | Crime Clock</title>');
    expect(res.body).toContain(
      `<meta property="og:url" content="${ORIGIN}/police-crime-clock?area=force%3Akent" />`,
    );
    expect(res.body).toContain(
      `<link rel="canonical" href="${ORIGIN}/police-crime-clock?area=force%3Akent" />`,
    );
    expect(res.body).toMatch(
      /<link rel="alternate" type="application\/json\+oembed" href="https:\/\/crime-clock\.example\/api\/oembed\?/,
    );
    expect(res.body).toContain('<div id="root">');
    const home = await withOrigin.inject({ method: 'GET', url: '/' });
    expect(home.body).toContain('<title>Crime Clock</title>');
    expect(home.body).toContain(`<meta property="og:url" content="${ORIGIN}/" />`);
  });

  it('writes the request origin only when PUBLIC_ORIGIN is unset and the host is plain', async () => {
    const plain = await app.inject({ method: 'GET', url: '/glossary', headers: { host: 'localhost:8080' } });
    expect(plain.body).toContain('<meta property="og:url" content="http://localhost:8080/glossary" />');
    const hostile = await app.inject({ method: 'GET', url: '/glossary', headers: { host: 'a"><script>x' } });
    expect(hostile.statusCode).toBe(200);
    expect(hostile.body).not.toContain('<script>x');
    expect(hostile.body).not.toContain('og:url');
  });

  it('serves a Welsh address in Welsh, with each page naming its twin before any script runs', async () => {
    const welsh = await withOrigin.inject({ method: 'GET', url: '/cy/glossary' });
    expect(welsh.statusCode).toBe(200);
    expect(welsh.body).toMatch(/^<!doctype html><html lang="cy">/);
    expect(welsh.body).toContain('<title>Geirfa | Cloc Troseddau</title>');
    expect(welsh.body).toContain(`<link rel="canonical" href="${ORIGIN}/cy/glossary" />`);
    const english = await withOrigin.inject({ method: 'GET', url: '/glossary' });
    expect(english.body).toMatch(/^<!doctype html><html lang="en">/);
    for (const res of [welsh, english]) {
      const head = res.body.slice(0, res.body.indexOf('</head>'));
      expect(head).toContain(`<link rel="alternate" hreflang="en" href="${ORIGIN}/glossary" />`);
      expect(head).toContain(`<link rel="alternate" hreflang="cy" href="${ORIGIN}/cy/glossary" />`);
      expect(head).toContain(`<link rel="alternate" hreflang="x-default" href="${ORIGIN}/glossary" />`);
    }
    const clock = await withOrigin.inject({ method: 'GET', url: '/cy/police-crime-clock?area=force:kent' });
    expect(clock.body).toContain(
      `<link rel="alternate" hreflang="en" href="${ORIGIN}/police-crime-clock?area=force%3Akent" />`,
    );
    const missing = await withOrigin.inject({ method: 'GET', url: '/cy/no-such-page' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<html lang="cy">');
    const admin = await withOrigin.inject({ method: 'GET', url: '/admin' });
    expect(admin.body).not.toContain('hreflang');
    expect((await withOrigin.inject({ method: 'GET', url: '/cy/admin' })).statusCode).toBe(404);
  });

  it('serves every Welsh page with its Welsh title, description and locale, and a Welsh 404 title', async () => {
    const served = async (url: string) => (await withOrigin.inject({ method: 'GET', url })).body;
    const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
    const expected: Record<string, string> = {
      '/cy': 'Cloc Troseddau',
      '/cy/crime-clock': 'Cloc Troseddau CSEW | Cloc Troseddau',
      '/cy/police-crime-clock': 'Cloc Troseddau&#39;r Heddlu | Cloc Troseddau',
      '/cy/search': 'Chwilio Data Troseddu | Cloc Troseddau',
      '/cy/privacy-policy': 'Polisi Preifatrwydd | Cloc Troseddau',
      '/cy/data-status': 'Statws y data | Cloc Troseddau',
      '/cy/alerts/confirm': 'Cadarnhau eich rhybuddion | Cloc Troseddau',
      '/cy/alerts/unsubscribe': 'Atal eich rhybuddion | Cloc Troseddau',
    };
    for (const [url, welshTitle] of Object.entries(expected)) {
      const html = await served(url);
      expect(title(html), url).toBe(welshTitle);
      expect(html, url).toContain('<meta property="og:locale" content="cy_GB" />');
      expect(html, url).toContain('<meta property="og:site_name" content="Cloc Troseddau" />');
      const english = await served(url === '/cy' ? '/' : url.slice(3));
      expect(title(english), url).not.toBe(welshTitle);
      const description = (page: string) => /<meta name="description" content="([^"]*)"/.exec(page)?.[1];
      expect(description(html), url).not.toBe(description(english));
    }
    expect(title(await served('/cy/no-such-page'))).toBe('404 Tudalen Heb ei Chanfod | Cloc Troseddau');
    expect(title(await served('/no-such-page'))).toBe('404 Page Not Found | Crime Clock');
  });

  it("sends a first visit whose browser asks for Welsh to the page's Welsh twin, and varies by it", async () => {
    const welshFirst = { 'accept-language': 'cy-GB,cy;q=0.9,en-GB;q=0.8,en;q=0.7' };
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await app.inject({ method, url: '/search?postcode=SW1A%201AA', headers: welshFirst });
      expect(res.statusCode, method).toBe(302);
      expect(res.headers.location, method).toBe('/cy/search?postcode=SW1A%201AA');
      expect(res.headers.vary, method).toMatch(/accept-language/i);
      expect(res.headers.vary, method).toMatch(/cookie/i);
    }
    expect((await app.inject({ method: 'GET', url: '/', headers: welshFirst })).headers.location).toBe('/cy');

    // The visitor's kept choice wins over their browser's; a Welsh address is Welsh for everyone.
    const keptEnglish = await app.inject({
      method: 'GET',
      url: '/glossary',
      headers: { ...welshFirst, cookie: 'lang=en' },
    });
    expect(keptEnglish.statusCode).toBe(200);
    expect(keptEnglish.headers.vary).toMatch(/accept-language/i);
    const keptWelsh = await app.inject({ method: 'GET', url: '/glossary', headers: { cookie: 'lang=cy' } });
    expect(keptWelsh.headers.location).toBe('/cy/glossary');
    const english = await app.inject({
      method: 'GET',
      url: '/glossary',
      headers: { 'accept-language': 'en-GB,cy;q=0.5' },
    });
    expect(english.statusCode).toBe(200);
    expect(english.headers.vary).toMatch(/accept-encoding/i);
    expect(english.headers.vary).toMatch(/accept-language/i);
    const welsh = await app.inject({ method: 'GET', url: '/cy/glossary', headers: { cookie: 'lang=en' } });
    expect(welsh.statusCode).toBe(200);
    expect(welsh.headers.vary).not.toMatch(/accept-language/i);

    // Pages without a Welsh twin, unknown pages and the API never move.
    for (const url of ['/admin', '/embed/crime-clock', '/no-such-page', '/api/health']) {
      const res = await app.inject({ method: 'GET', url, headers: welshFirst });
      expect(res.statusCode, url).not.toBe(302);
      expect(res.headers.vary ?? '', url).not.toMatch(/accept-language/i);
    }
  });

  it('never echoes an unknown area or a hostile query into the page', async () => {
    const res = await withOrigin.inject({
      method: 'GET',
      url: `/police-crime-clock?area=${encodeURIComponent('force:"><script>alert(1)</script>')}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('alert(1)');
    expect(res.body).toContain('<title>Police Crime Clock | Crime Clock</title>');
  });
});
