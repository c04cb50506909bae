import { describe, expect, it } from 'vitest';
import { linearSlope, RouteStats, rssTrend, Tally } from './stats.ts';

describe('route statistics', () => {
  it('gives p50/p95/p99 per route, statuses, and completions per minute', () => {
    const start = 1_000_000;
    const stats = new RouteStats(start);
    for (let i = 1; i <= 100; i++) stats.record('GET /a', '200', i, start + i * 1000);
    stats.record('GET /b', '503', 7, start + 5000);
    stats.record('GET /b', 'timeout', 10_000, start + 130_000);
    const [a, b] = stats.summary();
    expect(a).toMatchObject({ route: 'GET /a', count: 100, statuses: { '200': 100 }, max: 100 });
    // Percentiles are the upper edges of HDR buckets: never below the true value, at most 0.1% above.
    for (const [p, value] of [
      [a!.p50, 50],
      [a!.p95, 95],
      [a!.p99, 99],
    ] as const) {
      expect(p).toBeGreaterThanOrEqual(value);
      expect(p).toBeLessThanOrEqual(value * 1.001);
    }
    expect(b).toMatchObject({ route: 'GET /b', count: 2, statuses: { '503': 1, timeout: 1 } });
    expect(stats.total()).toBe(102);
    // 59 of /a plus one /b in minute 0, the other 41 of /a in minute 1, the timeout in minute 2.
    expect(stats.perMinute).toEqual([60, 41, 1]);
  });

  it('counts by kind, busiest first, with a few examples', () => {
    const tally = new Tally(2);
    tally.add('HTTP 500 GET /x', 'first');
    tally.add('timeout GET /y', 'a');
    tally.add('timeout GET /y', 'b');
    tally.add('timeout GET /y', 'c');
    tally.add('server logged errors', undefined, 5);
    expect(tally.total()).toBe(9);
    expect(tally.entries()).toEqual([
      { kind: 'server logged errors', count: 5, examples: [] },
      { kind: 'timeout GET /y', count: 3, examples: ['a', 'b'] },
      { kind: 'HTTP 500 GET /x', count: 1, examples: ['first'] },
    ]);
  });
});

describe('memory trend', () => {
  it('fits a least-squares slope', () => {
    expect(
      linearSlope([
        { x: 0, y: 1 },
        { x: 1, y: 3 },
        { x: 2, y: 5 },
      ]),
    ).toBeCloseTo(2, 10);
    expect(
      linearSlope([
        { x: 0, y: 4 },
        { x: 2, y: 4 },
        { x: 4, y: 4 },
      ]),
    ).toBe(0);
    expect(linearSlope([{ x: 1, y: 4 }])).toBeNaN();
    expect(
      linearSlope([
        { x: 1, y: 4 },
        { x: 1, y: 5 },
      ]),
    ).toBeNaN();
  });

  it('judges only the second half of the load, so warm-up growth is not a trend', () => {
    // Grows 20 MB/min for the first 5 minutes, then flat with noise.
    const samples = [];
    for (let m = 0; m <= 10; m += 1 / 6) {
      const noise = Math.sin(m * 17) * 1.5;
      samples.push({ minute: m, rssMb: 100 + Math.min(m, 5) * 20 + noise });
    }
    const trend = rssTrend([{ minute: -1, rssMb: 50 }, ...samples], 10, 2);
    expect(trend.verdict).toBe('flat');
    expect(Math.abs(trend.slopeMbPerMinute)).toBeLessThan(1);
    expect(trend.samples).toBeGreaterThan(25);
  });

  it('flags a steady climb above the limit, and says when there are too few readings', () => {
    const climbing = Array.from({ length: 61 }, (_, i) => ({ minute: i / 6, rssMb: 80 + (i / 6) * 3 }));
    expect(rssTrend(climbing, 10, 2)).toMatchObject({ verdict: 'growing' });
    expect(rssTrend(climbing, 10, 2).slopeMbPerMinute).toBeCloseTo(3, 6);
    expect(rssTrend(climbing, 10, 5)).toMatchObject({ verdict: 'flat' });
    expect(
      rssTrend(
        [
          { minute: 0, rssMb: 1 },
          { minute: 5, rssMb: 2 },
        ],
        10,
        2,
      ),
    ).toMatchObject({
      verdict: 'too few samples',
    });
    expect(rssTrend(climbing.slice(0, 13), 2, 2)).toMatchObject({ verdict: 'run too short' });
  });
});
