import { describe, expect, it } from 'vitest';
import {
  dailyLimitProblem,
  formatMarkdown,
  formatSummary,
  markdownTable,
  textTable,
  verdictOf,
  type SoakResult,
} from './report.ts';

function result(overrides: Partial<SoakResult> = {}): SoakResult {
  const trend = { slopeMbPerMinute: 0.12, samples: 31, verdict: 'flat' as const };
  return {
    command: 'npx tsx scripts/bench/soak/run.ts --minutes 1',
    startedAt: '2025-11-22T03:00:00.000Z',
    machine: {
      cpus: 2,
      loadAverageStart: [3.5, 3, 2],
      loadAverageEnd: [4, 3.2, 2.1],
      note: 'Whole machine 90 % busy.',
    },
    settings: {
      minutes: 1,
      viewers: 300,
      searchRps: 20,
      partnerRps: 5,
      adminIntervalS: 5,
      pageIntervalS: 15,
      rssSlopeLimit: 2,
      stallS: 5,
      requestTimeoutS: 10,
    },
    cluster: { url: 'http://127.0.0.1:40000', mode: 'started', setupS: 30 },
    durationS: 60,
    http: {
      total: 1500,
      throughputRps: 25,
      perMinute: [1500],
      routes: [
        {
          route: 'POST /api/crimes/search (radius)',
          count: 1200,
          statuses: { '200': 1200 },
          p50: 12.34,
          p95: 45.6,
          p99: 120.4,
          max: 300,
        },
        {
          route: 'POST /api/external/crime-search (limited key)',
          count: 60,
          statuses: { '200': 15, '429': 45 },
          p50: 8,
          p95: 20,
          p99: 30,
          max: 31,
        },
      ],
    },
    partner: {
      mainKey: { limit: 1_000_000, calls: 240, ok: 240, intended429: 0, uncertain: 0 },
      limitedKey: { limit: 15, calls: 60, ok: 15, intended429: 45, uncertain: 0 },
    },
    intended429: 45,
    errors: { total: 0, byKind: [] },
    viewers: {
      target: 300,
      joinedNow: 300,
      everJoined: 300,
      ticks: 18_000,
      tickRate: 1,
      duplicateTicks: 0,
      skippedTicks: 0,
      definitions: 0,
      gapMs: { p50: 1000.2, p99: 1010, max: 1050 },
      delayMs: { p50: 3.2, p99: 12, max: 40 },
      reconnects: 0,
      disconnects: 0,
      joinFailures: 0,
      stalls: 0,
      backwards: 0,
      rampMs: 2500,
    },
    memory: [
      {
        name: 'api-1',
        shared: false,
        pids: [10],
        samples: [
          { minute: -1, rssMb: 90, pid: 10, mark: 'before' },
          { minute: 0, rssMb: 100, pid: 10, mark: '0 min' },
          { minute: 0.5, rssMb: 104, pid: 10 },
          { minute: 1, rssMb: 105, pid: 10, mark: 'end' },
        ],
        cpuSeconds: { start: 1, end: 20 },
        cpuWaitSeconds: { start: 2, end: 5 },
        startMb: 100,
        endMb: 105,
        peakMb: 105,
        trend,
      },
      {
        name: 'redis',
        shared: true,
        pids: [11],
        samples: [{ minute: 0, rssMb: 7, pid: 11, mark: '0 min' }],
        cpuSeconds: undefined,
        cpuWaitSeconds: undefined,
        startMb: 7,
        endMb: 7,
        peakMb: 7,
        trend: { ...trend, verdict: 'growing' },
      },
    ],
    serverLogs: {},
    generator: { cpuPercent: 35, eventLoopDelayMs: { p50: 10.1, p99: 25, max: 60 } },
    ...overrides,
  };
}

