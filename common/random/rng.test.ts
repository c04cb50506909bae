import { describe, expect, it } from 'vitest';
import { Rng } from './rng.ts';

const draws = (rng: Rng, n: number, draw: (rng: Rng) => number = (r) => r.next()) =>
  Array.from({ length: n }, () => draw(rng));

describe('the seeded generator', () => {
  it('gives the same draws for the same seed, and other draws for another', () => {
    expect(draws(new Rng(42), 5)).toEqual(draws(new Rng(42), 5));
    expect(draws(new Rng(42), 5)).not.toEqual(draws(new Rng(43), 5));
  });

  it('starts over when reseeded, as a row re-derived from its key needs', () => {
    const rng = new Rng(7);
    const first = draws(rng, 3);
    draws(rng, 100);
    expect(draws(rng.reseed(7), 3)).toEqual(first);
  });

  it('draws uniformly in [0, 1): each tenth holds about a tenth of the draws', () => {
    const values = draws(new Rng(1), 100_000);
    expect(Math.min(...values)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...values)).toBeLessThan(1);
    const tenths = new Array<number>(10).fill(0);
    for (const value of values) tenths[Math.floor(value * 10)]! += 1;
    for (const count of tenths) expect(Math.abs(count - 10_000)).toBeLessThan(500);
  });

  it('draws whole numbers below n, each of them', () => {
    const values = draws(new Rng(2), 10_000, (r) => r.int(6));
    expect(values.every((value) => Number.isInteger(value) && value >= 0 && value < 6)).toBe(true);
    expect(new Set(values).size).toBe(6);
  });

  it('draws standard normal values: mean 0, standard deviation 1', () => {
    const values = draws(new Rng(3), 100_000, (r) => r.gaussian());
    const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
    const variance = values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / values.length;
    expect(values.every(Number.isFinite)).toBe(true);
    expect(Math.abs(mean)).toBeLessThan(0.02);
    expect(Math.abs(Math.sqrt(variance) - 1)).toBeLessThan(0.02);
  });
});
