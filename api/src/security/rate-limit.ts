import { createHash } from 'node:crypto';
import type { LRUCache } from 'lru-cache';
import type { WindowCounters } from '../db/window-counters.ts';
import { HttpError } from '../http/errors.ts';

/**
 * Request limits that hold under parallel requests and across API nodes: each request first
 * counts itself (one atomic upsert in `rate_limits`, see db/window-counters.ts) and is then
 * allowed or refused by the count it got back. Nothing is checked before it is recorded, so a burst
 * of N parallel requests is N distinct counts and only `limit` of them pass. Refusing costs that
 * one statement, before any hashing, storing or sending.
 *
 * Windows are fixed (they start at multiples of `windowMs` since the epoch); at a boundary a
 * client can get up to twice the limit in a short span, which these limits tolerate.
 *
 * Each node also counts in memory first. Once it has itself sent `limit` requests of a bucket to
 * the database in a window, the shared count is at least `limit`, so any further request of that
 * bucket would be refused there too: it is refused at once, without a database write. A flood of
 * N parallel requests from one address thus costs `limit` writes, not N, and cannot queue the
 * database up in front of everyone else's requests. (A reset clears both counts; it follows an
 * admitted request, which cannot happen on another node while this one holds `limit`.)
 *
 * Kept against rate-limiter-flexible 11.4 (own-vs-library.ts, docs/benchmarks.md): exact alike (10 of 50 at once), 24–58 µs a decision from one key on MariaDB against 311–344, two floods of 50 reach the store 10 times against 50–100; its SQLite store is faster for many keys (82–107 µs against 228–248).
 */

export interface RateRule {
  /** Names the bucket family: `login-address`, `message`… (at most 40 characters). */
  name: string;
  limit: number;
  windowMs: number;
}

export interface RateDecision {
  allowed: boolean;
  /** This request's place in the window (1 = first). */
  count: number;
  /** True for the first request refused in the window: log it once, not every refusal. */
  firstRefusal: boolean;
  /** Seconds until the window ends (at least 1). */
  retryAfter: number;
  /** When the counted window began (ms), for a refund. */
  windowStart: number;
}

/** A fixed-length bucket key from any parts (address hashes, usernames), so no raw value is stored. */
export function rateKey(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\0')).digest('hex');
}

// Counters of windows that ended longer ago than this are deleted (no limit has a longer window).
const KEEP_MS = 24 * 60 * 60_000;
const PRUNE_EVERY_MS = 60_000;
/**
 * Buckets the node counts in memory. They are only a shortcut: past this many, the least recently
 * counted is forgotten (the database still decides exactly; a flooding bucket is the most recent).
 */
export const LOCAL_MAX_BUCKETS = 50_000;

/** One bucket's count on this node in its current window. */
export interface LocalCount {
  windowStart: number;
  count: number;
}
/** The node's in-memory counts by bucket, at most LOCAL_MAX_BUCKETS: built by the root (composition/caches.ts). */
export type LocalCounts = LRUCache<string, LocalCount>;

export interface RateLimiterOptions {
  /** The shared counts (db/window-counters.ts `windowCounters`), built by the root. */
  counters: WindowCounters;
  /** This node's counts, built by the root. */
  local: LocalCounts;
  now?: () => number;
}

export function createRateLimiter({ counters, local, now = Date.now }: RateLimiterOptions) {
  let lastPrune = 0;

  function countLocally(bucket: string, windowStart: number): number {
    let entry = local.get(bucket);
    if (!entry || entry.windowStart !== windowStart) {
      entry = { windowStart, count: 0 };
      local.set(bucket, entry);
    }
    entry.count += 1;
    return entry.count;
  }

  async function consume(rule: RateRule, key: string): Promise<RateDecision> {
    const at = now();
    const windowStart = at - (at % rule.windowMs);
    const retryAfter = Math.max(1, Math.ceil((windowStart + rule.windowMs - at) / 1000));
    const bucket = `${rule.name}:${key}`;
    const localCount = countLocally(bucket, windowStart);
    if (localCount > rule.limit) {
      return {
        allowed: false,
        count: localCount,
        firstRefusal: localCount === rule.limit + 1,
        retryAfter,
        windowStart,
      };
    }
    const count = await counters.hit(bucket, windowStart);
    if (at - lastPrune >= PRUNE_EVERY_MS) {
      lastPrune = at;
      await counters.prune(at - KEEP_MS);
    }
    return {
      allowed: count <= rule.limit,
      count,
      firstRefusal: count === rule.limit + 1,
      retryAfter,
      windowStart,
    };
  }

  return {
    consume,
    /**
     * Takes back a request `consume` admitted, when it was then refused for a reason that is not
     * its own (a busy server): it should not spend the caller's limit.
     */
    async refund(rule: RateRule, key: string, decision: RateDecision) {
      if (!decision.allowed) return;
      const entry = local.get(`${rule.name}:${key}`);
      if (entry?.windowStart === decision.windowStart && entry.count > 0) entry.count -= 1;
      await counters.refund(`${rule.name}:${key}`, decision.windowStart);
    },
    async reset(rule: RateRule, key: string) {
      local.delete(`${rule.name}:${key}`);
      await counters.reset(`${rule.name}:${key}`);
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

/** The 429 every limit answers with: the wait in words and in Retry-After. */
export function tooManyRequests(code: string, what: string, retryAfter: number): HttpError {
  const minutes = Math.ceil(retryAfter / 60);
  return new HttpError(
    429,
    code,
    `${what} Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    { 'retry-after': String(retryAfter) },
  );
}
