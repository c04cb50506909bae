/**
 * Europe/London civil time computed from the statutory rule rather than from Intl: the clocks must
 * agree to the millisecond between Node and every browser, and time-zone databases in browsers are
 * neither guaranteed present nor guaranteed current. Measured against Intl.DateTimeFormat
 * (Europe/London; scripts/bench/own-vs-library.ts, docs/benchmarks.md): the same date and time at
 * every quarter hour of 1996–2039 in Node 22 (ICU 78.3), at 1.1–1.6 µs a call against 25–27.
 *
 * The rule (Summer Time Order 2002, harmonised with the EU since 1996): British Summer Time runs
 * from 01:00 UTC on the last Sunday of March to 01:00 UTC on the last Sunday of October. Earlier
 * years followed other rules and are outside what the clocks need.
 */

export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

function lastSundayOfMonthUtc(year: number, monthIndex: number): number {
  // Day 0 of the next month is the last day of this month.
  const lastDay = new Date(Date.UTC(year, monthIndex + 1, 0));
  return lastDay.getUTCDate() - lastDay.getUTCDay();
}

/** Instant at which clocks go forward (GMT to BST) in the given year. */
export function summerTimeStartMs(year: number): number {
  return Date.UTC(year, 2, lastSundayOfMonthUtc(year, 2), 1);
}

/** Instant at which clocks go back (BST to GMT) in the given year. */
export function summerTimeEndMs(year: number): number {
  return Date.UTC(year, 9, lastSundayOfMonthUtc(year, 9), 1);
}

/** Offset of London civil time from UTC at an instant, in whole hours (0 or 1). */
export function londonOffsetHours(instantMs: number): 0 | 1 {
  // January and December are always GMT, so the UTC year is the right year for the rule.
  const year = new Date(instantMs).getUTCFullYear();
  return instantMs >= summerTimeStartMs(year) && instantMs < summerTimeEndMs(year) ? 1 : 0;
}

export function londonOffsetMs(instantMs: number): number {
  return londonOffsetHours(instantMs) * HOUR_MS;
}

/** Hour of the day (0-23) on a London wall clock at an instant. */
export function londonHour(instantMs: number): number {
  const local = instantMs + londonOffsetMs(instantMs);
  return Math.floor((((local % DAY_MS) + DAY_MS) % DAY_MS) / HOUR_MS);
}

export interface LondonDateTime {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  offsetHours: 0 | 1;
}

/** Wall-clock fields in London at an instant. */
export function londonDateTime(instantMs: number): LondonDateTime {
  const offsetHours = londonOffsetHours(instantMs);
  const d = new Date(instantMs + offsetHours * HOUR_MS);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    offsetHours,
  };
}

/**
 * Calendar year in London at an instant. New Year falls in GMT, so London midnight on 1 January is
 * UTC midnight and the London year always equals the UTC year.
 */
export function londonYear(instantMs: number): number {
  return new Date(instantMs).getUTCFullYear();
}

/** 1 January 00:00 London time of a year, which is 1 January 00:00 UTC. */
export function yearStartMs(year: number): number {
  return Date.UTC(year, 0, 1);
}

/** Milliseconds in a calendar year (365 or 366 days; the DST hour lost and gained cancel out). */
export function yearLengthMs(year: number): number {
  return yearStartMs(year + 1) - yearStartMs(year);
}

/** A stretch of a year during which the London offset does not change. */
export interface OffsetSegment {
  startMs: number;
  endMs: number;
  offsetHours: 0 | 1;
}

/** The year split at its two clock changes: GMT, then BST, then GMT again. */
export function yearOffsetSegments(year: number): OffsetSegment[] {
  const start = yearStartMs(year);
  const forward = summerTimeStartMs(year);
  const back = summerTimeEndMs(year);
  const end = yearStartMs(year + 1);
  return [
    { startMs: start, endMs: forward, offsetHours: 0 },
    { startMs: forward, endMs: back, offsetHours: 1 },
    { startMs: back, endMs: end, offsetHours: 0 },
  ];
}

/** The instant at which a London calendar date (month 1-12) begins. */
export function londonMidnightMs(year: number, month: number, day: number): number {
  // Midnight is never inside a transition hour (transitions are at 01:00 UTC), so the offset in
  // force at UTC midnight of that date decides it.
  const utcMidnight = Date.UTC(year, month - 1, day);
  return utcMidnight - londonOffsetMs(utcMidnight - HOUR_MS);
}
