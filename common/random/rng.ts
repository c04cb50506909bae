// The project's one seeded generator: the synthetic sample, the benchmarks and the tests that
// need reproducible draws all take it from here (common/, so browser-side tests may use it too).

/**
 * A small seeded generator (the "mulberry32" construction: a Weyl sequence pushed through a
 * multiply-xorshift mixer). One instance is re-seeded per row so no objects are made per row.
 */
export class Rng {
  private state = 0;

  constructor(seed = 0) {
    this.reseed(seed);
  }

  reseed(seed: number): this {
    this.state = seed | 0;
    return this;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = Math.imul(this.state ^ (this.state >>> 15), 1 | this.state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** A standard normal value (Box-Muller; the second value of the pair is thrown away). */
  gaussian(): number {
    const u = 1 - this.next(); // (0, 1], so the logarithm is finite
    const v = this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }
}
