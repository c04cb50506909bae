import { createHash } from 'node:crypto';
import type { Sequelize } from 'sequelize';
import { windowCounters } from '../db/window-counters.ts';
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
}

/** A fixed-length bucket key from any parts (address hashes, usernames), so no raw value is stored. */
export function rateKey(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\0')).digest('hex');
}

// Counters of windows that ended longer ago than this are deleted (no limit has a longer window).
const KEEP_MS = 24 * 60 * 60_000;
const PRUNE_EVERY_MS = 60_000;

export function createRateLimiter({
  sequelize,
  now = Date.now,
}: {
  sequelize: Sequelize;
  now?: () => number;
}) {
  const counters = windowCounters(sequelize);
  let lastPrune = 0;

  async function consume(rule: RateRule, key: string): Promise<RateDecision> {
    const at = now();
    const windowStart = at - (at % rule.windowMs);
    const count = await counters.hit(`${rule.name}:${key}`, windowStart);
    if (at - lastPrune >= PRUNE_EVERY_MS) {
      lastPrune = at;
      await counters.prune(at - KEEP_MS);
    }
    return {
      allowed: count <= rule.limit,
      count,
      firstRefusal: count === rule.limit + 1,
      retryAfter: Math.max(1, Math.ceil((windowStart + rule.windowMs - at) / 1000)),
    };
  }

  return {
    consume,
    reset: (rule: RateRule, key: string) => counters.reset(`${rule.name}:${key}`),
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
