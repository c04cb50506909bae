import { describe, expect, it } from 'vitest';
import { appOnTestDatabase } from '../../../tests/support/app-on-database.ts';
import { testDialects } from '../../../tests/support/database.ts';
import { loadFixture } from '../../../tests/support/search-fixture.ts';
import { recordDatasetMonth } from '../police-data/import/dataset-months.ts';

const CACHED = ['/api/forces', '/api/available-dates'];

describe.each(testDialects)('answers that cache on %s', (dialect) => {
  const ctx = appOnTestDatabase(dialect, { seed: async (db) => void (await loadFixture(db.sequelize)) });

  const get = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers });

  it.each(CACHED)(
    '%s carries a strong ETag and a max-age, and answers 304 with no body to it',
    async (url) => {
      const first = await get(url);
      expect(first.statusCode).toBe(200);
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"[^"]+"$/);
      expect(first.headers['cache-control']).toBe('public, max-age=60');

      const again = await get(url, { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['cache-control']).toBe('public, max-age=60');

      // A tag from elsewhere, or none: the whole answer.
      expect((await get(url, { 'if-none-match': '"not-this-one"' })).statusCode).toBe(200);
      expect((await get(url)).json()).toEqual(first.json());
    },
  );

  it('gives both answers a new tag after an import, and the new answer to the old tag', async () => {
    const before = await Promise.all(CACHED.map((url) => get(url)));
    // What an import of July 2025 leaves behind for the Metropolitan Police.
    await ctx.db.sequelize.transaction((transaction) =>
      recordDatasetMonth(ctx.db.sequelize, transaction, {
        forceId: 'metropolitan',
        month: 202507,
        dataset: 'street',
        rows: 10,
        skipped: 0,
        synthetic: false,
        importId: 1,
      }),
    );
    for (const [i, url] of CACHED.entries()) {
      const old = before[i]!;
      const after = await get(url, { 'if-none-match': old.headers.etag as string });
      expect(after.statusCode, url).toBe(200);
      expect(after.headers.etag).not.toBe(old.headers.etag);
      expect(after.body).not.toBe(old.body);
    }
    expect((await get('/api/available-dates')).json().dates[0].date).toBe('2025-07');
  });

  it('does not tag answers that depend on more than the data', async () => {
    const clock = await get('/api/csew-clock');
    expect(clock.statusCode).toBe(200);
    expect(clock.headers.etag).toBeUndefined();
  });
});
