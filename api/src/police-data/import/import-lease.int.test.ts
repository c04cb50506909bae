import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../../../../tests/support/database.ts';
import { createLeaseService, keepLeaseAlive } from './import-lease.ts';

describe.each(testDialects)('the import lease on %s', (dialect) => {
  let db: TestDatabase;
  let clock = 1_800_000_000_000;
  const now = () => clock;
  const lease = (host: string, pid: number, name = 'import') =>
    createLeaseService(db.sequelize, { name, ttlMs: 60_000, now, host, pid, holderGone: () => false });

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('is held by one at a time, says who holds it, and is free again once released', async () => {
    const a = lease('host-a', 101, 'one-at-a-time');
    const b = lease('host-b', 202, 'one-at-a-time');
    expect(await a.current()).toBeUndefined();
    const first = await a.acquire();
    expect(first.acquired).toBe(true);
    const second = await b.acquire();
    expect(second).toMatchObject({ acquired: false, holder: { host: 'host-a', pid: 101 } });
    if (second.acquired || !first.acquired) throw new Error('unreachable');
    expect(second.holder.acquiredAt.getTime()).toBe(clock);
    expect(await b.current()).toMatchObject({ host: 'host-a', pid: 101, live: true });

    await a.release(first.lease);
    expect(await b.current()).toBeUndefined();
    expect((await b.acquire()).acquired).toBe(true);
  });

  it('of two asking at the same moment, exactly one gets it', async () => {
    const askers = Array.from({ length: 6 }, (_, i) => lease(`host-${i}`, i, 'race'));
    const results = await Promise.all(askers.map((a) => a.acquire()));
    expect(results.filter((r) => r.acquired)).toHaveLength(1);
  });

  it('is taken over once its holder stops renewing it, and the old holder learns it lost it', async () => {
    const a = lease('host-a', 1, 'takeover');
    const b = lease('host-b', 2, 'takeover');
    const first = await a.acquire();
    if (!first.acquired) throw new Error('expected the lease');
    clock += 30_000;
    expect(await a.renew(first.lease)).toBe(true);
    clock += 59_000; // 89 s after taking it, 59 s after renewing: still alive
    expect((await b.acquire()).acquired).toBe(false);
    clock += 2_000;
    const second = await b.acquire();
    expect(second).toMatchObject({ acquired: true, tookOverFrom: { host: 'host-a', pid: 1 } });
    expect(await a.renew(first.lease)).toBe(false);
    // Releasing a lease one no longer holds leaves the new holder's alone.
    await a.release(first.lease);
    expect(await b.current()).toMatchObject({ host: 'host-b', pid: 2 });
  });

  it('is taken over at once from a holder on this host whose process is gone (kill -9)', async () => {
    const here = (pid: number) =>
      createLeaseService(db.sequelize, { name: 'gone', now, host: 'this-host', pid });
    const dead = await here(2 ** 22 + 12_345).acquire(); // above Linux's pid_max default: no such process
    expect(dead.acquired).toBe(true);
    const alive = await here(process.pid).acquire();
    expect(alive).toMatchObject({ acquired: true, tookOverFrom: { pid: 2 ** 22 + 12_345 } });
    // A live process keeps it.
    expect((await here(process.ppid).acquire()).acquired).toBe(false);
  });

  it('a renewal within the same millisecond still counts as held', async () => {
    const a = lease('host-a', 1, 'same-ms');
    const first = await a.acquire();
    if (!first.acquired) throw new Error('expected the lease');
    expect(await a.renew(first.lease)).toBe(true);
    expect(await a.renew(first.lease)).toBe(true);
  });

  it('keepLeaseAlive renews by heartbeat and calls onLost once when the lease was taken', async () => {
    const a = lease('host-a', 1, 'heartbeat');
    const b = lease('host-b', 2, 'heartbeat');
    const first = await a.acquire();
    if (!first.acquired) throw new Error('expected the lease');
    let lost = 0;
    const keeper = keepLeaseAlive(a, first.lease, { intervalMs: 60_000, onLost: () => lost++ });
    try {
      clock += 50_000;
      await keeper.renewNow();
      clock += 50_000;
      expect((await b.acquire()).acquired).toBe(false);
      clock += 61_000;
      expect((await b.acquire()).acquired).toBe(true);
      await keeper.renewNow();
      await keeper.renewNow();
      expect(lost).toBe(1);
    } finally {
      await keeper.stop();
    }
  });
});
