import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Leases } from '../db/window-counters.ts';
import { HttpError } from './errors.ts';
import { perAddressCount } from '../../../server-common/addresses/per-address-count.ts';
import { addressGroupOf } from './visitor-address.ts';

/** How long a place outlives a node that stopped renewing it (killed mid-request). */
const DEFAULT_LEASE_MS = 30_000;

export interface InFlightOptions {
  /** Places in the shared `rate_limits` table, so that every API node counts the same places. */
  leases: Leases;
  /**
   * The app's keyed address hash (`app.addressHash`): a bucket names its key only by it, so the
   * shared table holds no address, nor a hash anyone could reverse by hashing every address.
   */
  addressHash: (key: string) => string;
  /** Names the family of places: `search`, `map`… (at most 20 characters). */
  name: string;
  /** Requests of this kind one address (or key) may have in flight across all nodes. */
  perAddress: number;
  /** The refusal: its code, what is limited ("searches"), and the wait it suggests. */
  refusal: { code: string; what: string; retryAfterSeconds: number };
  leaseMs?: number;
  now?: () => number;
}

interface Lease {
  bucket: string;
  until: number;
  /** A renewal under way: the release waits for it, so that it frees the lease's latest end. */
  renewing?: Promise<void>;
}

/**
 * At most `perAddress` requests of one kind in flight from one address, across API nodes, for
 * reads that cost the store far more than they cost the client to ask: a force's 12-month search
 * or map takes the database for a good fraction of a second, and one address asking fifty at once
 * (under the proxy's request rate, spread over the nodes) slowed every other visitor's answers to
 * seconds. Beyond it the request is refused at once with 429 and Retry-After.
 *
 * Each request takes one of the address's `perAddress` places, leases in the `rate_limits` table
 * that every node shares (db/window-counters.ts `leases`), renewed while it runs and freed when its
 * response is finished or its connection closes; a node that dies stops renewing, and its places
 * come back after `leaseMs`. Each node also counts its own requests first: once it alone holds or
 * is taking `perAddress` places for an address, a further request is refused without a database
 * statement, so a flood costs at most `perAddress` claims per node, not one per request.
 *
 * No library holds these places: p-limit/p-queue count in one process, rate-limiter-flexible counts requests in a window (not holders), and npm's shared semaphores need Redis (redis-semaphore), which the API runs without.
 */
export function createInFlightPerAddress(options: InFlightOptions) {
  const { leases, addressHash, perAddress, refusal, leaseMs = DEFAULT_LEASE_MS, now = Date.now } = options;
  const local = perAddressCount();
  const held = new Set<Lease>();
  // Places of each key this node is giving back, until the database has them free: a request of
  // the key that finds every place taken while one of them is still being freed waits for that and
  // tries again, rather than being refused for a place its own node has just let go.
  const freeing = new Map<string, Set<Promise<void>>>();
  // Places this node has finished freeing so far: a request that found every place taken tries
  // again if one was freed meanwhile, as its claims went slot by slot and may have passed it.
  let freedHere = 0;
  // Places given back whose freeing failed (the database away): tried again until their lease ends.
  const unfreed = new Set<Lease>();
  let tender: NodeJS.Timeout | undefined;

  // One timer renews every place this node holds and frees again what could not be freed; a
  // renewal that fails is tried again at the next turn, and a lease lost meanwhile is simply no
  // longer renewed. Without it, an outage of the database would leave the places of the requests
  // it cut short taken for a whole lease after it came back.
  async function tend() {
    const at = now();
    const until = at + leaseMs;
    const renewals = [...held].map((lease) => {
      lease.renewing = leases
        .renew(lease.bucket, lease.until, until)
        .then((kept) => {
          if (kept) lease.until = until;
          else held.delete(lease);
        })
        .catch(() => {})
        .finally(() => (lease.renewing = undefined));
      return lease.renewing;
    });
    const frees = [...unfreed].map((lease) => {
      if (lease.until < at) return unfreed.delete(lease);
      return leases.free(lease.bucket, lease.until).then(
        () => unfreed.delete(lease),
        () => {},
      );
    });
    await Promise.all([...renewals, ...frees]);
    if (held.size === 0 && unfreed.size === 0) {
      clearInterval(tender);
      tender = undefined;
    }
  }

  function keepTending() {
    tender ??= setInterval(() => void tend(), Math.max(100, Math.floor(leaseMs / 3)));
    tender.unref();
  }

  /**
   * Takes a place for `key` (an address group, or a partner key with its address). Its release
   * gives it back once however often it is called; what it returns settles when the place is free
   * in the database too, or its freeing failed and will be tried again (it never rejects).
   * Undefined when all the key's places are taken.
   */
  async function take(key: string): Promise<(() => Promise<void>) | undefined> {
    if (local.of(key) >= perAddress) return undefined;
    const releaseLocal = local.take(key);
    let lease: Lease | undefined;
    try {
      const hashed = addressHash(key);
      for (let attempt = 0; attempt <= perAddress && !lease; attempt++) {
        const before = freedHere;
        lease = await claimAny(hashed);
        if (lease) break;
        const beingFreed = freeing.get(key);
        if (beingFreed) await Promise.all(beingFreed);
        else if (freedHere === before) break;
      }
    } catch (error) {
      releaseLocal();
      throw error;
    }
    if (!lease) {
      releaseLocal();
      return undefined;
    }
    const mine = lease;
    held.add(mine);
    keepTending();
    let freed: Promise<void> | undefined;
    return () => {
      if (freed) return freed;
      releaseLocal();
      held.delete(mine);
      const freeingNow = Promise.resolve(mine.renewing)
        .then(() => leases.free(mine.bucket, mine.until))
        .catch(() => {
          unfreed.add(mine);
          keepTending();
        });
      freed = freeingNow;
      const ofKey = freeing.get(key) ?? new Set<Promise<void>>();
      freeing.set(key, ofKey.add(freeingNow));
      void freeingNow.then(() => {
        freedHere++;
        ofKey.delete(freeingNow);
        if (ofKey.size === 0 && freeing.get(key) === ofKey) freeing.delete(key);
      });
      return freed;
    };
  }

  /** The first of the key's `perAddress` places free in the shared table, claimed; else undefined. */
  async function claimAny(hashed: string): Promise<Lease | undefined> {
    for (let slot = 0; slot < perAddress; slot++) {
      const bucket = `inflight-${options.name}:${hashed}:${slot}`;
      const at = now();
      if (await leases.claim(bucket, at, at + leaseMs)) return { bucket, until: at + leaseMs };
    }
    return undefined;
  }

  function refused(): HttpError {
    return new HttpError(
      429,
      refusal.code,
      `At most ${perAddress} ${refusal.what} at once from one address: wait for one to finish.`,
      { 'retry-after': String(refusal.retryAfterSeconds) },
    );
  }

  /** Holds a place for `key` until the response is finished or its connection closes; else 429. */
  async function hold(key: string, reply: FastifyReply): Promise<void> {
    const release = await take(key);
    if (!release) throw refused();
    if (reply.raw.closed) void release();
    else reply.raw.once('close', () => void release());
  }

  return {
    perAddress,
    take,
    hold,
    refused,
    /** A route's onRequest hook: one place of the request's address (an IPv6 /64 is one address). */
    admit: (request: FastifyRequest, reply: FastifyReply) => hold(addressGroupOf(request), reply),
    /** Places this node holds for `key`, and the keys it holds places for. */
    heldHere: (key: string) => local.of(key),
    keysHere: () => local.addresses(),
  };
}

export type InFlightPerAddress = ReturnType<typeof createInFlightPerAddress>;
