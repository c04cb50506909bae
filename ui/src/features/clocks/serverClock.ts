/**
 * The server's clock as seen from the browser. Every screen must show the same count at the same
 * moment, so each evaluates the clock model at the server's time, not at its own (a wall screen's
 * clock can be minutes out).
 *
 * Each message stamped with a server time gives `serverTime - receivedAt`, which is the true
 * offset minus the message's delay: never more than the offset. The largest recent sample is the
 * least delayed one and the best estimate; a window of recent samples lets the estimate follow
 * when the browser's own clock is adjusted.
 */
import { atom, type Atom, type PrimitiveAtom } from 'jotai/vanilla';

/** One stamped message (the tick) a second: twenty seconds of history. */
export const OFFSET_WINDOW = 20;

export function addOffsetSample(
  samples: readonly number[],
  serverTimeMs: number,
  receivedAtMs: number,
  window = OFFSET_WINDOW,
): number[] {
  if (!Number.isFinite(serverTimeMs) || !Number.isFinite(receivedAtMs)) return [...samples];
  return [...samples, serverTimeMs - receivedAtMs].slice(-window);
}

/** Milliseconds to add to the browser's clock to get the server's; 0 before any sample. */
export function estimateOffset(samples: readonly number[]): number {
  return samples.length === 0 ? 0 : Math.max(...samples);
}

/**
 * One feed's estimate, as atoms: the feed notes each stamp into `samples`, and whoever needs the
 * server's time reads `offset` from the same jotai store.
 */
export interface ServerClockAtoms {
  readonly samples: PrimitiveAtom<readonly number[]>;
  /** Milliseconds to add to the browser's clock to get the server's. */
  readonly offset: Atom<number>;
}

export function serverClockAtoms(): ServerClockAtoms {
  const samples = atom<readonly number[]>([]);
  return { samples, offset: atom((get) => estimateOffset(get(samples))) };
}
