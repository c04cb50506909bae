/**
 * A latency histogram with fixed buckets: 0.1 ms wide up to 1 s, 1 ms wide up to 10 s, one bucket
 * beyond. Cheap to record into (one array increment), mergeable across processes in sparse form,
 * and its percentiles are bucket upper edges, so they never understate a delay by more than 0.1 ms
 * below 1 s (1 ms up to 10 s).
 */
const FINE_BUCKETS = 10_000; // 0.1 ms each, [0, 1000) ms
const COARSE_BUCKETS = 9_000; // 1 ms each, [1000, 10000) ms
const BUCKETS = FINE_BUCKETS + COARSE_BUCKETS + 1; // + overflow

export interface SparseHistogram {
  /** [bucket index, count] for every non-empty bucket. */
  buckets: [number, number][];
  count: number;
  sum: number;
  min: number;
  max: number;
  /** Values below zero (recorded as 0): a sign of clocks that disagree. */
  negatives: number;
}

export function bucketOf(ms: number): number {
  if (ms < 1000) return Math.max(0, Math.floor(ms * 10));
  if (ms < 10_000) return FINE_BUCKETS + Math.floor(ms - 1000);
  return BUCKETS - 1;
}

/** Upper edge of a bucket, in ms (Infinity for the overflow bucket). */
export function bucketUpperEdge(bucket: number): number {
  if (bucket < FINE_BUCKETS) return (bucket + 1) / 10;
  if (bucket < BUCKETS - 1) return 1000 + (bucket - FINE_BUCKETS) + 1;
  return Number.POSITIVE_INFINITY;
}

export class LatencyHistogram {
  private readonly counts = new Uint32Array(BUCKETS);
  count = 0;
  sum = 0;
  min = Number.POSITIVE_INFINITY;
  max = Number.NEGATIVE_INFINITY;
  negatives = 0;

  record(ms: number): void {
    if (ms < 0) this.negatives++;
    const value = ms < 0 ? 0 : ms;
    this.counts[bucketOf(value)]!++;
    this.count++;
    this.sum += value;
    if (value < this.min) this.min = value;
    if (value > this.max) this.max = value;
  }

  merge(other: LatencyHistogram | SparseHistogram): void {
    const sparse = other instanceof LatencyHistogram ? other.toSparse() : other;
    for (const [bucket, n] of sparse.buckets) this.counts[bucket]! += n;
    this.count += sparse.count;
    this.sum += sparse.sum;
    this.negatives += sparse.negatives;
    if (sparse.count > 0) {
      this.min = Math.min(this.min, sparse.min);
      this.max = Math.max(this.max, sparse.max);
    }
  }

  /** The delay that `fraction` (0..1) of the values do not exceed; NaN when empty. */
  percentile(fraction: number): number {
    if (this.count === 0) return Number.NaN;
    const rank = Math.max(1, Math.ceil(fraction * this.count));
    let seen = 0;
    for (let bucket = 0; bucket < BUCKETS; bucket++) {
      seen += this.counts[bucket]!;
      if (seen >= rank) return Math.min(bucketUpperEdge(bucket), this.max);
    }
    return this.max;
  }

  mean(): number {
    return this.count === 0 ? Number.NaN : this.sum / this.count;
  }

  /** How many values exceed `ms` (at bucket resolution). */
  countAbove(ms: number): number {
    let above = 0;
    for (let bucket = bucketOf(ms) + 1; bucket < BUCKETS; bucket++) above += this.counts[bucket]!;
    return above;
  }

  toSparse(): SparseHistogram {
    const buckets: [number, number][] = [];
    for (let bucket = 0; bucket < BUCKETS; bucket++) {
      const n = this.counts[bucket]!;
      if (n > 0) buckets.push([bucket, n]);
    }
    return {
      buckets,
      count: this.count,
      sum: this.sum,
      min: this.min,
      max: this.max,
      negatives: this.negatives,
    };
  }

  static fromSparse(sparse: SparseHistogram): LatencyHistogram {
    const histogram = new LatencyHistogram();
    histogram.merge(sparse);
    return histogram;
  }
}
