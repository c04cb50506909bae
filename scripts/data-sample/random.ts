/**
 * Deterministic randomness. Everything the generator draws comes from a key built by hashing
 * (seed, force, month, row), so any row can be re-created on its own without replaying the rows
 * before it: the outcomes of a month are re-derived from the crimes of earlier months that way,
 * instead of keeping those crimes in memory.
 */

/** Final avalanche step of a 32-bit hash: every input bit affects every output bit. */
export function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Folds one more 32-bit value into a running hash; order matters, so mix(a, b) != mix(b, a). */
export function mix(h: number, value: number): number {
  return fmix32((Math.imul(h ^ 0x9e3779b9, 0x01000193) + Math.imul(value | 0, 0x2545f491)) | 0);
}

export function hashString(text: string): number {
  // FNV-1a over UTF-16 code units, then an avalanche so that similar strings land far apart.
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return fmix32(h);
}

export function hashValues(...values: number[]): number {
  let h = 0x6a09e667;
  for (const v of values) h = mix(h, v);
  return h;
}

/** Uniform in [0, 1) from a hash value. */
export function unitFromHash(h: number): number {
  return (h >>> 0) / 4294967296;
}

export { Rng } from '../../common/random/rng.ts';

/**
 * Picks among weighted choices in O(log n): built once from weights, sampled with a uniform.
 */
export class WeightedTable<T> {
  private readonly cumulative: Float64Array;

  constructor(
    readonly items: readonly T[],
    weights: readonly number[],
  ) {
    if (items.length === 0 || items.length !== weights.length) {
      throw new Error('WeightedTable needs one weight per item and at least one item');
    }
    this.cumulative = new Float64Array(weights.length);
    let total = 0;
    for (let i = 0; i < weights.length; i++) {
      const w = weights[i] ?? 0;
      if (!(w >= 0)) throw new Error(`negative or missing weight at ${i}`);
      total += w;
      this.cumulative[i] = total;
    }
    if (total <= 0) throw new Error('WeightedTable needs a positive total weight');
    for (let i = 0; i < this.cumulative.length; i++) this.cumulative[i] = this.cumulative[i]! / total;
  }

  /** Index of the choice for a uniform u in [0, 1). */
  index(u: number): number {
    const c = this.cumulative;
    let lo = 0;
    let hi = c.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (u < c[mid]!) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  pick(u: number): T {
    return this.items[this.index(u)]!;
  }
}
