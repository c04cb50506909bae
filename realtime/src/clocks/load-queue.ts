import PQueue from 'p-queue';

/**
 * The node's places for reading area clocks from the API: at most `maxInFlight` reads at once, the
 * rest waiting in two lines, viewers' joins before the refreshes after an import (a viewer waits
 * for a join; nobody waits for a refresh). A task starts in the call that adds it when a place is
 * free, so counts read right after an add are exact even under parallel joins.
 *
 * p-queue's, joins at the higher priority: our own two-line queue, measured against it
 * (docs/benchmarks.md, "Own code against the library"), gave the same order and refusals.
 */
export interface LoadQueue {
  /** Runs `task` in a free place, or when one frees with no earlier task of its kind or a join before it. */
  run<T>(kind: 'join' | 'refresh', task: () => Promise<T>): Promise<T>;
  /** Every place taken and `maxQueued` joins waiting: a join now is to be refused. */
  joinsFull(): boolean;
  /** Reads running, and waiting (joins and refreshes). */
  stats(): { inFlight: number; queued: number };
}

const PRIORITY = { join: 1, refresh: 0 } as const;

export function createLoadQueue({
  maxInFlight,
  maxQueued,
}: {
  maxInFlight: number;
  maxQueued: number;
}): LoadQueue {
  const queue = new PQueue({ concurrency: maxInFlight });
  return {
    run: (kind, task) => queue.add(task, { priority: PRIORITY[kind] }),
    // sizeBy counts the waiting tasks one by one: 1.2–1.5 µs with a full node's refreshes waiting.
    joinsFull: () => queue.pending >= maxInFlight && queue.sizeBy({ priority: PRIORITY.join }) >= maxQueued,
    stats: () => ({ inFlight: queue.pending, queued: queue.size }),
  };
}
