import { LRUCache } from 'lru-cache';
import { describe, expect, it } from 'vitest';
import type { WindowCounters } from '../db/window-counters.ts';
import { createRateLimiter, type LocalCount, type RateRule } from './rate-limit.ts';

/** The shared counts as a map, counting the writes that reach it (the database's stand-in). */
function countersInMemory() {
  const counts = new Map<string, number>();
  let writes = 0;
  const counters: WindowCounters = {
    async hit(bucket, windowStart) {
      writes += 1;
      const key = `${bucket}@${windowStart}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
      return counts.get(key)!;
    },
    async reset(bucket) {
      for (const key of counts.keys()) if (key.startsWith(`${bucket}@`)) counts.delete(key);
    },
    async refund(bucket, windowStart) {
      const key = `${bucket}@${windowStart}`;
      if (counts.has(key)) counts.set(key, counts.get(key)! - 1);
    },
    async prune() {},
  };
  return { counters, writes: () => writes };
}

// One instant: no window ends during a test.
const now = () => 1_000_000;
const RULE: RateRule = { name: 'test', limit: 5, windowMs: 60_000 };

describe('the rate limiter counts on the node first', () => {
  it('lets `limit` of a parallel flood through to the shared counts and refuses the rest at once', async () => {
    const { counters, writes } = countersInMemory();
    const limiter = createRateLimiter({
      counters,
      local: new LRUCache<string, LocalCount>({ max: 10 }),
      now,
    });
    const decisions = await Promise.all(Array.from({ length: 50 }, () => limiter.consume(RULE, 'flood')));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(RULE.limit);
    expect(decisions.filter((d) => d.firstRefusal)).toHaveLength(1);
    expect(writes()).toBe(RULE.limit);
  });

  it('keeps a flooding bucket while others pass through its bounded counts, and forgets the least recent', async () => {
    const { counters, writes } = countersInMemory();
    const limiter = createRateLimiter({ counters, local: new LRUCache<string, LocalCount>({ max: 3 }), now });
    for (let i = 0; i < RULE.limit; i++) await limiter.consume(RULE, 'flood');
    await limiter.consume(RULE, 'quiet');
    for (let i = 0; i < 20; i++) {
      // The flood is counted between every other visitor: it stays the most recent bucket.
      await limiter.consume(RULE, `visitor-${i}`);
      expect((await limiter.consume(RULE, 'flood')).allowed).toBe(false);
    }
    expect(writes()).toBe(RULE.limit + 1 + 20);
    // 'quiet' was forgotten on the node: its next request is counted by the shared counts again.
    await limiter.consume(RULE, 'quiet');
    expect(writes()).toBe(RULE.limit + 1 + 20 + 1);
  });

  it('gives a refunded place back on the node too', async () => {
    const { counters, writes } = countersInMemory();
    const limiter = createRateLimiter({
      counters,
      local: new LRUCache<string, LocalCount>({ max: 10 }),
      now,
    });
    let last;
    for (let i = 0; i < RULE.limit; i++) last = await limiter.consume(RULE, 'a');
    await limiter.refund(RULE, 'a', last!);
    expect((await limiter.consume(RULE, 'a')).allowed).toBe(true);
    expect((await limiter.consume(RULE, 'a')).allowed).toBe(false);
    expect(writes()).toBe(RULE.limit + 1);
  });
});
