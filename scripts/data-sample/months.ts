/**
 * Month arithmetic on "absolute months" (year * 12 + month index), which makes ranges, lags and
 * differences plain integer sums.
 */

const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function isMonth(text: string): boolean {
  return MONTH_PATTERN.test(text);
}

export function parseMonth(text: string): number {
  const m = MONTH_PATTERN.exec(text);
  if (!m) throw new Error(`not a month (YYYY-MM): ${text}`);
  return Number(m[1]) * 12 + Number(m[2]) - 1;
}

export function formatMonth(abs: number): string {
  const year = Math.floor(abs / 12);
  const month = (abs % 12) + 1;
  return `${year}-${month < 10 ? '0' : ''}${month}`;
}

export function yearOf(abs: number): number {
  return Math.floor(abs / 12);
}

/** 0 = January. */
export function monthIndexOf(abs: number): number {
  return abs % 12;
}

export function daysInMonth(abs: number): number {
  return new Date(Date.UTC(yearOf(abs), monthIndexOf(abs) + 1, 0)).getUTCDate();
}

/** The `count` months ending with `end`, oldest first. */
export function monthRange(end: number, count: number): number[] {
  return Array.from({ length: count }, (_, i) => end - count + 1 + i);
}

function lastSunday(year: number, monthIndex: number): number {
  const last = new Date(Date.UTC(year, monthIndex + 1, 0));
  return last.getUTCDate() - last.getUTCDay();
}

/**
 * UK civil time offset in hours for a local wall-clock time: British Summer Time (+1) runs from
 * 01:00 UTC on the last Sunday of March to 01:00 UTC on the last Sunday of October. The hour that
 * does not exist in spring is reported as +1; the repeated autumn hour as +1 (its first pass).
 */
export function ukOffsetHours(year: number, monthIndex: number, day: number, hour: number): 0 | 1 {
  if (monthIndex < 2 || monthIndex > 9) return 0;
  if (monthIndex > 2 && monthIndex < 9) return 1;
  if (monthIndex === 2) {
    const start = lastSunday(year, 2);
    return day > start || (day === start && hour >= 1) ? 1 : 0;
  }
  const end = lastSunday(year, 9);
  return day < end || (day === end && hour < 2) ? 1 : 0;
}

/** True when the local wall-clock hour is skipped by the spring clock change. */
export function isMissingLocalHour(year: number, monthIndex: number, day: number, hour: number): boolean {
  return monthIndex === 2 && hour === 1 && day === lastSunday(year, 2);
}
