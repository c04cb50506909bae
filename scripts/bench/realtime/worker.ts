/**
 * A load-generator process: holds its share of light clients and measures, for every tick it
 * receives, the delay from the tick's instant `t` (a whole server second; the server emits right
 * after it) to the moment the bytes reached this process. Forked by the coordinator (run.ts) and
 * driven over IPC; it exits on its own when the coordinator goes away or its lifetime runs out.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { londonYear } from '../../../common/clock/london-time.ts';
import { readTick } from '../../../common/realtime/tick.ts';
import { LatencyHistogram } from '../lib/histogram.ts';
import { LightClient, type LightClientListener } from './light-client.ts';
import {
  sourceAddress,
  type TickAggregate,
  type WindowResult,
  type WorkerReply,
  type WorkerRequest,
} from './messages.ts';

const maxLifetimeMs = Number(process.env.BENCH_WORKER_MAX_MS ?? 15 * 60_000);
const addressBase = (process.env.BENCH_SOURCE_BASE ?? '0.0').split('.').map(Number) as [number, number];
const perAddress = Number(process.env.BENCH_CLIENTS_PER_ADDRESS ?? 20_000);

if (!process.send) {
  console.error('worker.ts is started by run.ts over IPC');
  process.exit(2);
}
const reply = (message: WorkerReply) => process.send?.(message);

const clients: LightClient[] = [];

interface LiveAggregate {
  node: number;
  t: number;
  histogram: LatencyHistogram;
  firstAt: number;
  lastAt: number;
  payloads: Map<string, number>;
  wireBytes: number;
  /** This process's CPU time (µs) at the first receipt, and at a recent one with its time. */
  cpuAtFirst: number;
  cpuAtLatest: number;
  latestCpuAt: number;
}

const cpuNowUs = () => {
  const usage = process.cpuUsage();
  return usage.user + usage.system;
};

interface Window {
  fromT: number;
  toT: number;
  aggregates: Map<number, LiveAggregate>[];
  duplicateTicks: number;
  outsideWindow: number;
  closedInWindow: number;
  closeReasons: Record<string, number>;
  countsBackwards: number;
  definitionsReceived: number;
  otherMessages: number;
  clientsAtStart: Record<number, number>;
  cpuStart: NodeJS.CpuUsage;
  startedAt: number;
}

let window: Window | undefined;
const eventLoopDelay = monitorEventLoopDelay({ resolution: 10 });

// The same tick text reaches every client of a room: parse it once per distinct text.
const parsedTicks = new Map<string, { t: number; n: number }>();
function readTickText(text: string): { t: number; n: number } {
  let parsed = parsedTicks.get(text);
  if (parsed === undefined) {
    const tick = readTick((JSON.parse(text.slice(2)) as [string, unknown])[1]);
    parsed = { t: tick?.t ?? 0, n: tick?.n ?? 0 };
    if (parsedTicks.size > 256) parsedTicks.clear();
    parsedTicks.set(text, parsed);
  }
  return parsed;
}

let pendingOpen: { waiting: Set<LightClient>; finish: () => void } | undefined;
const openFailures: Record<string, number> = {};
let joinReplyBytes = 0;

const listener: LightClientListener = {
  joined(client) {
    joinReplyBytes = client.joinReplyBytes;
    settleOpen(client);
  },
  failed(client, reason) {
    const key = reason.replace(/\d+/g, '#').slice(0, 120);
    openFailures[key] = (openFailures[key] ?? 0) + 1;
    settleOpen(client);
  },
  closed(_client, reason) {
    if (!window) return;
    window.closedInWindow++;
    const key = reason.slice(0, 120);
    window.closeReasons[key] = (window.closeReasons[key] ?? 0) + 1;
  },
  tick(client, text, wireBytes, receivedAt) {
    const w = window;
    if (!w) return;
    const { t, n } = readTickText(text);
    if (t <= client.lastTickAt) {
      if (t >= w.fromT && t <= w.toT) w.duplicateTicks++;
      return;
    }
    // Within one year (a tick of a later year starts again from 0).
    if (n < client.lastCount && londonYear(t) === londonYear(client.lastTickAt)) w.countsBackwards++;
    client.lastTickAt = t;
    client.lastCount = n;
    if (t < w.fromT || t > w.toT) {
      w.outsideWindow++;
      return;
    }
    const byNode = w.aggregates[client.node] ?? (w.aggregates[client.node] = new Map());
    let aggregate = byNode.get(t);
    if (!aggregate) {
      aggregate = {
        node: client.node,
        t,
        histogram: new LatencyHistogram(),
        firstAt: receivedAt,
        lastAt: receivedAt,
        payloads: new Map(),
        wireBytes,
        cpuAtFirst: cpuNowUs(),
        cpuAtLatest: 0,
        latestCpuAt: 0,
      };
      byNode.set(t, aggregate);
    } else if ((aggregate.histogram.count & 255) === 0) {
      aggregate.cpuAtLatest = cpuNowUs();
      aggregate.latestCpuAt = receivedAt;
    }
    aggregate.histogram.record(receivedAt - t);
    if (receivedAt > aggregate.lastAt) aggregate.lastAt = receivedAt;
    if (receivedAt < aggregate.firstAt) aggregate.firstAt = receivedAt;
    aggregate.payloads.set(text, (aggregate.payloads.get(text) ?? 0) + 1);
  },
  other(_client, kind) {
    if (!window) return;
    if (kind === 'definition') window.definitionsReceived++;
    else window.otherMessages++;
  },
};

