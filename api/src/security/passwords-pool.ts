import { HttpError } from '../http/errors.ts';

/**
 * A bounded pool around password hashing. argon2id at the OWASP cost takes ~50 ms of a CPU and
 * 19 MiB (a legacy scrypt hash 128 MiB), so running every guess at once would stall the server and
 * swell its memory: at most
 * `concurrency` hashes run, at most `maxQueued` more wait, and anything beyond is refused at once
 * with 429, before any hashing.
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

  function release() {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }

  /** Takes a place running or waiting; throws the 429 at once when the queue is full. */
  function reserve(): HashSlot {
    let granted = running < concurrency;
    let turn = Promise.resolve();
    let handOver: (() => void) | undefined;
    if (granted) {
      running += 1;
    } else {
      if (waiting.length >= maxQueued) throw hashPoolBusy();
      // The slot is handed over by release(): `running` stays counted for the waiter.
      turn = new Promise<void>((resolve) => {
        handOver = () => {
          granted = true;
          resolve();
        };
        waiting.push(handOver);
      });
    }
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      if (granted) release();
      else waiting.splice(waiting.indexOf(handOver!), 1);
    };
    return {
      async run(work) {
        if (finished) throw new Error('this hash slot was already used');
        await turn;
        try {
          return await work();
        } finally {
          finish();
        }
      },
      cancel: finish,
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

  return { run, reserve, stats: () => ({ running, queued: waiting.length, concurrency, maxQueued }) };
}

export type HashPool = ReturnType<typeof createHashPool>;
