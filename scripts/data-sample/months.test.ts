import { describe, expect, it } from 'vitest';
import {
  daysInMonth,
  formatMonth,
  isMissingLocalHour,
  monthRange,
  parseMonth,
  ukOffsetHours,
} from './months.ts';

describe('months', () => {
  it('parses, formats and counts months', () => {
    expect(formatMonth(parseMonth('2025-09'))).toBe('2025-09');
    expect(parseMonth('2025-01') - parseMonth('2024-12')).toBe(1);
    expect(monthRange(parseMonth('2025-02'), 3).map(formatMonth)).toEqual(['2024-12', '2025-01', '2025-02']);
    expect(() => parseMonth('2025-13')).toThrow();
    expect(() => parseMonth('2025-6')).toThrow();
    expect(daysInMonth(parseMonth('2024-02'))).toBe(29);
    expect(daysInMonth(parseMonth('2025-02'))).toBe(28);
    expect(daysInMonth(parseMonth('2025-09'))).toBe(30);
  });

  it('knows British Summer Time', () => {
    // 2025: clocks went forward on Sunday 30 March and back on Sunday 26 October.
    expect(ukOffsetHours(2025, 0, 15, 12)).toBe(0);
    expect(ukOffsetHours(2025, 2, 29, 23)).toBe(0);
    expect(ukOffsetHours(2025, 2, 30, 0)).toBe(0);
    expect(ukOffsetHours(2025, 2, 30, 3)).toBe(1);
    expect(ukOffsetHours(2025, 6, 1, 0)).toBe(1);
    expect(ukOffsetHours(2025, 9, 26, 0)).toBe(1);
    expect(ukOffsetHours(2025, 9, 26, 2)).toBe(0);
    expect(ukOffsetHours(2025, 9, 27, 12)).toBe(0);
    expect(isMissingLocalHour(2025, 2, 30, 1)).toBe(true);
    expect(isMissingLocalHour(2025, 2, 23, 1)).toBe(false);
  });
});
