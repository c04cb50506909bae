/**
 * The pure parts of the partner throughput run (throughput.ts): its command line, whether a step of
 * the load held, the rate held, the daily-limit exactness verdict and the printed lines.
 */
import { ArgsError, decimal, readOptions, whole } from '../lib/options.ts';

export { ArgsError };

export interface ThroughputArgs {
  /** Requests per second of each step, ascending. */
  rates: number[];
  stepSeconds: number;
  warmupSeconds: number;
  /** A step holds when its p99 is under this (and it had no error). */
  p99Ms: number;
  /** Daily limit of the key driven past it in the exactness check. */
  limit: number;
  /** Calls sent at once to that key. */
  burst: number;
  /** Connections the burst may open at once (the proxy allows 500 per address, see deploy/haproxy.cfg). */
  burstSockets: number;
  timeoutS: number;
  help: boolean;
}

export const USAGE = `Partner search throughput through the proxy and 2 API nodes on MariaDB.

  npx tsx scripts/bench/partner/throughput.ts [options]

  --rates R,R,...      open-loop steps in requests/s (default 25,50,75,100,150,200,300,400)
  --step-seconds S     length of each step (default 20)
  --warmup-seconds S   unmeasured load at the first rate before the steps (default 5)
  --p99-ms MS          a step holds when p99 < MS and no request failed (default 50)
  --limit N            daily limit of the key for the exactness check (default 200)
  --burst N            calls sent at once to that key (default 600; more than --limit)
  --burst-sockets N    connections the burst may use (default 300)
  --timeout-s S        a request without an answer after S seconds is an error (default 5)
  --help               this text

Starts its own cluster (npm run build first): a new MariaDB database at BENCH_MYSQL_URL (default
mysql://root@127.0.0.1:3306, dropped at the end), Redis at REDIS_URL, the synthetic sample, 2 API and
2 realtime nodes behind HAProxy. Exits 1 when the daily limit was not exact.`;

const MAX_RATE = 2000;

/** "25,50,100" as ascending whole rates, each from 1 to MAX_RATE. */
export function parseRates(text: string): number[] {
  const rates = text.split(',').map((r) => whole('rates', r.trim(), 1, MAX_RATE));
  if (rates.some((r, i) => i > 0 && r <= rates[i - 1]!)) {
    throw new ArgsError(`--rates must go up step by step (got "${text}")`);
  }
  return rates;
}

export function parseThroughputArgs(argv: readonly string[]): ThroughputArgs {
  const v = readOptions(argv, {
    rates: { type: 'string', default: '25,50,75,100,150,200,300,400' },
    'step-seconds': { type: 'string', default: '20' },
    'warmup-seconds': { type: 'string', default: '5' },
    'p99-ms': { type: 'string', default: '50' },
    limit: { type: 'string', default: '200' },
    burst: { type: 'string', default: '600' },
    'burst-sockets': { type: 'string', default: '300' },
    'timeout-s': { type: 'string', default: '5' },
    help: { type: 'boolean', default: false },
  });
  const limit = whole('limit', v.limit, 1, 10_000);
  const burst = whole('burst', v.burst, 1, 10_000);
  if (burst <= limit) throw new ArgsError(`--burst (${burst}) must exceed --limit (${limit})`);
  return {
    rates: parseRates(v.rates),
    stepSeconds: decimal('step-seconds', v['step-seconds'], 1, 600),
    warmupSeconds: decimal('warmup-seconds', v['warmup-seconds'], 0, 120),
    p99Ms: decimal('p99-ms', v['p99-ms'], 1, 10_000),
    limit,
    burst,
    burstSockets: whole('burst-sockets', v['burst-sockets'], 1, 450),
    timeoutS: decimal('timeout-s', v['timeout-s'], 0.5, 60),
    help: v.help,
  };
}

/** What one step of open-loop load gave. Latencies count from each request's send. */
export interface StepResult {
  rate: number;
  seconds: number;
  sent: number;
  /** Answered 200. */
  ok: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** p99 of how late the generator sent a request after its planned time (its own queueing). */
  sendLagP99: number;
  errors: { kind: string; count: number }[];
}

export function errorCount(step: Pick<StepResult, 'errors'>): number {
  return step.errors.reduce((n, e) => n + e.count, 0);
}

/** Held: every request sent was answered 200 and p99 stayed under the bound. */
export function stepHeld(step: StepResult, p99Ms: number): boolean {
  return step.sent > 0 && step.ok === step.sent && errorCount(step) === 0 && step.p99 < p99Ms;
}

/** The highest rate among the steps that held, or undefined when none did. */
export function rateHeld(steps: readonly StepResult[], p99Ms: number): StepResult | undefined {
  return steps.filter((s) => stepHeld(s, p99Ms)).sort((a, b) => b.rate - a.rate)[0];
}

const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : '-');

export function formatStep(step: StepResult, p99Ms: number): string {
  const errors = errorCount(step);
  const kinds = step.errors.map((e) => `${e.kind} ×${e.count}`).join('; ');
  return (
    `${String(step.rate).padStart(4)} req/s asked: ${(step.sent / step.seconds).toFixed(1)} sent/s, ` +
    `${(step.ok / step.seconds).toFixed(1)} ok/s; p50 ${ms(step.p50)}, p95 ${ms(step.p95)}, ` +
    `p99 ${ms(step.p99)}, max ${ms(step.max)} (send lag p99 ${ms(step.sendLagP99)}); ` +
    `${errors === 0 ? 'no errors' : `${errors} errors: ${kinds}`} => ${stepHeld(step, p99Ms) ? 'held' : 'NOT held'}`
  );
}

/** How the burst at the limited key was answered. */
export interface BurstCounts {
  calls: number;
  ok: number;
  /** 429 RATE_LIMITED. */
  refused: number;
  /** Anything else (other statuses, timeouts, socket errors), by kind. */
  other: { kind: string; count: number }[];
}

/** Why the daily limit was not exact, or undefined when exactly `limit` calls passed and the rest got 429. */
export function exactnessProblem(limit: number, counts: BurstCounts): string | undefined {
  const other = errorCount({ errors: counts.other });
  if (counts.ok === limit && counts.refused === counts.calls - limit && other === 0) return undefined;
  return (
    `expected ${limit} answered 200 and ${counts.calls - limit} refused with 429, got ${counts.ok} and ` +
    `${counts.refused}${other ? `, and ${other} other answers (${counts.other.map((o) => `${o.kind} ×${o.count}`).join('; ')})` : ''}`
  );
}

/** "api-1 85 %, api-2 80 %, …" (percent of one core). */
export function formatCpu(rows: readonly { name: string; percent: number }[]): string {
  return rows.map((r) => `${r.name} ${r.percent.toFixed(0)} %`).join(', ');
}

/**
 * Requests each server of one backend has been sent so far (`stot`), from HAProxy's stats CSV
 * (`# pxname,svname,qcur,qmax,scur,smax,slim,stot,…`); the backend's own total row is left out.
 */
export function serverTotals(csv: string, backend: string): Map<string, number> {
  const lines = csv.split('\n');
  const columns = (lines[0] ?? '').replace(/^#\s*/, '').split(',');
  const stot = columns.indexOf('stot');
  const totals = new Map<string, number>();
  for (const line of lines.slice(1)) {
    const fields = line.split(',');
    if (fields[0] !== backend || !fields[1] || fields[1] === 'BACKEND' || fields[1] === 'FRONTEND') continue;
    totals.set(fields[1], Number(fields[stot]) || 0);
  }
  return totals;
}
