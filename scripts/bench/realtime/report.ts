/** Turns what the workers measured in one window into figures, and figures into a table. */
import { LatencyHistogram } from '../lib/histogram.ts';
import type { WindowResult } from './messages.ts';
import type { ProbeWindowResult } from './probes.ts';

export interface DelayFigures {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  p999: number;
  max: number;
  mean: number;
  /** Receipts stamped before `t` (clock disagreement; counted as 0 ms). */
  negatives: number;
}

export interface TickFigures {
  t: number;
  received: number;
  p50: number;
  p99: number;
  max: number;
  /** Delay of the first receipt of this tick anywhere: timer lateness + the shortest path. */
  firstMs: number;
  /** From the first to the last receipt of this tick: the fan-out's duration as the clients saw it. */
  spreadMs: number;
}

export interface WindowSummary {
  fromT: number;
  toT: number;
  ticks: number;
  clients: number;
  clientsPerNode: Record<number, number>;
  /** clients × seconds the server sent a tick for. */
  expected: number;
  received: number;
  /** Ticks the server sent that some client did not receive (delivery loss). */
  lost: number;
  lossRate: number;
  /**
   * Whole seconds of the window for which no client received any tick: the server did not send
   * one (e.g. its timer fired just before the second, re-sent the previous one and skipped this).
   */
  skippedSeconds: { node: number; t: number }[];
  duplicates: number;
  outsideWindow: number;
  closedInWindow: number;
  closeReasons: Record<string, number>;
  delay: DelayFigures;
  /**
   * The same without the ticks the server's timer sent a second late: a tick t directly followed
   * by a skipped second (the timer fired just before t+1 s, re-sent t and skipped t+1). This is
   * the delay the fan-out itself causes; `delay` is what the clients saw.
   */
  delayOnSchedule: DelayFigures;
  /** Ticks left out of delayOnSchedule. */
  lateTimerTicks: { node: number; t: number }[];
  delayPerNode: Record<number, DelayFigures>;
  perTick: TickFigures[];
  /** Ticks whose total was below the same client's previous tick (must be 0). */
  countsBackwards: number;
  payload: {
    /** One tick frame on the wire (WebSocket header + `42["t",[…]]`). */
    wireBytes: number;
    textBytes: number;
    example: string;
    /** Ticks (`t`) for which every client on every node received the same bytes. */
    identicalTicks: number;
    differingTicks: number;
    /** With several nodes: ticks seen on all nodes, and how many of those were byte-identical. */
    crossNodeCompared: number;
    crossNodeIdentical: number;
    firstDifference?: { t: number; variants: string[] };
  };
  probes?: {
    clients: number;
    ticks: number;
    delay: DelayFigures;
    /** Probe ticks whose re-encoded bytes equal what the light clients got for the same t. */
    matchingLight: number;
  };
  generator: {
    workers: {
      pid: number;
      clients: number;
      cpuPercent: number;
      loopDelayP99Ms: number;
      loopDelayMaxMs: number;
      /** Median over ticks of the worker's CPU share while a tick fanned out (see TickAggregate). */
      busyDuringFanOut: number;
    }[];
    definitionsReceived: number;
    otherMessages: number;
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)]! : Number.NaN;
}

export function delayFigures(histogram: LatencyHistogram): DelayFigures {
  return {
    count: histogram.count,
    p50: histogram.percentile(0.5),
    p95: histogram.percentile(0.95),
    p99: histogram.percentile(0.99),
    p999: histogram.percentile(0.999),
    max: histogram.count ? histogram.max : Number.NaN,
    mean: histogram.mean(),
    negatives: histogram.negatives,
  };
}

