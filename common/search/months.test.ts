import { describe, expect, it } from 'vitest';
import {
  addMonths,
  formatMonth,
  monthLabel,
  welshMonthLabel,
  welshShortMonthLabel,
  monthSpan,
  monthsFrom,
  parseMonth,
  shortMonthIn,
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

describe('Welsh month labels', () => {
  it('match what Intl writes for cy-GB where the platform carries Welsh (Node does)', () => {
    for (let m = 1; m <= 12; m++) {
      const date = new Date(Date.UTC(2025, m - 1, 1));
      const long = new Intl.DateTimeFormat('cy-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
      const short = new Intl.DateTimeFormat('cy-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' });
      expect(welshMonthLabel(202500 + m)).toBe(long.format(date));
      expect(welshShortMonthLabel(202500 + m)).toBe(short.format(date));
    }
  });

  it('are the short form on a Welsh page, the English one otherwise', () => {
    expect(shortMonthIn(202411, 'cy')).toBe('Tach 2024');
    expect(shortMonthIn(202409, 'en')).toBe('Sep 2024');
  });
});