describe('soak report', () => {
  it('passes with no errors and judges memory only of the cluster’s own processes', () => {
    expect(verdictOf(result())).toEqual({ errors: 0, growing: [], exitCode: 0 });
  });

  it('fails on any error, and on memory growth alone with exit 3', () => {
    const errors = { total: 2, byKind: [{ kind: 'HTTP 503 GET /api/forces', count: 2, examples: ['x'] }] };
    expect(verdictOf(result({ errors })).exitCode).toBe(1);
    const base = result();
    const growing = { ...base.memory[0]!, trend: { ...base.memory[0]!.trend, verdict: 'growing' as const } };
    expect(verdictOf(result({ memory: [growing] }))).toEqual({ errors: 0, growing: ['api-1'], exitCode: 3 });
  });

  it('prints throughput, the route table, viewers, memory and the verdict', () => {
    const text = formatSummary(result());
    expect(text).toContain('HTTP: 1,500 requests, 25.0 per second');
    expect(text).toMatch(
      /POST \/api\/crimes\/search \(radius\)\s+1,200\s+12\.3\s+45\.6\s+120\s+300\s+200×1200/,
    );
    expect(text).toContain('limited (daily limit 15) 15 ok, 45 intended 429, 0 uncertain of 60');
    expect(text).toContain('300 of 300 joined at the end');
    expect(text).toMatch(/redis \(shared\)\s+7\.0\s+7\.0\s+7\.0\s+0\.12\s+growing, not judged\s+–\s+–/);
    expect(text).toMatch(/RSS MB\s+before\s+0 min\s+end/);
    expect(text).toContain('load average 3.50 3.00 2.00 at start');
    expect(text).toContain('errors: none');
    expect(text).toContain('verdict: PASS (exit 0)');
    const failed = formatSummary(
      result({
        errors: { total: 3, byKind: [{ kind: 'timeout GET /x', count: 3, examples: ['no answer'] }] },
      }),
    );
    expect(failed).toContain('  3 × timeout GET /x — e.g. no answer');
    expect(failed).toContain('verdict: FAIL (exit 1)');
  });

  it('lays out text and Markdown tables with numbers on the right', () => {
    expect(
      textTable(
        ['name', 'n'],
        [
          ['a', '5'],
          ['bbb', '1,234'],
        ],
      ),
    ).toBe(['name      n', '----  -----', 'a         5', 'bbb   1,234'].join('\n'));
    expect(markdownTable(['route', 'p50'], [['GET /a|b', '1.5']])).toBe(
      ['| route | p50 |', '| --- | ---: |', '| GET /a\\|b | 1.5 |'].join('\n'),
    );
    const md = formatMarkdown(result());
    expect(md).toContain('| POST /api/crimes/search (radius) | 1,200 | 12.3 | 45.6 | 120 | 300 | 200×1200 |');
    expect(md).toContain('| api-1 | 100.0 | 105.0 | 105.0 | 0.12 | flat | 32 | 50 |');
    expect(md).toContain('| RSS MB | before | 0 min | end |');
  });
});

describe('daily limit as the partner calls saw it', () => {
  const key = { limit: 150, calls: 600, ok: 150, intended429: 450, uncertain: 0 };

  it('holds when exactly the limit was allowed, or fewer with as many calls of unknown effect', () => {
    expect(dailyLimitProblem(key)).toBeUndefined();
    // Two calls timed out on the client after the server had counted them.
    expect(dailyLimitProblem({ ...key, ok: 148, intended429: 449, uncertain: 3 })).toBeUndefined();
    // Too few calls to reach the limit: nothing to judge.
    expect(dailyLimitProblem({ ...key, calls: 100, ok: 100, intended429: 0 })).toBeUndefined();
  });

  it('fails when more than the limit was allowed, or 429s came early', () => {
    expect(dailyLimitProblem({ ...key, ok: 151 })).toBe('151 calls allowed for a daily limit of 150');
    expect(dailyLimitProblem({ ...key, ok: 140, uncertain: 3 })).toMatch(
      /only 140 calls allowed \(3 uncertain\)/,
    );
  });
});
