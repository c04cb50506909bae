import { describe, expect, it } from 'vitest';
import { bucketOf, bucketUpperEdge, LatencyHistogram } from './histogram.ts';

describe('LatencyHistogram', () => {
  it('gives percentiles at 0.1 ms resolution below 1 s, never below the true value', () => {
    const h = new LatencyHistogram();
    for (let i = 1; i <= 1000; i++) h.record(i / 10); // 0.1 … 100 ms
    expect(h.percentile(0.5)).toBeCloseTo(50.1, 5);
    expect(h.percentile(0.99)).toBeCloseTo(99.1, 5);
    expect(h.percentile(1)).toBe(100);
    expect(h.max).toBe(100);
    expect(h.mean()).toBeCloseTo(50.05, 5);
    expect(h.countAbove(90)).toBe(100);
  });

  it('uses 1 ms buckets up to 10 s and one overflow bucket', () => {
    expect(bucketUpperEdge(bucketOf(1500.2))).toBe(1501);
    expect(bucketUpperEdge(bucketOf(20_000))).toBe(Number.POSITIVE_INFINITY);
    const h = new LatencyHistogram();
    h.record(25_000);
    expect(h.percentile(0.99)).toBe(25_000);
  });

  it('counts negative values as 0 and says how many there were', () => {
    const h = new LatencyHistogram();
    h.record(-2);
    h.record(3);
    expect(h.negatives).toBe(1);
    expect(h.min).toBe(0);
  });

  it('merges across processes through its sparse form', () => {
    const a = new LatencyHistogram();
    const b = new LatencyHistogram();
    for (let i = 0; i < 100; i++) a.record(10);
    for (let i = 0; i < 100; i++) b.record(200);
    const merged = LatencyHistogram.fromSparse(JSON.parse(JSON.stringify(a.toSparse())));
    merged.merge(JSON.parse(JSON.stringify(b.toSparse())));
    merged.merge(new LatencyHistogram().toSparse());
    expect(merged.count).toBe(200);
    expect(merged.percentile(0.5)).toBeCloseTo(10.1, 5); // upper edge of its 0.1 ms bucket
    expect(merged.percentile(0.51)).toBeCloseTo(200, 5);
    expect(merged.min).toBe(10);
    expect(merged.max).toBe(200);
    expect(new LatencyHistogram().percentile(0.5)).toBeNaN();
  });
});