export function summariseWindow(
  results: WindowResult[],
  fromT: number,
  toT: number,
  nodes: number,
  probes?: ProbeWindowResult,
): WindowSummary {
  const ticks = Math.round((toT - fromT) / 1000) + 1;
  const clientsPerNode: Record<number, number> = {};
  for (const r of results) {
    for (const [node, n] of Object.entries(r.clientsAtStart)) {
      clientsPerNode[Number(node)] = (clientsPerNode[Number(node)] ?? 0) + n;
    }
  }
  const clients = Object.values(clientsPerNode).reduce((a, b) => a + b, 0);
  const all = new LatencyHistogram();
  const perNode = new Map<number, LatencyHistogram>();
  const perT = new Map<number, { histogram: LatencyHistogram; first: number; last: number }>();
  const perNodeT = new Map<number, Map<number, LatencyHistogram>>();
  // t → payload text → nodes that received it
  const payloads = new Map<number, Map<string, Set<number>>>();
  let countsBackwards = 0;
  let wireBytes = 0;
  let example = '';
  let duplicates = 0;
  let outsideWindow = 0;
  let closedInWindow = 0;
  const closeReasons: Record<string, number> = {};
  let definitionsReceived = 0;
  let otherMessages = 0;

  for (const r of results) {
    duplicates += r.duplicateTicks;
    outsideWindow += r.outsideWindow;
    closedInWindow += r.closedInWindow;
    definitionsReceived += r.definitionsReceived;
    otherMessages += r.otherMessages;
    for (const [reason, n] of Object.entries(r.closeReasons))
      closeReasons[reason] = (closeReasons[reason] ?? 0) + n;
    countsBackwards += r.countsBackwards;
    for (const tick of r.ticks) {
      all.merge(tick.histogram);
      const nodeHistogram = perNode.get(tick.node) ?? new LatencyHistogram();
      perNode.set(tick.node, nodeHistogram);
      nodeHistogram.merge(tick.histogram);
      const byT = perNodeT.get(tick.node) ?? new Map<number, LatencyHistogram>();
      perNodeT.set(tick.node, byT);
      const nodeTickHistogram = byT.get(tick.t) ?? new LatencyHistogram();
      byT.set(tick.t, nodeTickHistogram);
      nodeTickHistogram.merge(tick.histogram);
      const entry = perT.get(tick.t) ?? {
        histogram: new LatencyHistogram(),
        first: tick.firstAt,
        last: tick.lastAt,
      };
      perT.set(tick.t, entry);
      entry.histogram.merge(tick.histogram);
      entry.first = Math.min(entry.first, tick.firstAt);
      entry.last = Math.max(entry.last, tick.lastAt);
      wireBytes = tick.wireBytes;
      const variants = payloads.get(tick.t) ?? new Map<string, Set<number>>();
      payloads.set(tick.t, variants);
      for (const [text] of tick.payloads) {
        if (!example) example = text;
        const seenOn = variants.get(text) ?? new Set<number>();
        seenOn.add(tick.node);
        variants.set(text, seenOn);
      }
    }
  }

  let identicalTicks = 0;
  let differingTicks = 0;
  let crossNodeCompared = 0;
  let crossNodeIdentical = 0;
  let firstDifference: WindowSummary['payload']['firstDifference'];
  for (const [t, variants] of [...payloads].sort((a, b) => a[0] - b[0])) {
    if (variants.size === 1) identicalTicks++;
    else {
      differingTicks++;
      firstDifference ??= { t, variants: [...variants.keys()].slice(0, 4) };
    }
    if (nodes > 1) {
      const nodesSeen = new Set([...variants.values()].flatMap((s) => [...s]));
      if (nodesSeen.size === nodes) {
        crossNodeCompared++;
        if (variants.size === 1) crossNodeIdentical++;
      }
    }
  }

  let probeSummary: WindowSummary['probes'];
  if (probes) {
    let matchingLight = 0;
    for (const p of probes.payloads) if (payloads.get(p.t)?.has(p.text)) matchingLight++;
    probeSummary = {
      clients: probes.clients,
      ticks: probes.ticks,
      delay: delayFigures(probes.histogram),
      matchingLight,
    };
  }

  // Each node runs its own timer: a second is skipped per node.
  const skippedSeconds: { node: number; t: number }[] = [];
  const lateTimerTicks: { node: number; t: number }[] = [];
  const onSchedule = new LatencyHistogram();
  let expected = 0;
  for (const [node, nodeClients] of Object.entries(clientsPerNode).map(([n, c]) => [Number(n), c] as const)) {
    const byT = perNodeT.get(node) ?? new Map<number, LatencyHistogram>();
    let skipped = 0;
    for (let t = fromT; t <= toT; t += 1000) {
      if (byT.has(t)) continue;
      skipped++;
      skippedSeconds.push({ node, t });
      if (byT.has(t - 1000)) lateTimerTicks.push({ node, t: t - 1000 });
    }
    for (const [t, histogram] of byT) {
      if (!lateTimerTicks.some((late) => late.node === node && late.t === t)) onSchedule.merge(histogram);
    }
    expected += nodeClients * (ticks - skipped);
  }
  const received = all.count;
  return {
    fromT,
    toT,
    ticks,
    clients,
    clientsPerNode,
    expected,
    received,
    lost: Math.max(0, expected - received),
    lossRate: expected > 0 ? Math.max(0, expected - received) / expected : 0,
    skippedSeconds,
    duplicates,
    outsideWindow,
    closedInWindow,
    closeReasons,
    delay: delayFigures(all),
    delayOnSchedule: delayFigures(onSchedule),
    lateTimerTicks,
    delayPerNode: Object.fromEntries([...perNode].map(([node, h]) => [node, delayFigures(h)])),
    perTick: [...perT]
      .sort((a, b) => a[0] - b[0])
      .map(([t, e]) => ({
        t,
        received: e.histogram.count,
        p50: e.histogram.percentile(0.5),
        p99: e.histogram.percentile(0.99),
        max: e.histogram.max,
        firstMs: e.first - t,
        spreadMs: e.last - e.first,
      })),
    countsBackwards,
    payload: {
      wireBytes,
      textBytes: Buffer.byteLength(example, 'latin1'),
      example,
      identicalTicks,
      differingTicks,
      crossNodeCompared,
      crossNodeIdentical,
      ...(firstDifference ? { firstDifference } : {}),
    },
    ...(probeSummary ? { probes: probeSummary } : {}),
    generator: {
      workers: results.map((r) => ({
        pid: r.pid,
        clients: Object.values(r.clientsAtStart).reduce((a, b) => a + b, 0),
        cpuPercent: r.cpuPercent,
        loopDelayP99Ms: r.eventLoopDelayMs.p99,
        loopDelayMaxMs: r.eventLoopDelayMs.max,
        busyDuringFanOut: median(
          r.ticks
            .map((t) => t.busyRatio)
            .filter((v): v is number => typeof v === 'number' && Number.isFinite(v)),
        ),
      })),
      definitionsReceived,
      otherMessages,
    },
  };
}

