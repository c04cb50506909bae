import { describe, expect, it } from 'vitest';
import { LatencyHistogram } from '../lib/histogram.ts';
import type { TickAggregate, WindowResult } from './messages.ts';
import { formatComparison, summariseWindow, type MeasuredRun, type ServerFigures } from './report.ts';

const T0 = 1_800_000_000_000;
const text = (t: number, n = 1) => `42["t",["c","x",${t / 1000},${n * 100},30,${n * 100},30]]`;

function tick(node: number, t: number, delays: number[], payload = text(t)): TickAggregate {
  const histogram = new LatencyHistogram();
  for (const d of delays) histogram.record(d);
  return {
    node,
    t,
    histogram: histogram.toSparse(),
    firstAt: t + Math.min(...delays),
    lastAt: t + Math.max(...delays),
    payloads: [[payload, delays.length]],
    wireBytes: payload.length + 2,
    busyRatio: 0.5,
  };
}

function worker(clientsAtStart: Record<number, number>, ticks: TickAggregate[]): WindowResult {
  return {
    type: 'collected',
    id: 1,
    pid: 42,
    clientsAtStart,
    ticks,
    duplicateTicks: 0,
    outsideWindow: 0,
    closedInWindow: 0,
    closeReasons: {},
    countsBackwards: 0,
    definitionsReceived: 0,
    otherMessages: 0,
    eventLoopDelayMs: { p50: 1, p99: 2, max: 3 },
    cpuPercent: 10,
  };
}

describe('window summary', () => {
  it('counts expected, received and lost ticks over all clients', () => {
    const s = summariseWindow(
      [worker({ 0: 3 }, [tick(0, T0, [1, 2, 3]), tick(0, T0 + 1000, [4, 5]), tick(0, T0 + 2000, [6, 7, 8])])],
      T0,
      T0 + 2000,
      1,
    );
    expect(s).toMatchObject({ ticks: 3, clients: 3, expected: 9, received: 8, lost: 1 });
    expect(s.delay.max).toBe(8);
    expect(s.perTick.map((t) => t.spreadMs)).toEqual([2, 1, 2]);
    expect(s.payload).toMatchObject({ identicalTicks: 3, differingTicks: 0, wireBytes: text(T0).length + 2 });
  });

  it('tells seconds the server skipped apart from ticks lost on the way', () => {
    const s = summariseWindow(
      [worker({ 0: 2 }, [tick(0, T0, [1, 2]), tick(0, T0 + 2000, [3])])],
      T0,
      T0 + 2000,
      1,
    );
    expect(s).toMatchObject({
      ticks: 3,
      skippedSeconds: [{ node: 0, t: T0 + 1000 }],
      expected: 4,
      received: 3,
      lost: 1,
    });
    expect(s.lossRate).toBeCloseTo(0.25, 10);
    // The tick before a skipped second is the one the timer sent late: left out of the fan-out delay.
    expect(s.lateTimerTicks).toEqual([{ node: 0, t: T0 }]);
    expect(s.delay.max).toBe(3);
    expect(s.delayOnSchedule).toMatchObject({ count: 1, max: 3 });
  });

  it('counts a second one node skipped against that node, not as ticks lost on the way', () => {
    const s = summariseWindow(
      [worker({ 0: 1, 1: 1 }, [tick(0, T0, [1]), tick(0, T0 + 1000, [1]), tick(1, T0, [2])])],
      T0,
      T0 + 1000,
      2,
    );
    expect(s).toMatchObject({
      expected: 3,
      received: 3,
      lost: 0,
      skippedSeconds: [{ node: 1, t: T0 + 1000 }],
    });
  });

  it('checks that every node sent byte-identical ticks', () => {
    const same = summariseWindow(
      [worker({ 0: 1 }, [tick(0, T0, [1])]), worker({ 1: 1 }, [tick(1, T0, [2])])],
      T0,
      T0,
      2,
    );
    expect(same.payload).toMatchObject({ crossNodeCompared: 1, crossNodeIdentical: 1, differingTicks: 0 });
    const differ = summariseWindow(
      [worker({ 0: 1 }, [tick(0, T0, [1])]), worker({ 1: 1 }, [tick(1, T0, [2], text(T0, 2))])],
      T0,
      T0,
      2,
    );
    expect(differ.payload).toMatchObject({ crossNodeCompared: 1, crossNodeIdentical: 0, differingTicks: 1 });
    expect(differ.payload.firstDifference?.variants).toHaveLength(2);
  });

  it('compares the real client probes with the light clients byte for byte', () => {
    const probeHistogram = new LatencyHistogram();
    probeHistogram.record(3);
    const s = summariseWindow([worker({ 0: 1 }, [tick(0, T0, [1])])], T0, T0, 1, {
      clients: 2,
      histogram: probeHistogram,
      ticks: 2,
      payloads: [
        { node: 0, t: T0, text: text(T0) },
        { node: 0, t: T0, text: text(T0, 9) },
      ],
    });
    expect(s.probes).toMatchObject({ clients: 2, ticks: 2, matchingLight: 1 });
  });
});

describe('comparison with the bare uWebSockets.js baseline', () => {
  const run = (cpuPerDeliveredTickUs: number, delays: number[]): MeasuredRun => ({
    summary: summariseWindow([worker({ 0: delays.length }, [tick(0, T0, delays)])], T0, T0, 1),
    server: { cpuPerDeliveredTickUs } as ServerFigures,
    loadAverage: [3.5, 2, 1],
    disturbed: false,
  });

  it('states the product CPU per delivered tick as a multiple of the baseline, against the goals', () => {
    const table = formatComparison(
      [
        { product: run(12, [10, 20]), baseline: run(10, [5, 8]) },
        { product: run(20, [90, 150]), baseline: run(10, [40, 60]) },
      ],
      1.5,
      100,
    );
    const rows = table.split('\n').slice(2);
    expect(rows).toHaveLength(4);
    expect(rows[0]).toMatch(
      /^\| 2 \| product \| 12\.0 µs \| 1\.20× ✓ \| .* ✓ \| 0 of 2 \| 0 of 1 \| 0 \| 3\.50 \|$/,
    );
    expect(rows[1]).toMatch(/^\| 2 \| uWS baseline \| 10\.0 µs \| 1 \|/);
    expect(rows[2]).toMatch(/\| 2\.00× ✗ \| .* ✗ \|/);
  });

  it('shows a baseline shared by the products of two engines once, after both', () => {
    const baseline = run(10, [5, 8]);
    const table = formatComparison(
      [
        { product: { ...run(12, [10, 20]), name: 'product (uWS)' }, baseline },
        { product: { ...run(50, [30, 40]), name: 'product (node:http)' }, baseline },
      ],
      1.5,
      100,
    );
    const rows = table.split('\n').slice(2);
    expect(rows.map((r) => r.split(' | ')[1])).toEqual([
      'product (uWS)',
      'product (node:http)',
      'uWS baseline',
    ]);
    expect(rows[1]).toMatch(/\| 5\.00× ✗ \|/);
  });
});
