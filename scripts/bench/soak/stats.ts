/**
 * What the soak counts while it runs: latency and status per route, errors by kind, and the memory
 * trend of each process. Pure: no I/O, no clocks of its own (callers pass the times).
 */
import { LatencyHistogram } from '../lib/histogram.ts';

export interface RouteSummary {
  route: string;
  count: number;
  /** Answers per HTTP status ("timeout"/"socket error" for none). */
  statuses: Record<string, number>;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** Latency histograms and status counts per route, and completions per minute of the run. */
export class RouteStats {
  private readonly routes = new Map<string, { histogram: LatencyHistogram; statuses: Map<string, number> }>();
  /** Requests completed in each whole minute since `startedAt`. */
  readonly perMinute: number[] = [];

  constructor(private readonly startedAt: number) {}

  record(route: string, status: string, ms: number, at: number): void {
    let entry = this.routes.get(route);
    if (!entry) {
      entry = { histogram: new LatencyHistogram(), statuses: new Map() };
      this.routes.set(route, entry);
    }
    entry.histogram.record(ms);
    entry.statuses.set(status, (entry.statuses.get(status) ?? 0) + 1);
    const minute = Math.max(0, Math.floor((at - this.startedAt) / 60_000));
    while (this.perMinute.length <= minute) this.perMinute.push(0);
    this.perMinute[minute]!++;
  }

  total(): number {
    let n = 0;
    for (const entry of this.routes.values()) n += entry.histogram.count;
    return n;
  }

  /** One line per route, busiest first. */
  summary(): RouteSummary[] {
    return [...this.routes.entries()]
      .map(([route, { histogram, statuses }]) => ({
        route,
        count: histogram.count,
        statuses: Object.fromEntries([...statuses.entries()].sort(([a], [b]) => a.localeCompare(b))),
        p50: histogram.percentile(0.5),
        p95: histogram.percentile(0.95),
        p99: histogram.percentile(0.99),
        max: histogram.max,
      }))
      .sort((a, b) => b.count - a.count || a.route.localeCompare(b.route));
  }
}

/** Counts by kind, with the first few examples of each (for the report). */
export class Tally {
  private readonly counts = new Map<string, { count: number; examples: string[] }>();

  constructor(private readonly examplesPerKind = 3) {}

  add(kind: string, example?: string, n = 1): void {
    let entry = this.counts.get(kind);
    if (!entry) {
      entry = { count: 0, examples: [] };
      this.counts.set(kind, entry);
    }
    entry.count += n;
    if (example !== undefined && entry.examples.length < this.examplesPerKind) {
      entry.examples.push(example.slice(0, 300));
    }
  }

  total(): number {
    let n = 0;
    for (const entry of this.counts.values()) n += entry.count;
    return n;
  }

  entries(): { kind: string; count: number; examples: string[] }[] {
    return [...this.counts.entries()]
      .map(([kind, entry]) => ({ kind, ...entry }))
      .sort((a, b) => b.count - a.count || a.kind.localeCompare(b.kind));
  }
}

/** Least-squares slope of y over x; NaN with fewer than two distinct x. */
export function linearSlope(points: readonly { x: number; y: number }[]): number {
  const n = points.length;
  if (n < 2) return Number.NaN;
  let sx = 0;
  let sy = 0;
  for (const p of points) {
    sx += p.x;
    sy += p.y;
  }
  const mx = sx / n;
  const my = sy / n;
  let sxy = 0;
  let sxx = 0;
  for (const p of points) {
    sxy += (p.x - mx) * (p.y - my);
    sxx += (p.x - mx) ** 2;
  }
  return sxx === 0 ? Number.NaN : sxy / sxx;
}

export interface RssSample {
  /** Minutes since the load started (negative before it). */
  minute: number;
  rssMb: number;
}

export type TrendVerdict = 'flat' | 'growing' | 'too few samples' | 'run too short';

/** Below this, the second half is mostly warm-up: no verdict. */
export const MIN_TREND_MINUTES = 4;

export interface RssTrend {
  /** Least-squares slope over the second half of the load, MB per minute. */
  slopeMbPerMinute: number;
  samples: number;
  verdict: TrendVerdict;
}

/**
 * The memory trend of one process: the slope of its RSS over the second half of the load (the
 * first half holds the warm-up: caches filling, JIT, pools growing to their working size).
 */
export function rssTrend(
  samples: readonly RssSample[],
  loadMinutes: number,
  limitMbPerMinute: number,
): RssTrend {
  const half = loadMinutes / 2;
  const points = samples.filter((s) => s.minute >= half && s.minute <= loadMinutes + 1e-9);
  const slope = linearSlope(points.map((s) => ({ x: s.minute, y: s.rssMb })));
  if (loadMinutes < MIN_TREND_MINUTES) {
    return { slopeMbPerMinute: slope, samples: points.length, verdict: 'run too short' };
  }
  if (points.length < 3 || Number.isNaN(slope)) {
    return { slopeMbPerMinute: slope, samples: points.length, verdict: 'too few samples' };
  }
  return {
    slopeMbPerMinute: slope,
    samples: points.length,
    verdict: slope > limitMbPerMinute ? 'growing' : 'flat',
  };
}
