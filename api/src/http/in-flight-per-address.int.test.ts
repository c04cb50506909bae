import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../../../tests/support/database.ts';
import { openDatabase } from '../db/connection.ts';
import { leases } from '../db/window-counters.ts';
import { createInFlightPerAddress } from './in-flight-per-address.ts';
import { addressHash, ephemeralAddressKey } from '../../../server-common/security/address-hash.ts';

const REFUSAL = { code: 'TOO_MANY_AT_ONCE', what: 'searches', retryAfterSeconds: 1 };

// Two API nodes are two limiters on two connections to one store, as two processes would be.
describe.each(testDialects)('places in flight per address, shared by API nodes, on %s', (dialect) => {
  // The app's keyed address hash: every node of one app has the same key (SECRET_KEY).
  const key = ephemeralAddressKey();
  const hashed = (address: string) => addressHash(address, key);
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(dialect);
  });
  afterAll(() => db?.drop());

  const node = (sequelize = db.sequelize, leaseMs?: number) =>
    createInFlightPerAddress({
      leases: leases(sequelize),
      addressHash: hashed,
      name: 'search',
      perAddress: 3,
      refusal: REFUSAL,
      leaseMs,
    });

  it('gives 3 of 50 parallel requests from one address, spread over two nodes, a place', async () => {
    const other = openDatabase({ url: db.url });
    try {
      const nodes = [node(), node(other)];
      const taken = await Promise.all(
        Array.from({ length: 50 }, (_, i) => nodes[i % 2]!.take('203.0.113.9')),
      );
      const admitted = taken.filter((release) => release !== undefined);
      expect(admitted).toHaveLength(3);
      // Another address is not affected, and a freed place is taken again on the other node.
      expect(await nodes[0]!.take('203.0.113.10')).toBeDefined();
      await admitted[0]!();
      expect(await nodes[1]!.take('203.0.113.9')).toBeDefined();
      expect(await nodes[0]!.take('203.0.113.9')).toBeUndefined();
    } finally {
      await other.close();
    }
  });

  it("names an address's places by its keyed hash only: the store holds neither the address nor its plain hash", async () => {
    const address = '203.0.113.44';
    const release = await node().take(address);
    const [rows] = await db.sequelize.query(
      "SELECT bucket FROM rate_limits WHERE bucket LIKE 'inflight-search:%' AND count = 1",
    );
    const buckets = (rows as { bucket: string }[]).map((row) => row.bucket);
    expect(buckets).toContain(`inflight-search:${hashed(address)}:0`);
    const plain = createHash('sha256').update(address).digest('hex');
    expect(buckets.filter((bucket) => bucket.includes(address) || bucket.includes(plain))).toEqual([]);
    await release!();
  });

  it('gives the places of a node that died back once their leases run out, and keeps renewed ones', async () => {
    const doomed = openDatabase({ url: db.url });
    const dying = node(doomed, 600);
    const alive = node(db.sequelize, 600);
    expect(await dying.take('198.51.100.3')).toBeDefined();
    expect(await dying.take('198.51.100.3')).toBeDefined();
    const kept = await alive.take('198.51.100.3');
    expect(kept).toBeDefined();
    await doomed.close(); // the node is gone: nothing frees or renews its two places
    expect(await alive.take('198.51.100.3')).toBeUndefined();

    await new Promise((resolve) => setTimeout(resolve, 1500));
    // Two leases ran out; the living node's own place was renewed meanwhile and is still held (a
    // third node asks, so that the living node's own count does not decide).
    const third = node(db.sequelize, 600);
    const again = await Promise.all([1, 2, 3].map(() => third.take('198.51.100.3')));
    expect(again.filter((release) => release !== undefined)).toHaveLength(2);
    await Promise.all([kept, ...again].map((release) => release?.()));
  });

  it("gives a request the place its own node is still freeing, not a refusal (a caller's next search)", async () => {
    // The store's leases, each freeing held back until the test lets it go, as a slow store would.
    const real = leases(db.sequelize);
    let letGo: () => void = () => {};
    const slowFree = {
      ...real,
      free: async (bucket: string, heldUntil: number) => {
        await new Promise<void>((resolve) => (letGo = resolve));
        return real.free(bucket, heldUntil);
      },
    };
    const places = createInFlightPerAddress({
      leases: slowFree,
      addressHash: hashed,
      name: 'next-search',
      perAddress: 1,
      refusal: REFUSAL,
    });
    const first = await places.take('192.0.2.78');
    const freed = first!();
    // Asked again as soon as the answer went out: the one place is still taken in the store.
    const next = places.take('192.0.2.78');
    await new Promise((resolve) => setTimeout(resolve, 50));
    letGo();
    await freed;
    const release = await next;
    expect(release).toBeDefined();
    // Still one place: a third request meanwhile is refused.
    expect(await places.take('192.0.2.78')).toBeUndefined();
    const done = release!();
    await new Promise((resolve) => setTimeout(resolve, 20));
    letGo();
    await done;
  });

  it('gives a request a place freed while its claims passed it, not a refusal', async () => {
    // Two nodes, one place each for the address; the first node's place is given back (and freed
    // in the store) while its next request is between its claims of the two places.
    const real = leases(db.sequelize);
    let onSecondClaim: (() => Promise<void>) | undefined;
    const interleaved = {
      ...real,
      claim: async (bucket: string, at: number, until: number) => {
        if (bucket.endsWith(':1') && onSecondClaim) {
          const run = onSecondClaim;
          onSecondClaim = undefined;
          await run();
        }
        return real.claim(bucket, at, until);
      },
    };
    const options = { addressHash: hashed, name: 'passed-by', perAddress: 2, refusal: REFUSAL };
    const first = createInFlightPerAddress({ ...options, leases: interleaved });
    const second = createInFlightPerAddress({ ...options, leases: real });
    const mine = await first.take('192.0.2.79'); // slot 0
    const theirs = await second.take('192.0.2.79'); // slot 1
    onSecondClaim = async () => {
      await mine!();
    };
    const next = await first.take('192.0.2.79');
    expect(next).toBeDefined();
    await next!();
    await theirs!();
  });

  it('frees a place again whose freeing failed, once the database answers', async () => {
    // The store's leases, with the database away for the first freeing (as in an outage).
    const real = leases(db.sequelize);
    let away = true;
    const flaky = {
      ...real,
      free: (bucket: string, heldUntil: number) =>
        away ? Promise.reject(new Error('connection lost')) : real.free(bucket, heldUntil),
    };
    const shaky = createInFlightPerAddress({
      leases: flaky,
      addressHash: hashed,
      name: 'search',
      perAddress: 1,
      refusal: REFUSAL,
      leaseMs: 9000,
    });
    const other = createInFlightPerAddress({
      leases: real,
      addressHash: hashed,
      name: 'search',
      perAddress: 1,
      refusal: REFUSAL,
      leaseMs: 9000,
    });
    const release = await shaky.take('192.0.2.77');
    await release!();
    expect(await other.take('192.0.2.77')).toBeUndefined(); // still taken in the store
    away = false;
    // Tried again at the next turn (a third of the lease, 3 s), before the lease would run out (9 s).
    await vi.waitFor(async () => expect(await other.take('192.0.2.77')).toBeDefined(), {
      timeout: 5000,
      interval: 250,
    });
  }, 30_000);
});
