import { HttpError } from '../http/errors.ts';

/**
 * A bounded pool around password hashing. argon2id at the OWASP cost takes ~50 ms of a CPU and
 * 19 MiB (a legacy scrypt hash 128 MiB), so running every guess at once would stall the server and
 * swell its memory: at most
 * `concurrency` hashes run, at most `maxQueued` more wait, and anything beyond is refused at once
 * with 429, before any hashing.
 *
 * Measured against p-limit 7 with a count check in front for the same 429 (scripts/bench/
 * own-vs-library.ts, docs/benchmarks.md): 1.3 µs a job against 1.9, a flood of 500 refused alike;
 * kept for the place reserved before an attempt is counted (`reserve`), which p-limit has no room
 * for. p-limit alone queues the whole flood (its last answer after 1.5 s).
 */
export interface HashPoolOptions {
  concurrency?: number;
  maxQueued?: number;
}

// One at a time, so a flood adds one hash's memory (~20 MB measured) to the API's resident memory,
// not two (~40 MB), and leaves libuv's other threads to SQLite and file work. With argon2id's
// ~50 ms a hash, the 5 a flood may have checked are done in well under a second
// (scripts/bench/security, docs/security.md). At most ten wait or run at once.
export const HASH_POOL_DEFAULTS = { concurrency: 1, maxQueued: 9 } as const;

export function hashPoolBusy(): HttpError {
  return new HttpError(
    429,
    'SIGN_IN_BUSY',
    'Too many sign-in attempts are being checked right now. Please try again in a few seconds.',
    { 'retry-after': '5' },
  );
}

/** A place in the pool, taken before an attempt is counted, so a busy pool refuses uncounted. */
export interface HashSlot {
  /** Waits for the slot's turn, runs `work` in it, then frees it. */
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Gives the place back unused (a no-op once run). */
  cancel(): void;
}

export function createHashPool(options: HashPoolOptions = {}) {
  const concurrency = options.concurrency ?? HASH_POOL_DEFAULTS.concurrency;
  const maxQueued = options.maxQueued ?? HASH_POOL_DEFAULTS.maxQueued;
  let running = 0;
  const waiting: (() => void)[] = [];
  // Places taken for hashes not asked for yet (the attempt is still being counted): they count
  // against the pool's bound, but hold no slot, so they never keep a hash waiting.
  let reserved = 0;

  function release() {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }

  /** Takes a place in the pool's bound; throws the 429 at once when it is full. */
  function reserve(): HashSlot {
    if (running + waiting.length + reserved >= concurrency + maxQueued) throw hashPoolBusy();
    reserved += 1;
    let state: 'reserved' | 'used' | 'cancelled' = 'reserved';
    return {
      async run(work) {
        if (state !== 'reserved') throw new Error('this hash slot was already used');
        state = 'used';
        reserved -= 1;
        if (running < concurrency) running += 1;
        // The slot is handed over by release(): `running` stays counted for the waiter.
        else await new Promise<void>((resolve) => waiting.push(resolve));
        try {
          return await work();
        } finally {
          release();
        }
      },
      cancel() {
        if (state !== 'reserved') return;
        state = 'cancelled';
        reserved -= 1;
      },
    };
  }

  /** Runs `work` when a slot is free; throws the 429 at once when the queue is full. */
  function run<T>(work: () => Promise<T>): Promise<T> {
    try {
      return reserve().run(work);
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }

  return {
    run,
    reserve,
    stats: () => ({ running, queued: waiting.length + reserved, concurrency, maxQueued }),
  };
}

export type HashPool = ReturnType<typeof createHashPool>;
