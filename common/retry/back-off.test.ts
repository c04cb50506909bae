import { describe, expect, it } from 'vitest';
import { backOffDelay } from './back-off.ts';

describe('backOffDelay', () => {
  const backOff = { baseMs: 500, maxMs: 3000 };

  it('doubles each attempt up to the maximum', () => {
    expect([1, 2, 3, 4, 5, 50, 5000].map((n) => backOffDelay(n, backOff))).toEqual([
      500, 1000, 2000, 3000, 3000, 3000, 3000,
    ]);
  });

  it('with jitter, waits within [half, whole] of the step', () => {
    expect(backOffDelay(1, backOff, () => 0)).toBe(250);
    expect(backOffDelay(1, backOff, () => 1)).toBe(500);
    expect(backOffDelay(2, backOff, () => 0)).toBe(500);
    expect(backOffDelay(3, backOff, () => 1)).toBe(2000);
    expect(backOffDelay(4, backOff, () => 1)).toBe(3000);
    expect(backOffDelay(10, backOff, () => 0)).toBe(1500);
    expect(backOffDelay(1, backOff, () => 0.5)).toBe(375);
  });

  it('treats an attempt below 1 as the first', () => {
    expect(backOffDelay(0, backOff)).toBe(500);
    expect(backOffDelay(-3, backOff, () => 0)).toBe(250);
  });
});
