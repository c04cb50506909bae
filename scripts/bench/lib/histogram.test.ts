import { describe, expect, it } from 'vitest';
import { LatencyHistogram } from './histogram.ts';

describe('LatencyHistogram', () => {
  it('gives percentiles within 0.1% above the true value, never below it', () => {
    const h = new LatencyHistogram();
    for (let i = 1; i <= 1000; i++) h.record(i / 10); // 0.1 … 100 ms
    expect(h.percentile(0.5)).toBeGreaterThanOrEqual(50);
    expect(h.percentile(0.5)).toBeLessThanOrEqual(50 * 1.001);
    expect(h.percentile(0.99)).toBeGreaterThanOrEqual(99);
    expect(h.percentile(0.99)).toBeLessThanOrEqual(99 * 1.001);
    expect(h.percentile(1)).toBe(100);
    expect(h.max).toBe(100);
    expect(h.mean()).toBeCloseTo(50.05, 5);
  });

  it('keeps its resolution for delays of seconds, beyond the minute it was sized for too', () => {
    const h = new LatencyHistogram();
    h.record(1500.2);
    expect(h.percentile(0.99)).toBe(1500.2);
    h.record(1501);
    expect(h.percentile(0.5)).toBeGreaterThanOrEqual(1500.2);
    expect(h.percentile(0.5)).toBeLessThanOrEqual(1500.2 * 1.001);
    const long = new LatencyHistogram();
    long.record(90_000);
    expect(long.percentile(0.99)).toBe(90_000);
  });

  it('counts negative values as 0 and says how many there were', () => {
    const h = new LatencyHistogram();
    h.record(-2);
    h.record(3);
    expect(h.negatives).toBe(1);
    expect(h.min).toBe(0);
    expect(h.percentile(0.5)).toBe(0);
  });

  it('merges across processes through its sparse (JSON) form', () => {
    const a = new LatencyHistogram();
    const b = new LatencyHistogram();
    for (let i = 0; i < 100; i++) a.record(10);
    for (let i = 0; i < 100; i++) b.record(200);
    const merged = LatencyHistogram.fromSparse(JSON.parse(JSON.stringify(a.toSparse())));
    merged.merge(JSON.parse(JSON.stringify(b.toSparse())));
    merged.merge(new LatencyHistogram().toSparse());
    expect(merged.count).toBe(200);
    expect(merged.percentile(0.5)).toBeCloseTo(10, 1);
    expect(merged.percentile(0.51)).toBeCloseTo(200, 5);
    expect(merged.min).toBe(10);
    expect(merged.max).toBe(200);
    expect(new LatencyHistogram().percentile(0.5)).toBeNaN();
  });
});
