import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../../../tests/support/database.ts';
import { HASH_POOL_DEFAULTS } from '../security/passwords-pool.ts';
import { composeAdminAuth } from '../composition/admin-auth.ts';
import { createRateLimiter } from '../security/rate-limit.ts';
import { windowCounters } from '../db/window-counters.ts';
import { composeCaches } from '../composition/caches.ts';

// A flood from many addresses can keep the password-hash pool full; the real admin's attempts
// made meanwhile are refused as busy (429 SIGN_IN_BUSY) and must spend none of the admin's limits
// (5 per account and address, 20 per address), or the flood would lock the admin out afterwards.

const PASSWORD = 'the real admin pass phrase';
const CHEAP = { memoryKiB: 1024, passes: 1, parallelism: 1 };

describe.each(testDialects)('sign-in while the hash pool is full, on %s', (dialect) => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await db?.drop();
  });

  const signInService = () =>
    composeAdminAuth({
      sequelize: db.sequelize,
      addressHash: (ip) => `h:${ip}`,
      limiter: createRateLimiter({
        counters: windowCounters(db.sequelize),
        local: composeCaches({}).rateCounts,
      }),
      loginRefunds: composeCaches({}).loginRefunds,
      cost: CHEAP,
    });

  it('refuses the admin as busy, counts none of it, and lets the admin in once the pool is free', async () => {
    const auth = signInService();
    await auth.users.create('admin', PASSWORD);
    const signIn = async (password: string) => {
      const attempt = await auth.admitSignIn('192.0.2.77');
      return auth.login({ attempt, username: 'admin', password }).then(
        () => 'signed in',
        (error: { code?: string }) => error.code,
      );
    };

    // The flood's hashes, held running and waiting.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const pool = HASH_POOL_DEFAULTS.concurrency + HASH_POOL_DEFAULTS.maxQueued;
    const flood = Array.from({ length: pool }, () => auth.hashPool.run(() => held));
    expect(auth.hashPool.stats()).toMatchObject({ queued: HASH_POOL_DEFAULTS.maxQueued });

    // More attempts than the address may make in a window, all while the pool is full.
    const busy: (string | undefined)[] = [];
    for (let i = 0; i < 25; i++) busy.push(await signIn(PASSWORD));
    expect(busy).toEqual(Array.from({ length: 25 }, () => 'SIGN_IN_BUSY'));

    release();
    await Promise.all(flood);
    // Every attempt of the account's limit is still there: four wrong, then the right one.
    const after: (string | undefined)[] = [];
    for (let i = 0; i < 4; i++) after.push(await signIn(`wrong ${i}`));
    after.push(await signIn(PASSWORD));
    expect(after).toEqual([
      'INVALID_CREDENTIALS',
      'INVALID_CREDENTIALS',
      'INVALID_CREDENTIALS',
      'INVALID_CREDENTIALS',
      'signed in',
    ]);
  });

  it("gives back at most the address's limit in a window, so a flooding address is still stopped", async () => {
    const auth = signInService();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const pool = HASH_POOL_DEFAULTS.concurrency + HASH_POOL_DEFAULTS.maxQueued;
    const flood = Array.from({ length: pool }, () => auth.hashPool.run(() => held));

    const codes: (string | undefined)[] = [];
    for (let i = 0; i < 45; i++) {
      codes.push(
        await auth.admitSignIn('198.51.100.66').then(
          (attempt) =>
            auth.login({ attempt, username: 'nobody', password: 'a guess' }).then(
              () => 'signed in',
              (error: { code?: string }) => error.code,
            ),
          (error: { code?: string }) => error.code,
        ),
      );
    }
    // 20 given back, then 20 counted (the address's limit), then refused before anything else.
    expect(codes.slice(0, 40)).toEqual(Array(40).fill('SIGN_IN_BUSY'));
    expect(codes.slice(40)).toEqual(Array(5).fill('TOO_MANY_ATTEMPTS'));
    release();
    await Promise.all(flood);
  });
});
