import { backOffDelay, type BackOff } from '../../common/retry/back-off.ts';

export interface RoundSchedulerOptions {
  /** One round of work (e.g. send every due message); a rejection is reported, never fatal. */
  round: () => Promise<unknown>;
  /** Pause between rounds that went well; `wake()` starts one sooner. */
  intervalMs: number;
  /**
   * The waits after rounds that failed in a row, so a store or server that is down is not asked
   * every interval; by default from the interval up to ten times it.
   */
  backOff?: BackOff;
  /** Told of each failed round (the loop carries on). */
  onError: (error: unknown) => void;
  /** Jitter of the back-off (tests fix it). */
  random?: () => number;
}

/**
 * Runs `round` now and then, one at a time, in this process: every `intervalMs`, at once when
 * woken (a wake during a round runs one more right after it), and after failures at the
 * back-off's pace. The state of the work lives elsewhere (the database), so a process that stops
 * loses nothing but its timer. Node-only (an unref'd timer keeps no process alive), hence here.
 *
 * Measured against toad-scheduler 4 (SimpleIntervalJob, preventOverrun; scripts/bench/
 * own-vs-library.ts, docs/benchmarks.md): stored work waited 1.6 ms for its round (woken) against
 * 104–121 ms at a 200 ms interval; toad-scheduler has no wake, no back-off, and no stop that waits
 * for the round under way.
 */
export function createRoundScheduler(options: RoundSchedulerOptions) {
  const { round, intervalMs, onError, random = Math.random } = options;
  const backOff = options.backOff ?? { baseMs: intervalMs, maxMs: intervalMs * 10 };
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> | undefined;
  let again = false;
  let running = false;
  let failuresInARow = 0;

  function schedule(ms: number) {
    clearTimeout(timer);
    timer = setTimeout(tick, ms);
    timer.unref();
  }

  function nextWait() {
    if (again) return 0;
    return failuresInARow === 0 ? intervalMs : backOffDelay(failuresInARow, backOff, random);
  }

  function tick() {
    if (!running) return;
    if (current) {
      again = true;
      return;
    }
    current = round()
      .then(
        () => {
          failuresInARow = 0;
        },
        (error: unknown) => {
          failuresInARow += 1;
          onError(error);
        },
      )
      .finally(() => {
        current = undefined;
        if (!running) return;
        schedule(nextWait());
        again = false;
      });
  }

  return {
    /** Starts the rounds (the first at once); a second call changes nothing. */
    start() {
      if (running) return;
      running = true;
      schedule(0);
    },
    /** Runs a round soon (new work was stored) instead of at the next interval. */
    wake() {
      if (!running) return;
      if (current) again = true;
      else schedule(0);
    },
    /** Stops scheduling and waits for a round in progress, so shutdown never cuts one in half. */
    async stop() {
      running = false;
      clearTimeout(timer);
      await current;
    },
  };
}
