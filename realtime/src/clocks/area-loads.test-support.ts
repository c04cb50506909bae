import { AREA_LOAD_BOUNDS, type AreaClocksOptions } from './area-clocks.ts';
import { createLoadQueue } from './load-queue.ts';
import { createNewLoadWindow } from './new-load-window.ts';

/**
 * The load queue and new-load window the realtime composition root hands the area clocks, built
 * the same way for a test, which may change a bound or the clock.
 */
export function areaLoadParts(
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