export interface ServerFigures {
  node: number;
  pid: number;
  rssIdleMb: number;
  rssWindowStartMb: number;
  rssWindowEndMb: number;
  peakRssMb: number;
  cpuIdlePercent: number;
  cpuRampPercent: number;
  cpuWindowPercent: number;
  /** Share of the window's CPU time spent in the kernel (socket writes, TCP), 0..1. */
  cpuWindowSystemShare: number;
  /** ms per second the server's main thread was runnable but waited for a CPU (other load). */
  runQueueWaitMsPerSecond: number;
  /** Busiest single second of the window. */
  cpuMaxSecondPercent: number;
  openFiles: number | undefined;
  openFileLimit: number | undefined;
  /** Server CPU time per message sent (one tick per client per second), µs. */
  cpuPerMessageUs: number;
  /** clients × cpuPerMessageUs: one tick's fan-out if the node had a core to itself, ms. */
  projectedFanOutMs: number;
  /**
   * Server CPU time over the window (everything the process did: timers, heartbeats, the fan-out)
   * over the ticks its clients received in the window, µs: the figure compared with the baseline.
   */
  cpuPerDeliveredTickUs: number;
}

/** One measured window of one server (the product, or the bare uWebSockets.js baseline). */
export interface MeasuredRun {
  summary: WindowSummary;
  server: ServerFigures;
  /** 1, 5 and 15 minute load averages of the machine when the window ended. */
  loadAverage: number[];
  disturbed: boolean;
  /** Its row's name in the comparison; "product" or "uWS baseline" when not given. */
  name?: string;
}

/** The product's server CPU per delivered tick as a multiple of the baseline's. */
export function cpuRatio(product: ServerFigures, baseline: ServerFigures): number {
  return product.cpuPerDeliveredTickUs / baseline.cpuPerDeliveredTickUs;
}