function settleOpen(client: LightClient) {
  if (!pendingOpen) return;
  pendingOpen.waiting.delete(client);
  if (pendingOpen.waiting.size === 0) pendingOpen.finish();
}

async function open(request: Extract<WorkerRequest, { type: 'open' }>): Promise<WorkerReply> {
  if (pendingOpen) return { type: 'error', id: request.id, message: 'an open is already running' };
  const started = Date.now();
  for (const key of Object.keys(openFailures)) delete openFailures[key];
  const batch: LightClient[] = [];
  await new Promise<void>((resolve) => {
    const waiting = new Set<LightClient>();
    const timer = setTimeout(() => {
      for (const client of waiting) {
        openFailures['join timeout'] = (openFailures['join timeout'] ?? 0) + 1;
        client.destroy();
      }
      finish();
    }, request.timeoutMs);
    const finish = () => {
      clearTimeout(timer);
      pendingOpen = undefined;
      resolve();
    };
    pendingOpen = { waiting, finish };
    for (let i = request.from; i < request.from + request.count; i++) {
      const target = request.targets[i % request.targets.length]!;
      const client = new LightClient(
        i,
        target.node,
        {
          host: target.host,
          port: target.port,
          localAddress: sourceAddress(i, addressBase, perAddress),
          clock: request.clock,
        },
        listener,
      );
      waiting.add(client);
      batch.push(client);
    }
  });
  let joined = 0;
  for (const client of batch) {
    if (client.state === 'joined') {
      joined++;
      clients.push(client);
    }
  }
  return {
    type: 'opened',
    id: request.id,
    joined,
    failed: request.count - joined,
    failures: { ...openFailures },
    ms: Date.now() - started,
    joinReplyBytes,
  };
}

function startWindow(request: Extract<WorkerRequest, { type: 'window' }>): WorkerReply {
  const clientsAtStart: Record<number, number> = {};
  for (const client of clients) {
    if (client.state === 'joined') clientsAtStart[client.node] = (clientsAtStart[client.node] ?? 0) + 1;
  }
  eventLoopDelay.reset();
  eventLoopDelay.enable();
  window = {
    fromT: request.fromT,
    toT: request.toT,
    aggregates: [],
    duplicateTicks: 0,
    outsideWindow: 0,
    closedInWindow: 0,
    closeReasons: {},
    countsBackwards: 0,
    definitionsReceived: 0,
    otherMessages: 0,
    clientsAtStart,
    cpuStart: process.cpuUsage(),
    startedAt: Date.now(),
  };
  return { type: 'ok', id: request.id };
}

function collect(id: number): WorkerReply {
  const w = window;
  if (!w) return { type: 'error', id, message: 'no window was started' };
  eventLoopDelay.disable();
  window = undefined;
  const cpu = process.cpuUsage(w.cpuStart);
  const elapsedMs = Date.now() - w.startedAt;
  const ticks: TickAggregate[] = [];
  for (const byNode of w.aggregates) {
    if (!byNode) continue;
    for (const a of byNode.values()) {
      ticks.push({
        node: a.node,
        t: a.t,
        histogram: a.histogram.toSparse(),
        firstAt: a.firstAt,
        lastAt: a.lastAt,
        payloads: [...a.payloads],
        wireBytes: a.wireBytes,
        busyRatio:
          a.latestCpuAt > a.firstAt
            ? (a.cpuAtLatest - a.cpuAtFirst) / 1000 / (a.latestCpuAt - a.firstAt)
            : Number.NaN,
      });
    }
  }
  const ns = (value: number) => (Number.isFinite(value) ? value / 1e6 : 0);
  const result: WindowResult = {
    type: 'collected',
    id,
    pid: process.pid,
    clientsAtStart: w.clientsAtStart,
    ticks,
    duplicateTicks: w.duplicateTicks,
    outsideWindow: w.outsideWindow,
    closedInWindow: w.closedInWindow,
    closeReasons: w.closeReasons,
    countsBackwards: w.countsBackwards,
    definitionsReceived: w.definitionsReceived,
    otherMessages: w.otherMessages,
    eventLoopDelayMs: {
      p50: ns(eventLoopDelay.percentile(50)),
      p99: ns(eventLoopDelay.percentile(99)),
      max: ns(eventLoopDelay.max),
    },
    cpuPercent: elapsedMs > 0 ? ((cpu.user + cpu.system) / 1000 / elapsedMs) * 100 : 0,
  };
  return result;
}

function stop(): never {
  for (const client of clients) client.destroy();
  process.exit(0);
}

process.on('message', (message: WorkerRequest) => {
  void (async () => {
    try {
      switch (message.type) {
        case 'open':
          return reply(await open(message));
        case 'window':
          return reply(startWindow(message));
        case 'collect':
          return reply(collect(message.id));
        case 'stop':
          reply({ type: 'ok', id: message.id });
          return setImmediate(stop);
      }
    } catch (error) {
      reply({
        type: 'error',
        id: message.id,
        message: error instanceof Error ? error.message : String(error),
      });
    }
  })();
});

// Bounded: gone with the coordinator, and never older than its lifetime.
process.on('disconnect', stop);
setTimeout(() => {
  console.error(`load worker ${process.pid}: lifetime of ${maxLifetimeMs} ms reached, exiting`);
  stop();
}, maxLifetimeMs).unref();
