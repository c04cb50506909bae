import { describe, expect, it } from 'vitest';
import { Rng, WeightedTable, hashString, hashValues } from './random.ts';

describe('Rng', () => {
  it('repeats its sequence for a seed and differs between seeds', () => {
    const a = Array.from(
      { length: 5 },
      (
        (r) => () =>
          r.next()
      )(new Rng(42)),
    );
    const b = Array.from(
      { length: 5 },
      (
        (r) => () =>
          r.next()
      )(new Rng(42)),
    );
    const c = Array.from(
      { length: 5 },
      (
        (r) => () =>
          r.next()
      )(new Rng(43)),
    );
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
  });

  it('draws uniformly in [0, 1)', () => {
    const rng = new Rng(7);
    const buckets = new Array<number>(10).fill(0);
    const n = 100_000;
    let outside = 0;
    for (let i = 0; i < n; i++) {
      const u = rng.next();
      if (u < 0 || u >= 1) outside++;
      else buckets[Math.floor(u * 10)]!++;
    }
    expect(outside).toBe(0);
    for (const count of buckets) expect(Math.abs(count - n / 10)).toBeLessThan(n / 100);
  });

  it('draws standard normal values', () => {
    const rng = new Rng(11);
    const n = 50_000;
    let sum = 0;
    let sumSquares = 0;
    for (let i = 0; i < n; i++) {
      const z = rng.gaussian();
      sum += z;
      sumSquares += z * z;
    }
    expect(Math.abs(sum / n)).toBeLessThan(0.02);
    expect(Math.abs(sumSquares / n - 1)).toBeLessThan(0.03);
  });
});

describe('hashing', () => {
  it('is order-sensitive and spreads close inputs', () => {
    expect(hashValues(1, 2)).not.toBe(hashValues(2, 1));
    expect(hashValues(1, 2)).toBe(hashValues(1, 2));
    expect(hashString('metropolitan')).not.toBe(hashString('metropolitaN'));
    const seen = new Set<number>();
    for (let i = 0; i < 10_000; i++) seen.add(hashValues(5, i));
    expect(seen.size).toBe(10_000);
  });
});

describe('WeightedTable', () => {
  it('picks items in proportion to their weights', () => {
    const table = new WeightedTable(['a', 'b', 'c'], [1, 3, 0]);
    const rng = new Rng(3);
    const counts: Record<string, number> = { a: 0, b: 0, c: 0 };
    for (let i = 0; i < 40_000; i++) counts[table.pick(rng.next())]!++;
    expect(counts.c).toBe(0);
    expect(counts.a! / 40_000).toBeCloseTo(0.25, 1);
    expect(table.pick(0)).toBe('a');
    expect(table.pick(0.9999999)).toBe('b');
  });

  it('rejects tables that cannot be sampled', () => {
    expect(() => new WeightedTable([], [])).toThrow();
    expect(() => new WeightedTable(['a'], [0])).toThrow();
    expect(() => new WeightedTable(['a', 'b'], [1, -1])).toThrow();
  });
});
