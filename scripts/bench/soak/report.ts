/** The soak's result: its shape (also written as JSON), the verdict, and the printed summary. */
import type { SoakSettings } from './args.ts';
import type { ProcessMemoryReport } from './memory.ts';
import type { RouteSummary } from './stats.ts';
import type { ViewerSummary } from './viewers.ts';

export interface PartnerKeyFigures {
  /** The daily limit the key was created with. */
  limit: number;
  calls: number;
  ok: number;
  /** 429 RATE_LIMITED after the limit was used up: what the test wants to see. */
  intended429: number;
  /**
   * Calls whose effect on the count is unknown: no answer (a timeout may still have been counted
   * by the server) or an error answer other than 429.
   */
  uncertain: number;
}

/**
 * What is wrong with a key's daily limit as the calls saw it, or undefined: never more allowed
 * than the limit, and, once well past it, the limit used up (allowing for uncertain calls).
 */
export function dailyLimitProblem(key: PartnerKeyFigures): string | undefined {
  if (key.ok > key.limit) return `${key.ok} calls allowed for a daily limit of ${key.limit}`;
  if (key.calls >= key.limit + 10 && key.ok + key.uncertain < key.limit) {
    return `only ${key.ok} calls allowed (${key.uncertain} uncertain) before 429s, for a daily limit of ${key.limit}`;
  }
  return undefined;
}

export interface SoakResult {
  command: string;
  startedAt: string;
  machine: { cpus: number; loadAverageStart: number[]; loadAverageEnd: number[]; note: string };
  settings: SoakSettings;
  cluster: { url: string; mode: 'started' | 'attached'; setupS: number };
  /** Seconds the mixed load ran. */
  durationS: number;
  http: { total: number; throughputRps: number; perMinute: number[]; routes: RouteSummary[] };
  partner: { limitedKey: PartnerKeyFigures; mainKey: PartnerKeyFigures };
  intended429: number;
  errors: { total: number; byKind: { kind: string; count: number; examples: string[] }[] };
  viewers: ViewerSummary & { rampMs: number };
  memory: ProcessMemoryReport[];
  /** Log lines the cluster's processes printed at warn level or above, per process. */
  serverLogs: Record<string, { warn: number; error: number; examples: string[] }>;
  /** The soak process itself: if it was saturated, the latencies include its own delay. */
  generator: { cpuPercent: number; eventLoopDelayMs: { p50: number; p99: number; max: number } };
}

export interface Verdict {
  errors: number;
  growing: string[];
  exitCode: 0 | 1 | 3;
}

/** 1 for any error other than the intended 429s, else 3 for memory growth of a cluster process, else 0. */
export function verdictOf(result: Pick<SoakResult, 'errors' | 'memory'>): Verdict {
  const growing = result.memory.filter((p) => !p.shared && p.trend.verdict === 'growing').map((p) => p.name);
  const errors = result.errors.total;
  return { errors, growing, exitCode: errors > 0 ? 1 : growing.length > 0 ? 3 : 0 };
}

const fixed = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '–');
const ms = (value: number) =>
  !Number.isFinite(value) ? '–' : value >= 100 ? value.toFixed(0) : value.toFixed(1);
const int = (value: number) => (Number.isFinite(value) ? Math.round(value).toLocaleString('en-GB') : '–');

