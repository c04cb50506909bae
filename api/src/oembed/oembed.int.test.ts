import { describe, expect, it } from 'vitest';
import { appOnTestDatabase } from '../../../tests/support/app-on-database.ts';
import { testDialects } from '../../../tests/support/database.ts';

const ORIGIN = 'https://crime-clock.example';

describe.each(testDialects)('GET /api/oembed on %s', (dialect) => {
  const ctx = appOnTestDatabase(dialect, { env: { PUBLIC_ORIGIN: ORIGIN } });

  const ask = (query: Record<string, string>, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url: `/api/oembed?${new URLSearchParams(query).toString()}`, headers });

  it("answers a clock page of PUBLIC_ORIGIN's site, whatever Host the request names", async () => {
    const res = await ask(
      { url: `${ORIGIN}/police-crime-clock?area=force:kent`, maxwidth: '320', format: 'json' },
      { host: 'evil.example' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = res.json();
    expect(body).toMatchObject({ version: '1.0', type: 'rich', width: 320, provider_url: `${ORIGIN}/` });
    expect(body.html).toContain(`${ORIGIN}/embed/police-crime-clock?area=force%3Akent`);
    expect(res.body).not.toContain('evil.example');
    expect(res.headers['access-control-allow-origin']).toBe('*');
  });

  it('carries a strong ETag and a max-age, and answers 304 to it', async () => {
    const first = await ask({ url: `${ORIGIN}/crime-clock` });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=60');
    const again = await ask({ url: `${ORIGIN}/crime-clock` }, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('answers 404 for other addresses, 501 for xml and 400 for bad parameters', async () => {
    expect((await ask({ url: 'https://elsewhere.example/crime-clock' })).statusCode).toBe(404);
    expect((await ask({ url: `${ORIGIN}/glossary` })).statusCode).toBe(404);
    const xml = await ask({ url: `${ORIGIN}/crime-clock`, format: 'xml' });
    expect(xml.statusCode).toBe(501);
    expect(xml.headers.etag).toBeUndefined();
    const bad: Record<string, string>[] = [
      {},
      { url: 'not an address' },
      { url: `${ORIGIN}/crime-clock`, maxwidth: '0' },
      { url: `${ORIGIN}/crime-clock`, maxheight: 'tall' },
      { url: `${ORIGIN}/crime-clock`, format: 'yaml' },
    ];
    for (const query of bad) {
      const res = await ask(query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
    }
  });
});
