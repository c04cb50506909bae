import { clockAreaId, parseClockAreaId } from '../../../../common/clock/area.ts';

/**
 * Search parameters of the clock pages: `?kiosk=1` turns a page into its wall-screen view (the
 * value stays the number 1 so links the app writes read `?kiosk=1`, as people type it), and
 * `?area=force:kent` (police clock) shows one area's clock, so the link can be shared.
 */
export interface ClockSearch {
  kiosk?: 1;
  area?: string;
  /** The wall-screen view's colours: dark unless `?theme=light`. */
  theme?: 'light' | 'dark';
}

// The router parses `?kiosk=1` as the number 1; a hand-written link may say true or "true".
const KIOSK_ON = new Set<unknown>([1, '1', true, 'true']);

/** The area of a link, written the one way the server names it; undefined for anything else. */
export function validAreaParam(value: unknown): string | undefined {
  const area = parseClockAreaId(value);
  return area ? clockAreaId(area) : undefined;
}

export function validateClockSearch(search: Record<string, unknown>): ClockSearch {
  const area = validAreaParam(search.area);
  const theme = search.theme === 'light' || search.theme === 'dark' ? search.theme : undefined;
  return {
    ...(KIOSK_ON.has(search.kiosk) ? { kiosk: 1 as const } : {}),
    ...(area ? { area } : {}),
    ...(theme ? { theme } : {}),
  };
}

/** For the root layout, which sees the validated search. */
export function isKioskSearch(search: { kiosk?: unknown }): boolean {
  return search.kiosk === 1;
}
