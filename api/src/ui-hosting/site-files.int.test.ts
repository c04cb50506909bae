import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../../common/config/config.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '../../../tests/support/database.ts';
import { buildApp, type App } from '../app.ts';

/** The files a browser or a crawler asks for without being told: as ui/public holds them. */
const PUBLIC_DIR = join(import.meta.dirname, '..', '..', '..', 'ui', 'public');
const SITE_FILES = [
  'favicon.ico',
  'favicon.svg',
  'icon-192.png',
  'icon-512.png',
  'manifest.webmanifest',
  'manifest-cy.webmanifest',
  'robots.txt',
];

describe.each(testDialects)('site files on %s', (dialect) => {
  let db: TestDatabase;
  let app: App;
  let uiDir: string;

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    uiDir = mkdtempSync(join(tmpdir(), 'cc-site-files-'));
    // The built shell links what the source shell links (ui/index.html).
    writeFileSync(join(uiDir, 'index.html'), readFileSync(join(PUBLIC_DIR, '..', 'index.html')));
    for (const file of SITE_FILES) copyFileSync(join(PUBLIC_DIR, file), join(uiDir, file));
    app = await buildApp({ config: parseConfig({ DATABASE_URL: db.url }), sequelize: db.sequelize, uiDir });
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
    rmSync(uiDir, { recursive: true, force: true });
  });

  it('serves a real ICO at /favicon.ico and the SVG icon', async () => {
    const ico = await app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(ico.statusCode).toBe(200);
    expect(ico.headers['content-type']).toMatch(/^image\/(vnd\.microsoft\.icon|x-icon)/);
    // An ICO directory: reserved 0, type 1 (icon), then at least one image.
    const header = ico.rawPayload;
    expect(header.readUInt16LE(0)).toBe(0);
    expect(header.readUInt16LE(2)).toBe(1);
    expect(header.readUInt16LE(4)).toBeGreaterThan(0);

    const svg = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
  });

  it('serves the web app manifests, whose icons are served too', async () => {
    for (const [url, lang] of [
      ['/manifest.webmanifest', 'en-GB'],
      ['/manifest-cy.webmanifest', 'cy'],
    ] as const) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^application\/manifest\+json/);
      const manifest = res.json<{ lang: string; name: string; icons: { src: string; type: string }[] }>();
      expect(manifest.lang, url).toBe(lang);
      expect(manifest.name, url).not.toBe('');
      for (const icon of manifest.icons) {
        const served = await app.inject({ method: 'GET', url: icon.src });
        expect(served.statusCode, icon.src).toBe(200);
        expect(served.headers['content-type'], icon.src).toContain(icon.type);
      }
    }
  });

  it('links the manifest in the language of the page', async () => {
    const en = await app.inject({ method: 'GET', url: '/' });
    expect(en.body).toContain('<link rel="manifest" href="/manifest.webmanifest"');
    expect(en.body).toContain('href="/favicon.ico"');
    const cy = await app.inject({ method: 'GET', url: '/cy/' });
    expect(cy.body).toContain('<link rel="manifest" href="/manifest-cy.webmanifest"');
  });

  it('serves robots.txt as plain text, keeping crawlers out of the API and the admin screens', async () => {
    const res = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const disallowed = res.body
      .split('\n')
      .filter((line) => line.startsWith('Disallow:'))
      .map((line) => line.slice('Disallow:'.length).trim());
    expect(disallowed).toEqual(expect.arrayContaining(['/api/', '/admin', '/cy/api/', '/cy/admin']));
    expect(res.body).toMatch(/^User-agent: \*$/m);
    // The public pages stay open.
    expect(disallowed).not.toContain('/');
  });
});
