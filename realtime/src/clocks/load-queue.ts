/**
 * The node's places for reading area clocks from the API: at most `maxInFlight` reads at once, the
 * rest waiting in two lines, viewers' joins before the refreshes after an import (a viewer waits
 * for a join; nobody waits for a refresh). A task starts in the call that adds it when a place is
 * free, so counts read right after an add are exact even under parallel joins.
 */
export interface LoadQueue {
  /** Runs `task` in a free place, or when one frees with no earlier task of its kind or a join before it. */
  run<T>(kind: 'join' | 'refresh', task: () => Promise<T>): Promise<T>;
  /** Every place taken and `maxQueued` joins waiting: a join now is to be refused. */
  joinsFull(): boolean;
  /** Reads running, and waiting (joins and refreshes). */
  stats(): { inFlight: number; queued: number };
}

export function createLoadQueue({
  maxInFlight,
  maxQueued,
}: {
  maxInFlight: number;
  maxQueued: number;
}): LoadQueue {
  let inFlight = 0;
  const waiting = { join: [] as (() => void)[], refresh: [] as (() => void)[] };
  const startNext = () => (waiting.join.shift() ?? waiting.refresh.shift())?.();

  return {
    run(kind, task) {
      return new Promise((resolve, reject) => {
        const start = () => {
          inFlight++;
          task()
            .then(resolve, reject)
            .finally(() => {
              inFlight--;
              startNext();
            });
        };
        if (inFlight < maxInFlight) start();
        else waiting[kind].push(start);
      });
    },
    joinsFull: () => inFlight >= maxInFlight && waiting.join.length >= maxQueued,
    stats: () => ({ inFlight, queued: waiting.join.length + waiting.refresh.length }),
  };
}
