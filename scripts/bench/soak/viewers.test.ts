import { describe, expect, it } from 'vitest';
import { judgeTick } from './viewers.ts';

describe('what a viewer makes of a tick', () => {
  const at = (t: number, n: number, y = 2025) => ({ t, y, n });

  it('accepts the first tick and every later second whose count did not fall', () => {
    expect(judgeTick(undefined, at(1000, 5))).toBe('first');
    expect(judgeTick(at(1000, 5), at(2000, 5))).toBe('next');
    expect(judgeTick(at(1000, 5), at(5000, 9))).toBe('next');
  });

  it('takes the same second again with the same count as a harmless duplicate', () => {
    expect(judgeTick(at(1000, 5), at(1000, 5))).toBe('duplicate');
  });

  it('catches a count that goes back, two counts for one second, and time going back', () => {
    expect(judgeTick(at(1000, 5), at(2000, 4))).toBe('count backwards');
    expect(judgeTick(at(1000, 5), at(1000, 6))).toBe('count differs');
    expect(judgeTick(at(2000, 5), at(1000, 5))).toBe('time backwards');
  });

  it('lets the count restart at 0 with a new year, never the other way', () => {
    expect(judgeTick(at(1000, 9_000_000, 2025), at(2000, 3, 2026))).toBe('next');
    expect(judgeTick(at(1000, 3, 2026), at(2000, 9_000_000, 2025))).toBe('count backwards');
  });
});
