import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../../../common/config/config.ts';
import { CSV_COLUMNS } from '../../../../common/search/export.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '../../../../tests/support/database.ts';
import { buildApp, type App } from '../../app.ts';
import { CENTRE_POSTCODE, loadFixture } from '../../../../tests/support/search-fixture.ts';
import { createApiKeyService } from '../keys/api-key-service.ts';

const QUERY = { postcode: CENTRE_POSTCODE, startMonth: '2025-01', endMonth: '2025-06' };

describe.each(testDialects)('partner export on %s', (dialect) => {
  let db: TestDatabase;
  let app: App;
  let apiKey: string;

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    await loadFixture(db.sequelize);
    app = await buildApp({ config: parseConfig({ DATABASE_URL: db.url }), sequelize: db.sequelize });
    ({ apiKey } = await createApiKeyService({ sequelize: db.sequelize }).create({
      name: 'Exporter',
      dailyRateLimit: 5,
    }));
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  const url = (query: Record<string, string>) =>
    `/api/external/crime-search/export?${new URLSearchParams(query)}`;

  it('gives a key holder the same file as the public export, counted as one request', async () => {
    for (const format of ['csv', 'json']) {
      const own = await app.inject({
        method: 'GET',
        url: `/api/crimes/export?${new URLSearchParams({ format, searchType: 'radius', ...QUERY })}`,
      });
      const res = await app.inject({
        method: 'GET',
        url: url({ format, ...QUERY }),
        headers: { 'x-api-key': apiKey },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="crimes-sw1a-1aa-2025-01-to-2025-06.${format}"`,
      );
      expect(res.headers['x-ratelimit-limit']).toBe('5');
      if (format === 'csv') {
        expect(res.body).toBe(own.body);
        expect((parse(res.body.slice(1)) as string[][])[0]).toEqual([...CSV_COLUMNS]);
      } else {
        const { exportedAt: _a, ...theirs } = res.json();
        const { exportedAt: _b, ...ours } = own.json();
        expect(theirs).toEqual(ours);
        expect(theirs.crimes.length).toBeGreaterThan(0);
      }
    }
    const used = await app.inject({
      method: 'GET',
      url: url({ format: 'csv', ...QUERY }),
      headers: { 'x-api-key': apiKey },
    });
    expect(used.headers['x-ratelimit-remaining']).toBe('2');
  });

  it('refuses without a key, and bad criteria with 400 and no file', async () => {
    const missing = await app.inject({ method: 'GET', url: url({ format: 'csv', ...QUERY }) });
    expect(missing.statusCode).toBe(401);
    const reversed = await app.inject({
      method: 'GET',
      url: url({ format: 'csv', postcode: CENTRE_POSTCODE, startMonth: '2025-06', endMonth: '2025-01' }),
      headers: { 'x-api-key': apiKey },
    });
    expect(reversed.statusCode, reversed.body).toBe(400);
    expect(reversed.headers['content-disposition']).toBeUndefined();
    // Problem details, whole: the route's response schema must not strip the RFC 9457 members.
    expect(reversed.headers['content-type']).toMatch(/^application\/problem\+json\b/);
    expect(reversed.json()).toMatchObject({ status: 400, title: 'Bad Request', success: false });
    expect(reversed.json().type).toMatch(/\/developers#error-[A-Z_]+$/);
    expect(reversed.json().detail).toBe(reversed.json().error);
    expect(reversed.headers.ratelimit).toMatch(/^"daily";r=\d+;t=\d+$/);
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.paths['/api/external/crime-search/export'].get.operationId).toBe('partnerCrimeExport');
  });
});
