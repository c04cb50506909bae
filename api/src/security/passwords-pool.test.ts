import { describe, expect, it } from 'vitest';
import { createHashPool } from './passwords-pool.ts';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('bounded hash pool', () => {
  it('runs at most `concurrency` at once, queues `maxQueued` more and refuses the rest before starting them', async () => {
    const pool = createHashPool({ concurrency: 2, maxQueued: 3 });
    const gates = Array.from({ length: 8 }, deferred);
    let running = 0;
    let peak = 0;
    let started = 0;
    const results = gates.map((gate) =>
      pool
        .run(async () => {
          started += 1;
          running += 1;
          peak = Math.max(peak, running);
          await gate.promise;
          running -= 1;
          return 'done';
        })
        .catch((error: { statusCode?: number; code?: string }) => `${error.statusCode} ${error.code}`),
    );
    await new Promise((r) => setImmediate(r));
    expect(started).toBe(2);
    expect(pool.stats()).toMatchObject({ running: 2, queued: 3 });
    for (const gate of gates) gate.resolve();
    const outcomes = await Promise.all(results);
    expect(outcomes.filter((o) => o === 'done')).toHaveLength(5);
    expect(outcomes.filter((o) => o === '429 SIGN_IN_BUSY')).toHaveLength(3);
    expect(started).toBe(5);
    expect(peak).toBe(2);
    expect(pool.stats()).toMatchObject({ running: 0, queued: 0 });
  });

  it('frees its slot when the work fails', async () => {
    const pool = createHashPool({ concurrency: 1, maxQueued: 0 });
    await expect(pool.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(pool.run(async () => 42)).resolves.toBe(42);
  });

  it('counts a reserved place at once without holding a slot, and gives it back on cancel', async () => {
    const pool = createHashPool({ concurrency: 1, maxQueued: 1 });
    const first = pool.reserve();
    const second = pool.reserve();
    expect(pool.stats()).toMatchObject({ running: 0, queued: 2 });
    expect(() => pool.reserve()).toThrow(expect.objectContaining({ code: 'SIGN_IN_BUSY' }));
    second.cancel();
    second.cancel(); // twice: one place only
    expect(pool.stats()).toMatchObject({ running: 0, queued: 1 });

    // A reserved place keeps no hash waiting: another caller's run goes first.
    let release!: () => void;
    const held = pool.run(() => new Promise<void>((resolve) => (release = resolve)));
    expect(pool.stats()).toMatchObject({ running: 1, queued: 1 });
    expect(() => pool.reserve()).toThrow(expect.objectContaining({ code: 'SIGN_IN_BUSY' }));
    const ran = first.run(async () => 'ran');
    release();
    await held;
    await expect(ran).resolves.toBe('ran');
    expect(pool.stats()).toMatchObject({ running: 0, queued: 0 });
    first.cancel(); // after running: nothing left to give back
    expect(pool.stats()).toMatchObject({ running: 0, queued: 0 });
    await expect(first.run(async () => 'again')).rejects.toThrow('already used');
  });
});
