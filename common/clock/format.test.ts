import { describe, expect, it } from 'vitest';
import {
  everyText,
  formatCount,
  formatMillions,
  formatNumber,
  formatPercent,
  formatInterval,
  formatSeconds,
  secondsPerEvent,
} from './format.ts';

describe('seconds per crime', () => {
  it('uses 1 decimal from 1 s, 2 from 0.1 s, else 3', () => {
    expect(formatSeconds(3.456)).toBe('3.5');
    expect(formatSeconds(1)).toBe('1.0');
    expect(formatSeconds(0.999)).toBe('1.00');
    expect(formatSeconds(0.1234)).toBe('0.12');
    expect(formatSeconds(0.1)).toBe('0.10');
    expect(formatSeconds(0.0999)).toBe('0.100');
    expect(formatSeconds(0.01234)).toBe('0.012');
    expect(formatSeconds(1234.56)).toBe('1,234.6');
  });

  it('words the rate, and says Static when nothing happens', () => {
    expect(everyText(0.5)).toBe('1 crime every 2.0 seconds');
    expect(everyText(3, 'person affected')).toBe('1 person affected every 0.33 seconds');
    expect(everyText(0.3, 'exposure')).toBe('1 exposure every 3.3 seconds');
    expect(everyText(40)).toBe('1 crime every 0.025 seconds');
    expect(everyText(0)).toBe('Static');
    expect(everyText(Number.NaN)).toBe('Static');
    expect(secondsPerEvent(4)).toBe(0.25);
    expect(secondsPerEvent(0)).toBeNull();
  });
});

describe('intervals in units a person reads', () => {
  it('keeps seconds under a minute, then minutes and seconds, hours and minutes, days', () => {
    expect(formatInterval(3.44)).toBe('3.4 seconds');
    expect(formatInterval(59.94)).toBe('59.9 seconds');
    expect(formatInterval(59.96)).toBe('1 min 0 s');
    expect(formatInterval(252.4)).toBe('4 min 12 s');
    expect(formatInterval(3_599.7)).toBe('1 h 0 min');
    expect(formatInterval(23_255.8)).toBe('6 h 28 min');
    expect(formatInterval(16_973.3)).toBe('4 h 43 min');
    expect(formatInterval(86_399)).toBe('1 day');
    expect(formatInterval(86_400 + 3 * 3_600 + 100)).toBe('1 day 3 h');
    expect(formatInterval(2.5 * 86_400)).toBe('2 days 12 h');
    expect(formatInterval(40 * 86_400 + 5_000)).toBe('40 days');
  });

  it('words long intervals in the sentences of the clocks, never as thousands of seconds', () => {
    expect(everyText(1 / 23_255.8)).toBe('1 crime every 6 h 28 min');
    expect(everyText(1 / (3 * 86_400))).toBe('1 crime every 3 days');
    expect(everyText(1 / 23_255.8)).not.toMatch(/seconds/);
  });
});

describe('big numbers', () => {
  it('groups thousands like en-GB', () => {
    const enGB = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
    for (const n of [0, 7, 999, 1000, 12_345, 999_999, 1_234_567, 9_400_000, 123_456_789_012]) {
      expect(formatCount(n + 0.75)).toBe(enGB.format(n));
    }
    expect(formatNumber(-1234.5, 1)).toBe('-1,234.5');
    expect(formatNumber(-0.01, 1)).toBe('0.0');
  });

  it('shortens for headlines', () => {
    expect(formatMillions(9_400_000)).toBe('9.4 million');
    expect(formatMillions(4_000_000)).toBe('4 million');
    expect(formatPercent(92.8)).toBe('92.8%');
    expect(formatPercent(93)).toBe('93%');
  });
});