/** Product against baseline at each count, as a Markdown table (pasted into docs/benchmarks.md). */
export function formatComparison(
  pairs: { product: MeasuredRun; baseline: MeasuredRun }[],
  goalRatio: number,
  limitMs: number,
): string {
  const lines = [
    '| clients | server | CPU per delivered tick | ratio | p50 ms | p99 ms | lost on the way | seconds with no tick sent | backwards | load avg (1 min) |',
    '| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  // A baseline shared by several products (one per engine) gets one row, after them.
  pairs.forEach(({ product, baseline }, i) => {
    const ratio = cpuRatio(product.server, baseline.server);
    const rows: [string, MeasuredRun, boolean][] = [[product.name ?? 'product', product, true]];
    if (pairs[i + 1]?.baseline !== baseline) rows.push([baseline.name ?? 'uWS baseline', baseline, false]);
    for (const [name, run, isProduct] of rows) {
      const s = run.summary;
      lines.push(
        `| ${s.clients.toLocaleString('en-GB')} | ${name}${run.disturbed ? ' ⚠' : ''} | ` +
          `${run.server.cpuPerDeliveredTickUs.toFixed(1)} µs | ` +
          (isProduct ? `${ratio.toFixed(2)}× ${ratio <= goalRatio ? '✓' : '✗'}` : '1') +
          ` | ${ms(s.delayOnSchedule.p50)} | ${ms(s.delayOnSchedule.p99)} ${s.delayOnSchedule.p99 < limitMs ? '✓' : '✗'}` +
          ` | ${s.lost} of ${s.expected} | ${s.skippedSeconds.length} of ${s.ticks}` +
          ` | ${s.countsBackwards} | ${run.loadAverage[0]?.toFixed(2) ?? '-'} |`,
      );
    }
  });
  return lines.join('\n');
}

const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : '-');
const pct = (v: number) => (Number.isFinite(v) ? `${v.toFixed(0)}%` : '-');

