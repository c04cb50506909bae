import type { AreaClocksOptions } from './area-clocks.ts';
import { createLoadQueue } from './load-queue.ts';
import { createNewLoadWindow } from './new-load-window.ts';

/** The node's bounds on reading area clocks from the API. */
export const AREA_LOAD_BOUNDS = {
  /** API reads of area clocks at once on this node (loads and refreshes together). */
  maxInFlight: 4,
  /** Loads waiting for a place; one more is refused. */
  maxQueued: 100,
  /** New loads (API reads) one address may start per window. */
  maxNewLoadsPerAddress: 20,
  /** The window of `maxNewLoadsPerAddress` (sliding). */
  newLoadWindowMs: 60_000,
};

/**
 * The load queue and new-load window the area clocks are handed: built by the realtime composition
 * root with the node's bounds, and the same way by a test, which may change a bound or the clock.
 */
export function createAreaLoads(
  bounds: Partial<typeof AREA_LOAD_BOUNDS> = {},
  now?: () => number,
): Pick<AreaClocksOptions, 'queue' | 'newLoads'> {
  const { maxInFlight, maxQueued, maxNewLoadsPerAddress, newLoadWindowMs } = {
    ...AREA_LOAD_BOUNDS,
    ...bounds,
  };
  return {
    queue: createLoadQueue({ maxInFlight, maxQueued }),
    newLoads: createNewLoadWindow({
      max: maxNewLoadsPerAddress,
      windowMs: newLoadWindowMs,
      ...(now ? { now } : {}),
    }),
  };
}
