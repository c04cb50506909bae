/**
 * How current the police data is, said one way everywhere: from the data status (GET
 * /api/data-status: the newest month held, the last import, whether a scheduled check runs) and
 * the instant it is read at. Clocks, the wall screen, the embed and the search say "last updated",
 * "next update" and whether the data is stale from these facts alone, never from a rule of thumb.
 */
import { londonOffsetMs } from '../clock/london-time.ts';
import type { DataStatus } from '../contracts/data-status.ts';

/** Data whose newest month is more than this many calendar months behind the current one is stale. */
export const STALE_AFTER_MONTHS = 3;

export interface Staleness {
  /** The newest month held, YYYY-MM. */
  readonly latestMonth: string;
  /** Calendar months from the newest month to the current one in London (September to December: 3). */
  readonly monthsBehind: number;
  /** Whole months since the newest month ended: how long ago the newest data is. */
  readonly monthsAgo: number;
  readonly stale: boolean;
}

/**
 * How far `latestMonth` (YYYY-MM) is behind the calendar month of `nowMs` in London; null without
 * a month. Stale when more than STALE_AFTER_MONTHS behind: data.police.uk publishes a month about
 * six to eight weeks after it ends, so two months behind is usual.
 */
export function staleness(latestMonth: string | null | undefined, nowMs: number): Staleness | null {
  const match = latestMonth ? /^(\d{4})-(\d{2})$/.exec(latestMonth) : null;
  if (!match || !latestMonth) return null;
  const london = new Date(nowMs + londonOffsetMs(nowMs));
  const current = london.getUTCFullYear() * 12 + london.getUTCMonth();
  const latest = Number(match[1]) * 12 + Number(match[2]) - 1;
  const monthsBehind = Math.max(0, current - latest);
  return {
    latestMonth,
    monthsBehind,
    monthsAgo: Math.max(0, monthsBehind - 1),
    stale: monthsBehind > STALE_AFTER_MONTHS,
  };
}

/** When new data may come: at the next scheduled check, or not at all while no check is scheduled. */
export type NextUpdate = { readonly kind: 'scheduled'; readonly at: string } | { readonly kind: 'none' };

export interface Freshness {
  /** When data last came into the store (ISO instant); null when it never has. */
  readonly lastUpdated: string | null;
  /** The last scheduled check (ISO instant); null when none has run. */
  readonly lastCheckAt: string | null;
  readonly nextUpdate: NextUpdate;
  readonly staleness: Staleness | null;
}

/**
 * The data status as the clocks and the search say it. With scheduled updates off (the check's
 * result `off`, or no next check) no update is promised: data changes when an operator imports it.
 */
export function freshnessOf(
  status: Pick<DataStatus, 'latestMonth' | 'lastCheck' | 'nextCheckAt' | 'lastImportAt'>,
  nowMs: number,
): Freshness {
  const next = status.lastCheck.result === 'off' ? null : status.nextCheckAt;
  return {
    lastUpdated: status.lastImportAt,
    lastCheckAt: status.lastCheck.at,
    nextUpdate: next === null ? { kind: 'none' } : { kind: 'scheduled', at: next },
    staleness: staleness(status.latestMonth, nowMs),
  };
}
