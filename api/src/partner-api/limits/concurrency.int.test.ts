import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../../../../tests/support/database.ts';
import type { App } from '../../app.ts';
import { buildAdminTestApp } from '../../../../tests/support/admin-app.ts';
import { openDatabase } from '../../db/connection.ts';
import { CENTRE_POSTCODE, loadFixture } from '../../../../tests/support/search-fixture.ts';
import { createApiKeyService } from '../keys/api-key-service.ts';

/**
 * The daily limit is exact under load: with a limit of 100, 300 simultaneous partner searches give
 * exactly 100 answers and 200 refusals, on one API node and split across two nodes (two app
 * instances, each with its own connection pool, on one database). They come from 300 visitors'
 * addresses, as a partner site's searches do (one address has only SEARCHES_PER_ADDRESS at once).
 */

const QUERY = { postcode: CENTRE_POSTCODE, radius: 1, startMonth: 'RECENT_3_MONTHS' };

describe.each(testDialects)('exact daily limit under concurrency on %s', (dialect) => {
  let db: TestDatabase;
  let second: Awaited<ReturnType<typeof openDatabase>>;
  let nodeA: App;
  let nodeB: App;

  const node = async (sequelize: typeof db.sequelize) =>
    (await buildAdminTestApp({ sequelize, databaseUrl: db.url })).app;

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    await loadFixture(db.sequelize);
    second = openDatabase({ url: db.url });
    nodeA = await node(db.sequelize);
    nodeB = await node(second);
  });
  afterAll(async () => {
    await nodeA?.close();
    await nodeB?.close();
    await second?.close();
    await db?.drop();
  });

  async function fire(apps: App[], apiKey: string, count: number) {
    const answers = await Promise.all(
      Array.from({ length: count }, (_, i) =>
        apps[i % apps.length]!.inject({
          method: 'POST',
          url: '/api/external/crime-search',
          remoteAddress: `10.0.${i >> 8}.${i & 255}`,
          headers: { 'x-api-key': apiKey },
          payload: QUERY,
        }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    return {
      ok: answers.filter((a) => a.statusCode === 200),
      limited: answers.filter((a) => a.statusCode === 429),
      other: statuses.filter((s) => s !== 200 && s !== 429),
    };
  }

  async function newKey() {
    const { apiKey, key } = await createApiKeyService({ sequelize: db.sequelize }).create({
      name: 'Load',
      dailyRateLimit: 100,
    });
    return { apiKey, id: key.id };
  }

  async function counted(id: number) {
    const [row] = await db.sequelize.query<{ used: unknown }>(
      'SELECT SUM(count) AS used FROM api_key_usage WHERE key_id = :id',
      { replacements: { id }, type: QueryTypes.SELECT },
    );
    const key = (await createApiKeyService({ sequelize: db.sequelize }).list()).find((k) => k.id === id)!;
    return { requestCount: key.requestCount, used: Number(row!.used) };
  }

  it('one node: 300 simultaneous requests, exactly 100 answered and 200 refused', async () => {
    const { apiKey, id } = await newKey();
    const { ok, limited, other } = await fire([nodeA], apiKey, 300);
    expect(other).toEqual([]);
    expect(ok).toHaveLength(100);
    expect(limited).toHaveLength(200);
    expect(
      limited.every((r) => r.json().code === 'RATE_LIMITED' && Number(r.headers['retry-after']) > 0),
    ).toBe(true);
    expect(new Set(ok.map((r) => r.headers['x-ratelimit-remaining'])).size).toBe(100);
    expect(await counted(id)).toEqual({ requestCount: 100, used: 100 });
  });

  it('two nodes sharing the database: still exactly 100 of 300', async () => {
    const { apiKey, id } = await newKey();
    const { ok, limited, other } = await fire([nodeA, nodeB], apiKey, 300);
    expect(other).toEqual([]);
    expect(ok).toHaveLength(100);
    expect(limited).toHaveLength(200);
    expect(await counted(id)).toEqual({ requestCount: 100, used: 100 });
  });
});
