import { HttpError } from '../http/errors.ts';

/**
 * A bounded pool around password hashing. scrypt at the OWASP cost takes ~100 ms of a CPU and
 * 128 MiB, so running every guess at once would stall the server and swell its memory: at most
 * `concurrency` hashes run, at most `maxQueued` more wait, and anything beyond is refused at once
 * with 429, before any hashing.
 */
export interface HashPoolOptions {
  concurrency?: number;
  maxQueued?: number;
}

// Two at a time: libuv's pool has four threads, so two stay free for SQLite and file work. Measured
// against one at a time in the same run (scripts/bench/security): a 200-guess flood ended in 3.3 s
// instead of 4.5 s, /api/health p99 38 ms instead of 28 ms. At most ten wait or run at once.
export const HASH_POOL_DEFAULTS = { concurrency: 2, maxQueued: 8 } as const;

export function hashPoolBusy(): HttpError {
  return new HttpError(
    429,
    'SIGN_IN_BUSY',
    'Too many sign-in attempts are being checked right now. Please try again in a few seconds.',
    { 'retry-after': '5' },
  );
}

export function createHashPool(options: HashPoolOptions = {}) {
  const concurrency = options.concurrency ?? HASH_POOL_DEFAULTS.concurrency;
  const maxQueued = options.maxQueued ?? HASH_POOL_DEFAULTS.maxQueued;
  let running = 0;
  const waiting: (() => void)[] = [];

  function release() {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }

  /** Runs `work` when a slot is free; throws the 429 at once when the queue is full. */
  async function run<T>(work: () => Promise<T>): Promise<T> {
    if (running >= concurrency) {
      if (waiting.length >= maxQueued) throw hashPoolBusy();
      // The slot is handed over by release(): `running` stays counted for the waiter.
      await new Promise<void>((resolve) => waiting.push(resolve));
    } else {
      running += 1;
    }
    try {
      return await work();
    } finally {
      release();
    }
  }

  return { run, stats: () => ({ running, queued: waiting.length, concurrency, maxQueued }) };
}

export type HashPool = ReturnType<typeof createHashPool>;
