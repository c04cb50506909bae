import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../../../../tests/support/database.ts';
import { openDatabase } from '../../db/connection.ts';
import { manualClock } from '../../../../tests/support/admin-app.ts';
import { createApiKeyService } from '../keys/api-key-service.ts';
import { createDailyLimiter, utcDay } from './daily-limit.ts';

describe('utcDay', () => {
  it('names the UTC day and the midnight that ends it', () => {
    expect(utcDay(Date.UTC(2025, 11, 31, 23, 59, 59))).toEqual({
      day: '2025-12-31',
      resetAt: Date.UTC(2026, 0, 1) / 1000,
    });
    expect(utcDay(Date.UTC(2025, 5, 1, 0, 0, 0))).toEqual({
      day: '2025-06-01',
      resetAt: Date.UTC(2025, 5, 2) / 1000,
    });
  });
});

describe.each(testDialects)('daily limit on %s', (dialect) => {
  let db: TestDatabase;
  const clock = manualClock(Date.UTC(2025, 5, 1, 22, 0, 0));
  const newKey = async (limit: number) =>
    (
      await createApiKeyService({ sequelize: db.sequelize }).create({
        name: `limit ${limit}`,
        dailyRateLimit: limit,
      })
    ).key.id;

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('allows exactly the limit in a day, reports what is left, and starts again at midnight UTC', async () => {
    const limiter = createDailyLimiter({ sequelize: db.sequelize, now: clock.now });
    const id = await newKey(3);
    const reset = Date.UTC(2025, 5, 2) / 1000;
    expect(await limiter.peek(id, 3)).toEqual({ limit: 3, remaining: 3, resetAt: reset, retryAfter: 7200 });
    const first = await limiter.consume(id, 3);
    expect(first).toEqual({ allowed: true, limit: 3, remaining: 2, resetAt: reset, retryAfter: 7200 });
    expect((await limiter.consume(id, 3)).remaining).toBe(1);
    expect((await limiter.consume(id, 3)).remaining).toBe(0);
    clock.advance(1500);
    const refused = await limiter.consume(id, 3);
    expect(refused).toEqual({ allowed: false, limit: 3, remaining: 0, resetAt: reset, retryAfter: 7199 });
    expect(await limiter.peek(id, 3)).toMatchObject({ remaining: 0 });

    clock.advance(2 * 60 * 60 * 1000);
    const tomorrow = await limiter.consume(id, 3);
    expect(tomorrow).toMatchObject({ allowed: true, remaining: 2, resetAt: Date.UTC(2025, 5, 3) / 1000 });
    const rows = await db.sequelize.query<{ day: string; count: unknown }>(
      'SELECT day, count FROM api_key_usage WHERE key_id = :id ORDER BY day',
      { replacements: { id }, type: QueryTypes.SELECT },
    );
    expect(rows.map((r) => [r.day, Number(r.count)])).toEqual([
      ['2025-06-01', 3],
      ['2025-06-02', 1],
    ]);
  });

  it('lets exactly 100 of 300 simultaneous requests through', async () => {
    const limiter = createDailyLimiter({ sequelize: db.sequelize, now: clock.now });
    const id = await newKey(100);
    const decisions = await Promise.all(Array.from({ length: 300 }, () => limiter.consume(id, 100)));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(100);
    // Each allowed request saw a different count: the remaining values are 99..0 once each.
    const remaining = decisions
      .filter((d) => d.allowed)
      .map((d) => d.remaining)
      .sort((a, b) => a - b);
    expect(remaining).toEqual(Array.from({ length: 100 }, (_, i) => i));
  });

  it('stays exact across two connections to the same database (two API nodes)', async () => {
    const other = openDatabase({ url: db.url });
    try {
      const nodes = [db.sequelize, other].map((sequelize) =>
        createDailyLimiter({ sequelize, now: clock.now }),
      );
      const id = await newKey(100);
      const decisions = await Promise.all(
        Array.from({ length: 300 }, (_, i) => nodes[i % 2]!.consume(id, 100)),
      );
      expect(decisions.filter((d) => d.allowed)).toHaveLength(100);
      const [row] = await db.sequelize.query<{ count: unknown }>(
        'SELECT count FROM api_key_usage WHERE key_id = :id',
        { replacements: { id }, type: QueryTypes.SELECT },
      );
      expect(Number(row!.count)).toBe(100);
    } finally {
      await other.close();
    }
  });
});