export function formatWindow(
  title: string,
  s: WindowSummary,
  servers: ServerFigures[],
  machineBusyPercent: number,
  limitMs: number,
  generatorWaitMs: number[] = [],
): string {
  const lines: string[] = [];
  const row = (label: string, value: string) => lines.push(`  ${label.padEnd(34)} ${value}`);
  lines.push(`── ${title} ${'─'.repeat(Math.max(0, 76 - title.length))}`);
  row(
    'clients (per node)',
    `${s.clients} (${Object.entries(s.clientsPerNode)
      .map(([n, c]) => `node ${n}: ${c}`)
      .join(', ')})`,
  );
  row(
    'ticks measured',
    `${s.ticks} s × ${s.clients} clients` +
      (s.skippedSeconds.length
        ? ` (server sent no tick for ${s.skippedSeconds.length} s: ${s.skippedSeconds
            .map(
              (k) =>
                `${new Date(k.t).toISOString().slice(11, 19)}${Object.keys(s.clientsPerNode).length > 1 ? ` on node ${k.node}` : ''}`,
            )
            .join(', ')})`
        : '') +
      ` = ${s.expected} expected`,
  );
  row(
    'ticks received / lost',
    `${s.received} / ${s.lost} (${(s.lossRate * 100).toFixed(3)}%)` +
      (s.duplicates ? `, ${s.duplicates} duplicates` : '') +
      (s.closedInWindow ? `, ${s.closedInWindow} connections closed` : ''),
  );
  const d = s.delay;
  row(
    'tick delay t → receipt (ms)',
    `p50 ${ms(d.p50)}  p95 ${ms(d.p95)}  p99 ${ms(d.p99)}  p99.9 ${ms(d.p999)}  max ${ms(d.max)}` +
      (d.p99 <= limitMs ? `  ✓ p99 ≤ ${limitMs}` : `  ✗ p99 > ${limitMs}`),
  );
  if (s.lateTimerTicks.length) {
    const o = s.delayOnSchedule;
    row(
      '  without late-timer ticks',
      `p50 ${ms(o.p50)}  p95 ${ms(o.p95)}  p99 ${ms(o.p99)}  p99.9 ${ms(o.p999)}  max ${ms(o.max)}` +
        ` (${s.lateTimerTicks.length} tick(s) sent a second late by the server's timer left out)`,
    );
  }
  for (const [node, figures] of Object.entries(s.delayPerNode)) {
    if (Object.keys(s.delayPerNode).length > 1) {
      row(`  node ${node}`, `p50 ${ms(figures.p50)}  p99 ${ms(figures.p99)}  max ${ms(figures.max)}`);
    }
  }
  const worst = [...s.perTick].sort((a, b) => b.p99 - a.p99)[0];
  row(
    'per tick: first receipt / fan-out',
    `first ${ms(median(s.perTick.map((t) => t.firstMs)))} ms, spread ${ms(median(s.perTick.map((t) => t.spreadMs)))} ms (medians)` +
      (worst ? `; worst tick p99 ${ms(worst.p99)}` : ''),
  );
  row(
    'typical second',
    `median of the per-tick p99s ${ms(median(s.perTick.map((t) => t.p99)))} ms; ` +
      `${s.perTick.filter((t) => t.p99 <= limitMs).length} of ${s.perTick.length} ticks with p99 ≤ ${limitMs} ms`,
  );
  row('counts backwards', String(s.countsBackwards));
  row('tick payload', `${s.payload.wireBytes} B on the wire (${s.payload.textBytes} B text)`);
  row(
    'identical payloads',
    `${s.payload.identicalTicks} of ${s.payload.identicalTicks + s.payload.differingTicks} ticks byte-identical for all clients` +
      (s.payload.crossNodeCompared
        ? `; across nodes ${s.payload.crossNodeIdentical}/${s.payload.crossNodeCompared}`
        : ''),
  );
  if (s.probes) {
    row(
      'socket.io-client probes',
      `${s.probes.clients} clients, ${s.probes.ticks} ticks, p50 ${ms(s.probes.delay.p50)} p99 ${ms(s.probes.delay.p99)}; ` +
        `${s.probes.matchingLight}/${s.probes.ticks} same bytes as light clients`,
    );
  }
  for (const server of servers) {
    row(
      `server node ${server.node} (pid ${server.pid})`,
      `CPU idle ${pct(server.cpuIdlePercent)}, ramp ${pct(server.cpuRampPercent)}, ` +
        `window ${pct(server.cpuWindowPercent)} (max 1 s ${pct(server.cpuMaxSecondPercent)}, ` +
        `${pct(server.cpuWindowSystemShare * 100)} of it in the kernel); ` +
        `RSS ${server.rssIdleMb.toFixed(0)} → ${server.rssWindowStartMb.toFixed(0)} → ${server.rssWindowEndMb.toFixed(0)} MB ` +
        `(peak ${server.peakRssMb.toFixed(0)}); fds ${server.openFiles ?? '?'}/${server.openFileLimit ?? '?'}`,
    );
    row(
      `  cost per message`,
      `${server.cpuPerMessageUs.toFixed(1)} µs of server CPU per message sent ` +
        `(${server.cpuPerDeliveredTickUs.toFixed(1)} µs per tick delivered); ` +
        `one tick to all its clients ≈ ${server.projectedFanOutMs.toFixed(0)} ms of CPU (fan-out time on an idle core)`,
    );
  }
  const workers = s.generator.workers;
  row(
    'generator',
    `${workers.length} processes, CPU ${workers.map((w) => pct(w.cpuPercent)).join(' + ')}; ` +
      `event-loop delay p99 ${workers.map((w) => ms(w.loopDelayP99Ms)).join('/')} ms, ` +
      `max ${workers.map((w) => ms(w.loopDelayMaxMs)).join('/')} ms; ` +
      `busy during fan-out ${workers.map((w) => pct(w.busyDuringFanOut * 100)).join('/')}`,
  );
  row('machine CPU busy (2 cores = 100%)', pct(machineBusyPercent));
  row(
    'waited for a CPU (ms per second)',
    `server ${servers.map((x) => ms(x.runQueueWaitMsPerSecond)).join(' / ')}` +
      (generatorWaitMs.length ? `, generator ${generatorWaitMs.map(ms).join(' / ')}` : '') +
      ' (runnable but not running: other load, or each other when unpinned)',
  );
  return lines.join('\n');
}