/** Plain-text columns; numbers (and dashes) right-aligned. */
export function textTable(headers: string[], rows: string[][]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const numeric = headers.map(
    (_, i) => rows.length > 0 && rows.every((r) => /^[-–\d.,% ]*$/.test(r[i] ?? '')),
  );
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (numeric[i] ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(headers), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

export function markdownTable(headers: string[], rows: string[][]): string {
  const numeric = headers.map(
    (_, i) => rows.length > 0 && rows.every((r) => /^[-–\d.,% ]*$/.test(r[i] ?? '')),
  );
  const escape = (c: string) => c.replace(/\|/g, '\\|');
  return [
    `| ${headers.map(escape).join(' | ')} |`,
    `| ${numeric.map((n) => (n ? '---:' : '---')).join(' | ')} |`,
    ...rows.map((r) => `| ${r.map(escape).join(' | ')} |`),
  ].join('\n');
}

function statusText(statuses: Record<string, number>): string {
  return Object.entries(statuses)
    .map(([status, n]) => `${status}×${n}`)
    .join(' ');
}

function routeRows(result: SoakResult): string[][] {
  return result.http.routes.map((r) => [
    r.route,
    int(r.count),
    ms(r.p50),
    ms(r.p95),
    ms(r.p99),
    ms(r.max),
    statusText(r.statuses),
  ]);
}

const ROUTE_HEADERS = ['route', 'requests', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'statuses'];
const MEMORY_HEADERS = [
  'process',
  'RSS start MB',
  'RSS end MB',
  'peak MB',
  'slope MB/min (2nd half)',
  'trend',
  'CPU % of a core',
  'waited for CPU ms/s',
];

function memoryRows(result: SoakResult): string[][] {
  return result.memory.map((p) => [
    p.shared ? `${p.name} (shared)` : p.name,
    fixed(p.startMb),
    fixed(p.endMb),
    fixed(p.peakMb),
    fixed(p.trend.slopeMbPerMinute, 2),
    p.shared ? `${p.trend.verdict}, not judged` : p.trend.verdict,
    p.cpuSeconds ? fixed(((p.cpuSeconds.end - p.cpuSeconds.start) / result.durationS) * 100, 0) : '–',
    p.cpuWaitSeconds
      ? fixed(((p.cpuWaitSeconds.end - p.cpuWaitSeconds.start) / result.durationS) * 1000, 0)
      : '–',
  ]);
}

/** RSS of every process at the marked readings (before the load, each minute, the end). */
function minuteRows(result: SoakResult): { headers: string[]; rows: string[][] } {
  const marks = [
    ...new Set(result.memory.flatMap((p) => p.samples.flatMap((s) => (s.mark ? [s.mark] : [])))),
  ];
  const rows = result.memory.map((p) => [
    p.name,
    ...marks.map((mark) => {
      const sample = p.samples.find((s) => s.mark === mark);
      return sample ? fixed(sample.rssMb, 0) : '–';
    }),
  ]);
  return { headers: ['RSS MB', ...marks], rows };
}

function viewerLines(v: SoakResult['viewers']): string[] {
  return [
    `viewers: ${int(v.joinedNow)} of ${int(v.target)} joined at the end (${int(v.everJoined)} ever), ramp ${fixed(v.rampMs / 1000)} s`,
    `ticks received: ${int(v.ticks)} (${fixed(v.tickRate, 3)} per viewer per second; 1 = every tick), skipped seconds ${int(v.skippedTicks)}, duplicate ticks ${int(v.duplicateTicks)}, definitions ${int(v.definitions)}`,
    `gap between ticks: p50 ${ms(v.gapMs.p50)} ms, p99 ${ms(v.gapMs.p99)} ms, max ${ms(v.gapMs.max)} ms; tick delay (second → arrival through the proxy): p50 ${ms(v.delayMs.p50)} ms, p99 ${ms(v.delayMs.p99)} ms, max ${ms(v.delayMs.max)} ms`,
    `reconnects ${int(v.reconnects)}, disconnects ${int(v.disconnects)}, join failures ${int(v.joinFailures)}, stalls ${int(v.stalls)}, count backwards ${int(v.backwards)}`,
  ];
}

export function formatSummary(result: SoakResult): string {
  const verdict = verdictOf(result);
  const out: string[] = [];
  const load = (l: number[]) => l.map((x) => x.toFixed(2)).join(' ');
  out.push(
    `Soak through ${result.cluster.url} (${result.cluster.mode}), ${fixed(result.durationS / 60, 2)} min of mixed load`,
    `machine: ${result.machine.cpus} CPUs, load average ${load(result.machine.loadAverageStart)} at start, ${load(result.machine.loadAverageEnd)} at end. ${result.machine.note}`.trim(),
    `load: ${result.settings.viewers} viewers, ${result.settings.searchRps} searches/s, ${result.settings.partnerRps} partner calls/s, an admin action every ${result.settings.adminIntervalS} s, a page load every ${result.settings.pageIntervalS} s`,
    '',
    `HTTP: ${int(result.http.total)} requests, ${fixed(result.http.throughputRps)} per second; per minute: ${result.http.perMinute.map(int).join(', ')}`,
    textTable(ROUTE_HEADERS, routeRows(result)),
    '',
    `partner keys: main ${int(result.partner.mainKey.ok)} ok of ${int(result.partner.mainKey.calls)}; limited (daily limit ${int(result.partner.limitedKey.limit)}) ${int(result.partner.limitedKey.ok)} ok, ${int(result.partner.limitedKey.intended429)} intended 429, ${int(result.partner.limitedKey.uncertain)} uncertain of ${int(result.partner.limitedKey.calls)}`,
    '',
    ...viewerLines(result.viewers),
    '',
    'memory (VmRSS):',
    textTable(MEMORY_HEADERS, memoryRows(result)),
  );
  const minutes = minuteRows(result);
  out.push('', textTable(minutes.headers, minutes.rows));
  const logs = Object.entries(result.serverLogs).filter(([, l]) => l.warn + l.error > 0);
  if (logs.length > 0) {
    out.push('', 'server log lines at warn or above:');
    for (const [name, l] of logs)
      out.push(`  ${name}: ${l.error} error, ${l.warn} warn — ${l.examples[0] ?? ''}`);
  }
  out.push(
    '',
    `generator: ${fixed(result.generator.cpuPercent, 0)} % of a core, event loop delay p50 ${ms(result.generator.eventLoopDelayMs.p50)} ms, p99 ${ms(result.generator.eventLoopDelayMs.p99)} ms, max ${ms(result.generator.eventLoopDelayMs.max)} ms`,
    '',
    `intended 429s (limited partner key past its daily limit): ${int(result.intended429)}`,
  );
  if (result.errors.total === 0) {
    out.push('errors: none');
  } else {
    out.push(`errors: ${int(result.errors.total)}`);
    for (const e of result.errors.byKind)
      out.push(`  ${int(e.count)} × ${e.kind}${e.examples.length ? ` — e.g. ${e.examples[0]}` : ''}`);
  }
  out.push(
    verdict.growing.length > 0
      ? `memory: GROWING in ${verdict.growing.join(', ')} (slope over ${result.settings.rssSlopeLimit} MB/min in the second half)`
      : `memory: no growth trend above ${result.settings.rssSlopeLimit} MB/min in the second half`,
    `verdict: ${verdict.exitCode === 0 ? 'PASS' : 'FAIL'} (exit ${verdict.exitCode})`,
  );
  return out.join('\n');
}

/** The figures as Markdown tables, for docs/benchmarks.md. */
export function formatMarkdown(result: SoakResult): string {
  const minutes = minuteRows(result);
  return [
    markdownTable(ROUTE_HEADERS, routeRows(result)),
    '',
    markdownTable(MEMORY_HEADERS, memoryRows(result)),
    '',
    markdownTable(minutes.headers, minutes.rows),
  ].join('\n');
}
