import { describe, expect, it } from 'vitest';
import { createNewLoadWindow } from './new-load-window.ts';

describe("an address's window of new loads", () => {
  it('gives each address max loads a window, and refusing spends nothing', () => {
    const at = 1_000_000;
    const window = createNewLoadWindow({ max: 3, windowMs: 60_000, now: () => at });
    expect(Array.from({ length: 5 }, () => window.spend('a'))).toEqual([true, true, true, false, false]);
    expect(window.spend('b')).toBe(true);
  });

  it('slides: each load counts for exactly windowMs after it', () => {
    let at = 1_000_000;
    const window = createNewLoadWindow({ max: 2, windowMs: 60_000, now: () => at });
    expect(window.spend('a')).toBe(true);
    at += 30_000;
    expect(window.spend('a')).toBe(true);
    at += 29_999;
    expect(window.spend('a')).toBe(false);
    at += 1; // the first load is a window old
    expect(window.spend('a')).toBe(true);
    at += 29_999; // the second is not yet
    expect(window.spend('a')).toBe(false);
    at += 1;
    expect(window.spend('a')).toBe(true);
    // Never more than max in a window's span, wherever it starts: 29.999 s on, both still count.
    at += 29_999;
    expect(window.spend('a')).toBe(false);
  });

  it('forgets addresses idle for a whole window, swept once a window', () => {
    let at = 1_000_000;
    const window = createNewLoadWindow({ max: 5, windowMs: 60_000, now: () => at });
    for (let i = 0; i < 1000; i++) window.spend(`10.0.${i >> 8}.${i & 255}`);
    expect(window.tracked()).toBe(1000);
    at += 59_999;
    window.spend('kept');
    expect(window.tracked()).toBe(1001);
    at += 1; // a window since the start: the thousand are a window old and swept; 'kept' is not
    window.spend('another');
    expect(window.tracked()).toBe(2);
    // An address swept has its whole budget again.
    expect(Array.from({ length: 6 }, () => window.spend('10.0.0.0'))).toEqual([
      true,
      true,
      true,
      true,
      true,
      false,
    ]);
  });
});
