import {
  build,
  decodeFromCompressedBase64,
  encodeIntoCompressedBase64,
  type Histogram,
} from 'hdr-histogram-js';

/**
 * A latency histogram: an HDR histogram (`hdr-histogram-js`) of microseconds, 3 significant
 * digits (0.1 ms resolution at 100 ms, 1 ms at 1 s), its percentiles the upper edge of their
 * bucket so they never understate a delay. Around it, what the HDR form does not hold exactly: the
 * sum, min and max, and how many values were negative.
 */

const MICROSECONDS_PER_MS = 1000;
/** Enough for any tick delay a run can see; the histogram grows beyond it if need be. */
const HIGHEST_TRACKED_US = 60_000 * MICROSECONDS_PER_MS;

/** A histogram as it crosses a process boundary (JSON): the HDR compressed form plus the extras. */
export interface SparseHistogram {
  /** HDR histogram, compressed and base64-encoded. */
  hdr: string;
  count: number;
  sum: number;
  min: number;
  max: number;
  /** Values below zero (recorded as 0): a sign of clocks that disagree. */
  negatives: number;
}

const emptyHdr = (): Histogram =>
  build({
    lowestDiscernibleValue: 1,
    highestTrackableValue: HIGHEST_TRACKED_US,
    numberOfSignificantValueDigits: 3,
  });

export class LatencyHistogram {
  private readonly hdr = emptyHdr();
  count = 0;
  sum = 0;
  min = Number.POSITIVE_INFINITY;
  max = Number.NEGATIVE_INFINITY;
  negatives = 0;

  record(ms: number): void {
    if (ms < 0) this.negatives++;
    const value = ms < 0 ? 0 : ms;
    this.hdr.recordValue(Math.round(value * MICROSECONDS_PER_MS));
    this.count++;
    this.sum += value;
    if (value < this.min) this.min = value;
    if (value > this.max) this.max = value;
  }

  merge(other: LatencyHistogram | SparseHistogram): void {
    if (other.count === 0) return;
    if (other instanceof LatencyHistogram) {
      this.hdr.add(other.hdr);
    } else {
      const decoded = decodeFromCompressedBase64(other.hdr);
      this.hdr.add(decoded);
      decoded.destroy();
    }
    this.count += other.count;
    this.sum += other.sum;
    this.negatives += other.negatives;
    this.min = Math.min(this.min, other.min);
    this.max = Math.max(this.max, other.max);
  }

  /** The delay that `fraction` (0..1) of the values do not exceed; NaN when empty. */
  percentile(fraction: number): number {
    if (this.count === 0) return Number.NaN;
    return Math.min(this.hdr.getValueAtPercentile(fraction * 100) / MICROSECONDS_PER_MS, this.max);
  }

  mean(): number {
    return this.count === 0 ? Number.NaN : this.sum / this.count;
  }

  toSparse(): SparseHistogram {
    return {
      hdr: encodeIntoCompressedBase64(this.hdr),
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
