import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../../../../tests/support/database.ts';
import { manualClock } from '../../../../tests/support/admin-app.ts';
import { HttpError } from '../../http/errors.ts';
import { createDailyLimiter } from '../limits/daily-limit.ts';
import { createApiKeyService, type ApiKeyService } from './api-key-service.ts';
import { hashApiKey } from './key-format.ts';

async function failure(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe.each(testDialects)('API key service on %s', (dialect) => {
  let db: TestDatabase;
  let keys: ApiKeyService;
  const clock = manualClock(Date.UTC(2025, 5, 1, 9, 0, 0));

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    keys = createApiKeyService({ sequelize: db.sequelize, now: clock.now });
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('creates a key, shows it once, and stores only its hash and visible start', async () => {
    const { apiKey, key } = await keys.create({
      name: '  Partner One  ',
      domain: ' Partner.Example ',
      dailyRateLimit: 50,
    });
    expect(key).toEqual({
      id: expect.any(Number),
      name: 'Partner One',
      domain: 'partner.example',
      dailyRateLimit: 50,
      requestCount: 0,
      lastRequestAt: null,
      status: 'active',
      keyPrefix: apiKey.slice(0, 10),
      createdAt: '2025-06-01T09:00:00.000Z',
      revokedAt: null,
    });
    const rows = await db.sequelize.query<Record<string, unknown>>('SELECT * FROM api_keys WHERE id = :id', {
      replacements: { id: key.id },
      type: QueryTypes.SELECT,
    });
    expect(rows).toHaveLength(1);
    const stored = JSON.stringify(rows[0]);
    expect(stored).not.toContain(apiKey);
    expect(stored).not.toContain(apiKey.slice(10));
    expect(rows[0]!.key_hash).toBe(hashApiKey(apiKey));
    expect(JSON.stringify(await keys.list())).not.toContain(apiKey);
  });

  it('defaults to 1000 a day and no domain', async () => {
    const { key } = await keys.create({ name: 'Defaults' });
    expect(key).toMatchObject({ dailyRateLimit: 1000, domain: null });
    expect((await keys.create({ name: 'Blank domain', domain: '   ' })).key.domain).toBeNull();
  });

  it.each([
    [{ name: '   ' }, 'INVALID_NAME'],
    [{ name: 'x'.repeat(101) }, 'INVALID_NAME'],
    [{ name: 'ok', domain: 'https://example.com/' }, 'INVALID_DOMAIN'],
    // A daily limit out of bounds is the schema's 400 (partner-api.int.test.ts), before the service.
  ])('refuses %j with %s', async (input, code) => {
    const error = await failure(keys.create(input));
    expect(error).toMatchObject({ statusCode: 400, code });
  });

  it('authenticates a key, and tells missing, unknown and revoked keys apart', async () => {
    const { apiKey, key } = await keys.create({ name: 'Auth', dailyRateLimit: 7 });
    expect(await keys.authenticate(apiKey)).toEqual({
      id: key.id,
      name: 'Auth',
      domain: null,
      dailyRateLimit: 7,
    });
    expect(await failure(keys.authenticate(undefined))).toMatchObject({
      statusCode: 401,
      code: 'API_KEY_MISSING',
    });
    expect(await failure(keys.authenticate('  '))).toMatchObject({
      statusCode: 401,
      code: 'API_KEY_MISSING',
    });
    expect(await failure(keys.authenticate('nonsense'))).toMatchObject({ code: 'API_KEY_INVALID' });
    // Same shape, one character changed: a well-formed key that was never issued.
    const forged = apiKey.slice(0, -1) + (apiKey.endsWith('A') ? 'B' : 'A');
    expect(await failure(keys.authenticate(forged))).toMatchObject({ code: 'API_KEY_INVALID' });
    // The stored hash is not a key either.
    expect(await failure(keys.authenticate(hashApiKey(apiKey)))).toMatchObject({ code: 'API_KEY_INVALID' });

    clock.advance(60_000);
    const { key: revoked, revokedNow } = await keys.revoke(key.id);
    expect(revokedNow).toBe(true);
    expect(revoked).toMatchObject({ status: 'revoked', revokedAt: '2025-06-01T09:01:00.000Z' });
    expect(await failure(keys.authenticate(apiKey))).toMatchObject({
      statusCode: 401,
      code: 'API_KEY_REVOKED',
    });
    // Irreversible and idempotent: revoking again keeps the first revocation time.
    clock.advance(60_000);
    expect(await keys.revoke(key.id)).toEqual({ key: revoked, revokedNow: false });
    expect(await failure(keys.revoke(999_999))).toMatchObject({ statusCode: 404, code: 'API_KEY_NOT_FOUND' });
  });

  it('reports the requests served and the last one from the daily counters', async () => {
    const { key } = await keys.create({ name: 'Used' });
    const limiter = createDailyLimiter({ sequelize: db.sequelize, now: clock.now });
    clock.advance(1000);
    await limiter.consume(key.id, 10);
    clock.advance(24 * 60 * 60 * 1000);
    await limiter.consume(key.id, 10);
    await limiter.consume(key.id, 10);
    const listed = (await keys.list()).find((k) => k.id === key.id);
    expect(listed).toMatchObject({ requestCount: 3, lastRequestAt: new Date(clock.now()).toISOString() });
  });

  it('lists the newest key first', async () => {
    clock.advance(1000);
    const { key } = await keys.create({ name: 'Newest' });
    expect((await keys.list())[0]!.id).toBe(key.id);
  });
});
