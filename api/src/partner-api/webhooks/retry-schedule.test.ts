import { describe, expect, it } from 'vitest';
import { RETRY_DEFAULTS, retryDelayMs } from './retry-schedule.ts';

describe('webhook retry schedule', () => {
  it('doubles from 30 s and stops growing at two hours', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(9)).toBe(2 * 60 * 60_000);
    expect(retryDelayMs(40)).toBe(2 * 60 * 60_000);
  });

  it('spends about a day on the attempts before giving up', () => {
    let elapsed = 0;
    let attempts = 0;
    while (elapsed + retryDelayMs(attempts + 1) <= RETRY_DEFAULTS.retryForMs) {
      attempts += 1;
      elapsed += retryDelayMs(attempts);
    }
    // 30 s … 64 min, then two-hourly: 8 steps make about 2 h, 11 more fill the day.
    expect(attempts).toBeGreaterThan(15);
    expect(attempts).toBeLessThan(25);
  });
});
