import type { LRUCache } from 'lru-cache';
import { rateKey, type RateDecision, type RateLimiter, type RateRule } from '../security/rate-limit.ts';

/**
 * Slows password guessing down without letting anyone lock an admin out. Every sign-in attempt is
 * counted BEFORE its password is checked (an atomic count, see security/rate-limit.ts), per
 * address and per (account, address), never per account alone: a flood from other addresses
 * cannot stop the real admin signing in from theirs. Guessing spread over many addresses is met
 * by long, uncommon passwords, the second factor and the security log instead.
 *
 * The policy of rate-limiter-flexible's brute-force example (by address, by username and address) over our rate-limit.ts, measured against that library there.
 */

/** Addresses whose refunds this node remembers: past this many, the least recent is forgotten. */
export const REFUNDS_KEPT = 10_000;
/** Refunds given to an address in one window. */
export interface RefundsGiven {
  windowStart: number;
  count: number;
}
/** Refunds given per address hash: built by the root (composition/caches.ts). */
export type LoginRefunds = LRUCache<string, RefundsGiven>;

export interface LoginThrottleOptions {
  limiter: RateLimiter;
  /** This node's refunds per address, at most REFUNDS_KEPT, built by the root. */
  refunds: LoginRefunds;
  /**
   * The app's keyed address hash (`app.addressHash`): buckets never hold an address. What it
   * hashes is the visitor's address group (api/src/http/visitor-address.ts): an IPv6 /64 is one.
   */
  addressHash: (address: string) => string;
  windowMs?: number;
  /** Attempts one address may make on one account per window. */
  maxPerAccountAndAddress?: number;
  /** Attempts one address may make on any accounts per window. */
  maxPerAddress?: number;
}

export const THROTTLE_DEFAULTS = {
  windowMs: 15 * 60_000,
  maxPerAccountAndAddress: 5,
  maxPerAddress: 20,
} as const;

export type ThrottleScope = 'address' | 'account-address';
export type ThrottleDecision = RateDecision & { scope?: ThrottleScope };

export function createLoginThrottle({
  limiter,
  refunds,
  addressHash,
  windowMs = THROTTLE_DEFAULTS.windowMs,
  maxPerAccountAndAddress = THROTTLE_DEFAULTS.maxPerAccountAndAddress,
  maxPerAddress = THROTTLE_DEFAULTS.maxPerAddress,
}: LoginThrottleOptions) {
  const byAddress: RateRule = { name: 'login-address', limit: maxPerAddress, windowMs };
  const byAccountAndAddress: RateRule = {
    name: 'login-account',
    limit: maxPerAccountAndAddress,
    windowMs,
  };
  const pairKey = (username: string, address: string) => rateKey(addressHash(address), username);

  /**
   * Counts an attempt from this address. It is the first of the two counts and needs nothing from
   * the request's body, so the sign-in route makes it before the body is read: once an address is
   * over its limit, its further attempts are refused for the cost of an in-memory count.
   */
  async function admitAddress(address: string): Promise<ThrottleDecision> {
    const decision = await limiter.consume(byAddress, addressHash(address));
    return decision.allowed ? decision : { ...decision, scope: 'address' };
  }

  /** Counts an attempt on one account from this address, once the address's count admitted it. */
  async function admitAccount(username: string, address: string): Promise<ThrottleDecision> {
    const pair = await limiter.consume(byAccountAndAddress, pairKey(username, address));
    return pair.allowed ? pair : { ...pair, scope: 'account-address' };
  }

  /**
   * Gives back an address's count for an attempt the server refused unchecked (busy). Refunds given
   * per address and window are counted on this node (`refunds`): at most as many as the address's
   * limit, so that during a flood an address still reaches its limit and is then refused for the
   * cost of an in-memory count, not two database writes a request.
   */
  async function refundAddress(address: string, decision: ThrottleDecision): Promise<void> {
    const key = addressHash(address);
    let given = refunds.get(key);
    if (given?.windowStart !== decision.windowStart) {
      given = { windowStart: decision.windowStart, count: 0 };
      refunds.set(key, given);
    }
    if (given.count >= maxPerAddress) return;
    given.count += 1;
    await limiter.refund(byAddress, key, decision);
  }

  /** A signed-in admin starts afresh on that account from that address. */
  async function succeeded(username: string, address: string): Promise<void> {
    await limiter.reset(byAccountAndAddress, pairKey(username, address));
  }

  return {
    admitAddress,
    admitAccount,
    refundAddress,
    succeeded,
    limits: { windowMs, maxPerAccountAndAddress, maxPerAddress },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
