import { describe, expect, it } from 'vitest';
import {
  londonDateTime,
  londonHour,
  londonMidnightMs,
  londonOffsetHours,
  londonYear,
  summerTimeEndMs,
  summerTimeStartMs,
  yearLengthMs,
  yearOffsetSegments,
  yearStartMs,
} from './london-time.ts';

// Intl is the reference here only: the product code must not depend on it.
const london = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  hourCycle: 'h23',
});

function intlParts(instantMs: number) {
  const parts = Object.fromEntries(london.formatToParts(instantMs).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

function intlOffsetHours(instantMs: number): number {
  const p = intlParts(instantMs);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((asUtc - Math.floor(instantMs / 1000) * 1000) / 3_600_000);
}

const HOUR = 3_600_000;

describe('London clock changes', () => {
  it('pins the transition instants of 2024 to 2026 (01:00 UTC, last Sunday of March and October)', () => {
    expect(summerTimeStartMs(2024)).toBe(Date.parse('2024-03-31T01:00:00Z'));
    expect(summerTimeEndMs(2024)).toBe(Date.parse('2024-10-27T01:00:00Z'));
    expect(summerTimeStartMs(2025)).toBe(Date.parse('2025-03-30T01:00:00Z'));
    expect(summerTimeEndMs(2025)).toBe(Date.parse('2025-10-26T01:00:00Z'));
    expect(summerTimeStartMs(2026)).toBe(Date.parse('2026-03-29T01:00:00Z'));
    expect(summerTimeEndMs(2026)).toBe(Date.parse('2026-10-25T01:00:00Z'));
  });

  it('switches offset exactly at the transition instant', () => {
    const forward = Date.parse('2025-03-30T01:00:00Z');
    const back = Date.parse('2025-10-26T01:00:00Z');
    expect(londonOffsetHours(forward - 1)).toBe(0);
    expect(londonOffsetHours(forward)).toBe(1);
    expect(londonOffsetHours(back - 1)).toBe(1);
    expect(londonOffsetHours(back)).toBe(0);
    // Local wall clock jumps from 00:59 to 02:00, and repeats 01:00-01:59.
    expect(londonHour(forward - 1)).toBe(0);
    expect(londonHour(forward)).toBe(2);
    expect(londonHour(back - HOUR)).toBe(1);
    expect(londonHour(back)).toBe(1);
  });

  // 52,560 instants through Intl: about a second alone, many on a loaded two-core machine.
  it(
    'agrees with Intl on the offset and hour at every half hour of 2025, 2026 and 2028',
    { timeout: 60_000 },
    () => {
      for (const year of [2025, 2026, 2028]) {
        for (let t = Date.UTC(year, 0, 1); t < Date.UTC(year + 1, 0, 1); t += HOUR / 2) {
          const offset = londonOffsetHours(t);
          if (offset !== intlOffsetHours(t) || londonHour(t) !== intlParts(t).hour) {
            throw new Error(`mismatch at ${new Date(t).toISOString()}`);
          }
        }
      }
    },
  );

  it('agrees with Intl on both transitions of every year 2000-2040', () => {
    for (let year = 2000; year <= 2040; year++) {
      for (const t of [summerTimeStartMs(year), summerTimeEndMs(year)]) {
        expect(intlOffsetHours(t - 1)).toBe(londonOffsetHours(t - 1));
        expect(intlOffsetHours(t)).toBe(londonOffsetHours(t));
        expect(intlOffsetHours(t - 1)).not.toBe(intlOffsetHours(t));
      }
    }
  });

  it('gives London wall-clock fields like Intl', () => {
    for (const iso of [
      '2025-06-30T23:30:15Z',
      '2025-12-31T23:59:59Z',
      '2026-03-29T00:59:59Z',
      '2028-02-29T12:00:00Z',
    ]) {
      const t = Date.parse(iso);
      const { offsetHours, ...fields } = londonDateTime(t);
      expect(fields).toEqual(intlParts(t));
      expect(offsetHours).toBe(intlOffsetHours(t));
    }
  });
});

describe('calendar years in London', () => {
  it('starts each year at UTC midnight, which Intl shows as 00:00 on 1 January', () => {
    for (const year of [2025, 2026, 2028]) {
      const start = yearStartMs(year);
      expect(start).toBe(Date.parse(`${year}-01-01T00:00:00Z`));
      expect(intlParts(start)).toMatchObject({ year, month: 1, day: 1, hour: 0, minute: 0 });
      expect(intlParts(start - 1)).toMatchObject({ year: year - 1, month: 12, day: 31, hour: 23 });
      expect(londonYear(start)).toBe(year);
      expect(londonYear(start - 1)).toBe(year - 1);
    }
  });

  it('has 365 or 366 days, Gregorian leap rules included', () => {
    const day = 24 * HOUR;
    expect(yearLengthMs(2025)).toBe(365 * day);
    expect(yearLengthMs(2026)).toBe(365 * day);
    expect(yearLengthMs(2028)).toBe(366 * day);
    expect(yearLengthMs(2000)).toBe(366 * day);
    expect(yearLengthMs(2100)).toBe(365 * day);
  });

  it('splits a year into GMT, BST, GMT segments covering it without gaps', () => {
    const segments = yearOffsetSegments(2025);
    expect(segments.map((s) => s.offsetHours)).toEqual([0, 1, 0]);
    expect(segments[0]!.startMs).toBe(yearStartMs(2025));
    expect(segments[2]!.endMs).toBe(yearStartMs(2026));
    expect(segments[0]!.endMs).toBe(segments[1]!.startMs);
    expect(segments[1]!.endMs).toBe(segments[2]!.startMs);
  });

  it('finds the instant a London date begins, in summer and winter and on change days', () => {
    expect(londonMidnightMs(2025, 7, 1)).toBe(Date.parse('2025-06-30T23:00:00Z'));
    expect(londonMidnightMs(2025, 1, 1)).toBe(Date.parse('2025-01-01T00:00:00Z'));
    expect(londonMidnightMs(2025, 3, 30)).toBe(Date.parse('2025-03-30T00:00:00Z'));
    expect(londonMidnightMs(2025, 3, 31)).toBe(Date.parse('2025-03-30T23:00:00Z'));
    expect(londonMidnightMs(2025, 10, 26)).toBe(Date.parse('2025-10-25T23:00:00Z'));
    expect(londonMidnightMs(2025, 10, 27)).toBe(Date.parse('2025-10-27T00:00:00Z'));
    for (const [y, m, d] of [
      [2026, 5, 17],
      [2026, 12, 25],
    ] as const) {
      expect(intlParts(londonMidnightMs(y, m, d))).toMatchObject({
        year: y,
        month: m,
        day: d,
        hour: 0,
        minute: 0,
      });
    }
  });
});
