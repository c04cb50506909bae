import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../../../tests/support/database.ts';
import {
  buildAdminTestApp,
  createTestAdmin,
  SAME_ORIGIN,
  signInTestAdmin,
} from '../../../tests/support/admin-app.ts';
import type { App } from '../app.ts';

// A JSON body with bytes that are not UTF-8 is refused, not stored with U+FFFD in their place.
describe.each(testDialects)('JSON bodies that are not UTF-8, on %s', (dialect) => {
  let db: TestDatabase;
  let app: App;
  let cookies: Record<string, string>;

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    ({ app } = await buildAdminTestApp({ sequelize: db.sequelize, databaseUrl: db.url }));
    await createTestAdmin(db.sequelize);
    cookies = await signInTestAdmin(app);
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  const post = (url: string, body: Buffer) =>
    app.inject({
      method: 'POST',
      url,
      headers: { ...SAME_ORIGIN, 'content-type': 'application/json; charset=utf-8' },
      cookies,
      payload: body,
    });
  const bytes = (...parts: (string | number[])[]) =>
    Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'utf8') : Buffer.from(p))));

  it('refuses stray bytes, a cut multi-byte character and an overlong form, and stores nothing', async () => {
    for (const bad of [
      [0xff, 0xfe],
      [0xe2, 0x82],
      [0xc0, 0xaf],
      [0xed, 0xa0, 0x80],
    ]) {
      const res = await post('/api/admin/api-keys', bytes('{"name":"bad-', bad, '-bytes"}'));
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        code: 'INVALID_UTF8',
        error: 'The request body is not valid UTF-8 text.',
      });
    }
    const search = await post('/api/crimes/search', bytes('{"postcode":"SW1A ', [0xff], '"}'));
    expect(search.statusCode).toBe(400);
    expect(search.json()).toMatchObject({ code: 'INVALID_UTF8' });

    const list = await app.inject({ method: 'GET', url: '/api/admin/api-keys', cookies });
    expect(list.json().apiKeys).toEqual([]);
  });

  it('takes every character UTF-8 can carry, four-byte ones too, as sent', async () => {
    const name = 'Partner 🚓 Straße – ✓';
    const res = await post('/api/admin/api-keys', bytes(JSON.stringify({ name })));
    expect(res.statusCode).toBe(201);
    expect(res.json().name).toBe(name);
  });

  it("still refuses __proto__ keys, as Fastify's own parser does", async () => {
    const res = await post('/api/admin/api-keys', bytes('{"name":"x","__proto__":{"admin":true}}'));
    expect(res.statusCode).toBe(400);
  });
});
