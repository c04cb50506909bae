/**
 * Search parameters of the clock pages: `?kiosk=1` turns a page into its wall-screen view. The
 * value stays the number 1 so links the app writes read `?kiosk=1`, as people type it.
 */
export interface ClockSearch {
  kiosk?: 1;
}

// The router parses `?kiosk=1` as the number 1; a hand-written link may say true or "true".
const KIOSK_ON = new Set<unknown>([1, '1', true, 'true']);

export function validateClockSearch(search: Record<string, unknown>): ClockSearch {
  return KIOSK_ON.has(search.kiosk) ? { kiosk: 1 } : {};
}

/** For the root layout, which sees the validated search. */
export function isKioskSearch(search: { kiosk?: unknown }): boolean {
  return search.kiosk === 1;
}
