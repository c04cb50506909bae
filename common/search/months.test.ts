import { describe, expect, it } from 'vitest';
import {
  addMonths,
  formatMonth,
  monthLabel,
  monthSpan,
  monthsFrom,
  parseMonth,
  shortMonthLabel,
} from './months.ts';

describe('months', () => {
  it('parses only well-formed YYYY-MM', () => {
    expect(parseMonth('2025-06')).toBe(202506);
    for (const bad of [
      '2025-13',
      '2025-00',
      '2025-6',
      ' 2025-06',
      '2025-06 ',
      '202506',
      "2025-06'; --",
      '',
    ]) {
      expect(parseMonth(bad)).toBeUndefined();
    }
  });

  it('does month arithmetic across years', () => {
    expect(addMonths(202501, -1)).toBe(202412);
    expect(addMonths(202412, 1)).toBe(202501);
    expect(addMonths(202506, -23)).toBe(202307);
    expect(addMonths(202506, -60)).toBe(202006);
    expect(monthSpan(202407, 202506)).toBe(12);
    expect(monthsFrom(202411, 202502)).toEqual([202411, 202412, 202501, 202502]);
  });

  it('formats en-GB labels', () => {
    expect(formatMonth(202506)).toBe('2025-06');
    expect(monthLabel(202506)).toBe('June 2025');
    expect(shortMonthLabel(202501)).toBe('Jan 2025');
  });
});
