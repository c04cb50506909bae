/**
 * Each address's budget of new area loads: at most `max` in any `windowMs` (a sliding window: a
 * load counts for exactly `windowMs` after it, so no span of that length holds more than `max`).
 * Spent synchronously, so parallel joins cannot all pass it; addresses idle for a whole window are
 * swept out once a window, so a flood of addresses is forgotten a window or two after it.
 *
 * Kept against rate-limiter-flexible 11's RateLimiterMemory (docs/benchmarks.md, "Own code against
 * the library"): its window is fixed from a key's first load, which let one client 39 loads in a
 * second on a budget of 20 (ours: 20); it also checks slower, 0.44–0.52 µs against 0.3–0.38.
 */
export interface NewLoadWindow {
  /** Spends one of `address`'s new loads; false (nothing spent) when its window's are all spent. */
  spend(address: string): boolean;
  /** Addresses remembered now (the memory the window holds). */
  tracked(): number;
}

export function createNewLoadWindow({
  max,
  windowMs,
  now = Date.now,
}: {
  max: number;
  windowMs: number;
  now?: () => number;
}): NewLoadWindow {
  /** The instants of each address's loads within the last window, oldest first. */
  const loads = new Map<string, number[]>();
  let lastSweep = now();
  return {
    spend(address) {
      const at = now();
      if (at - lastSweep >= windowMs) {
        lastSweep = at;
        for (const [key, times] of loads) if (at - times[times.length - 1]! >= windowMs) loads.delete(key);
      }
      const times = (loads.get(address) ?? []).filter((t) => at - t < windowMs);
      loads.set(address, times);
      if (times.length >= max) return false;
      times.push(at);
      return true;
    },
    tracked: () => loads.size,
  };
}
