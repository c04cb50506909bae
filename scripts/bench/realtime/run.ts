/**
 * Realtime load benchmark: starts realtime node(s) as separate processes behind an API double,
 * opens N light Socket.IO clients from worker processes over several loopback source addresses,
 * and measures per tick the delay from the server's tick instant to client receipt, lost ticks,
 * payload size and identity, server RSS/CPU and the generator's own health.
 *
 *   npx tsx scripts/bench/realtime/run.ts [--clients N[,N…]] [--baseline] [--duration S] [--nodes 1|2] [--find-max] …
 *
 * With --baseline, each count is measured twice back to back: the product, then a bare
 * uWebSockets.js app (baseline-server.ts) publishing the same tick bytes to as many clients.
 *
 * Loopback only; every loop is bounded in count and time; every process it starts is stopped on
 * the way out (and watches for its parent, in case this one is killed).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ClockDefinition } from '../../../common/clock/types.ts';
import { cpuCount, pinToCpus, planCpus } from '../lib/affinity.ts';
import { perfAvailable, perfRecord, perfReport, type PerfEntry } from '../lib/perf-profile.ts';
import {
  cpuPercent,
  machineBusyPercent,
  openFileLimit,
  sampleMachineCpu,
  runQueueWaitMsPerSecond,
  sampleProcess,
  systemShare,
  type MachineCpuSample,
  type ProcessSample,
} from '../lib/proc-stats.ts';
import { startApiDouble, type ApiDouble } from './api-double.ts';
import { ArgsError, parseArgs, USAGE, type BenchArgs } from './args.ts';
import { LoadGenerator, type RampResult } from './generator.ts';
import type { NodeTarget } from './messages.ts';
import { nodeHealth, startBaseline, startNode, type RealtimeNodeProcess } from './nodes.ts';
import { fetchDefinition, Probes } from './probes.ts';
import {
  cpuRatio,
  formatComparison,
  formatWindow,
  summariseWindow,
  type MeasuredRun,
  type ServerFigures,
  type WindowSummary,
} from './report.ts';

const REDIS_URL = 'redis://127.0.0.1:6379';
const FD_MARGIN = 40;
const LATE_GRACE_MS = 3000;
const SETTLE_MS = 3000;
const CLIENTS_PER_ADDRESS = 20_000; // under the ~28,000 ephemeral ports of one source address
/** Run-queue wait (ms per second) above which a window counts as disturbed by other load. */
const DISTURBED_SERVER_WAIT_MS = 30;
const DISTURBED_GENERATOR_WAIT_MS = 60;
/** Attempts of one --find-max step: a failing step is measured again, more often when disturbed. */
const MAX_ATTEMPTS_QUIET = 2;
const MAX_ATTEMPTS_DISTURBED = 3;
/** The goal: the product may spend at most this multiple of the bare uWS publish's CPU per tick. */
const BASELINE_GOAL_RATIO = 1.5;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const log = (message: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);

interface Sample {
  at: number;
  nodes: (ProcessSample | undefined)[];
  machine: MachineCpuSample;
}

/** Samples the nodes and the machine once a second (bounded by the run's deadline). */
class Sampler {
  readonly samples: Sample[] = [];
  private timer: NodeJS.Timeout | undefined;
  constructor(private readonly pids: number[]) {}
  take(): Sample {
    const sample = {
      at: Date.now(),
      nodes: this.pids.map((pid) => sampleProcess(pid)),
      machine: sampleMachineCpu(),
    };
    this.samples.push(sample);
    if (this.samples.length > 4000) this.samples.splice(0, 1000);
    return sample;
  }
  start(): void {
    this.timer = setInterval(() => this.take(), 1000);
  }
  stop(): void {
    clearInterval(this.timer);
  }
  between(from: number, to: number): Sample[] {
    return this.samples.filter((s) => s.at >= from && s.at <= to);
  }
}

interface StepRecord {
  server: ServerKind;
  /** The product's REALTIME_ENGINE (the baseline is uWebSockets.js itself). */
  engine?: 'uws' | 'node';
  requestedClients: number;
  /** perf samples of each node during the window (with --profile). */
  profiles?: { node: number; file: string; top: PerfEntry[]; byDso: PerfEntry[] }[];
  ramp: RampResult;
  summary: WindowSummary;
  servers: ServerFigures[];
  machineBusyPercent: number;
  /** 1, 5 and 15 minute load averages when the window ended. */
  loadAverage: number[];
  /** Per generator process: ms per second its main thread waited for a CPU. */
  generatorRunQueueWaitMsPerSecond: number[];
  /** Other work on the machine held the server or the generator back noticeably (see DISTURBED_*). */
  disturbed: boolean;
  held: boolean;
  attempt: number;
}

/**
 * Server CPU per message sent, from CPU time (which other load on the machine does not inflate
 * much, unlike wall time): each client gets one message a second, the tick.
 * A tick's fan-out to all of a node's clients needs about clients × this on a dedicated core.
 */
function costPerMessage(cpuWindowPercent: number, clients: number) {
  const perMessageUs = clients > 0 ? ((cpuWindowPercent / 100) * 1e6) / clients : Number.NaN;
  return { cpuPerMessageUs: perMessageUs, projectedFanOutMs: (perMessageUs * clients) / 1000 };
}

function redisReachable(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port: 6379 });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(2000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

type ServerKind = 'product' | 'baseline';

/** What stays the same across the servers one run measures. */
interface RunContext {
  args: BenchArgs;
  deadline: number;
  lifetimeMs: number;
  profileDir: string | undefined;
  apiUrl: string;
  /** The servers and generator alive now (the exit handler stops them). */
  live: { nodes: RealtimeNodeProcess[]; generator: LoadGenerator | undefined };
}

interface SessionResult {
  steps: StepRecord[];
  largestHeld: number | undefined;
  stopReason: string;
  serverCapacity: number;
  joinReplyBytes: number;
  cpuPlan: ReturnType<typeof planCpus> | undefined;
  healths: (Record<string, unknown> | undefined)[];
  /** The product's definition of the measured clock, for the baseline to publish the same ticks. */
  definition?: ClockDefinition;
}

/**
 * Starts one kind of server (the product's node(s), or the bare uWebSockets.js baseline), opens
 * clients against it and measures each count of `counts` in turn (or finds the largest count held,
 * with --find-max); stops everything it started before returning.
 */
async function runSession(
  context: RunContext,
  kind: ServerKind,
  counts: number[],
  options: { engine?: 'uws' | 'node'; baselineDefinitionFile?: string } = {},
): Promise<SessionResult> {
  const { engine = 'uws', baselineDefinitionFile } = options;
  const label =
    kind === 'baseline' ? 'uWS baseline' : `product on ${engine === 'uws' ? 'uWebSockets.js' : 'node:http'}`;
  const { args, deadline, lifetimeMs, profileDir, live } = context;
  const nodes = live.nodes;
  let probes: Probes | undefined;
  let sampler: Sampler | undefined;
  try {
    // JavaScript function names for perf (/tmp/perf-<pid>.map).
    const nodeFlags = profileDir ? ['--perf-basic-prof-only-functions'] : [];
    if (kind === 'baseline') {
      nodes.push(
        await startBaseline({
          index: 0,
          definitionFile: baselineDefinitionFile!,
          maxLifetimeMs: lifetimeMs,
          nodeFlags,
        }),
      );
    } else {
      for (let index = 0; index < args.nodes; index++) {
        nodes.push(
          await startNode({
            index,
            apiUrl: context.apiUrl,
            ...(args.nodes > 1 ? { redisUrl: REDIS_URL } : {}),
            fromDist: args.fromDist,
            engine,
            maxLifetimeMs: lifetimeMs,
            nodeFlags,
          }),
        );
      }
    }
    log(
      kind === 'baseline'
        ? `started the bare uWebSockets.js baseline: ${nodes[0]!.url} (pid ${nodes[0]!.pid})`
        : `started ${nodes.length} realtime node(s) (REALTIME_ENGINE=${engine}) from ${args.fromDist ? 'dist/' : 'source'}: ` +
            nodes.map((n) => `${n.url} (pid ${n.pid})`).join(', '),
    );

    const cpuPlan = args.pin ? planCpus(nodes.length) : undefined;
    if (cpuPlan) {
      const pinned = nodes.map((node, i) => pinToCpus(node.pid, cpuPlan.nodes[i]!));
      log(
        pinned.every(Boolean)
          ? `pinned: ${nodes.map((n, i) => `${kind === 'baseline' ? 'baseline' : `node ${n.index}`} → CPU ${cpuPlan.nodes[i]!.join(',')}`).join(', ')}; ` +
              `generator → ${cpuPlan.generator.length ? `CPU ${cpuPlan.generator.join(',')}` : `any of the ${cpuCount()} CPUs`}`
          : 'could not pin the nodes to CPUs (taskset); running unpinned',
      );
    }

    // How many sockets each node can hold: its open-file limit less what it already has open.
    const probesPerNode = kind === 'baseline' ? 0 : args.probesPerNode;
    const fdBudgets = nodes.map((node) => {
      const limit = openFileLimit(node.pid) ?? 1024;
      const open = sampleProcess(node.pid)?.openFiles ?? 50;
      return limit - open - FD_MARGIN - probesPerNode;
    });
    const serverCapacity = Math.min(...fdBudgets) * nodes.length;
    log(
      `server socket budget: ${fdBudgets.join(' + ')} (open-file limit ${openFileLimit(nodes[0]!.pid)} per process)`,
    );

    sampler = new Sampler(nodes.map((n) => n.pid));
    sampler.take();
    sampler.start();
    const idleFrom = Date.now();
    await sleep(3000);
    const idleSamples = sampler.between(idleFrom, Date.now());

    const targets: NodeTarget[] = nodes.map((n) => ({ node: n.index, host: '127.0.0.1', port: n.port }));
    const definition = kind === 'product' ? await fetchDefinition(targets[0]!, args.clock) : undefined;
    // The baseline has no Socket.IO heartbeats, which real socket.io-client probes would miss.
    if (probesPerNode > 0) probes = await Probes.open(targets, probesPerNode, args.clock);
    // A fresh 127.x.y.* block per session, so no port of an earlier one can be in the way.
    const sourceBase: [number, number] = [
      10 + Math.floor(Math.random() * 240),
      Math.floor(Math.random() * 250),
    ];
    const gen = new LoadGenerator({
      targets,
      clock: args.clock,
      perWorker: args.perWorker,
      maxWorkers: args.maxWorkers,
      batchSize: args.batch,
      joinTimeoutMs: 20_000,
      maxLifetimeMs: lifetimeMs,
      sourceBase,
      clientsPerAddress: CLIENTS_PER_ADDRESS,
      ...(cpuPlan?.generator.length
        ? { onWorkerStarted: (pid: number) => void pinToCpus(pid, cpuPlan.generator) }
        : {}),
    });
    live.generator = gen;
    const activeSampler = sampler;

    /** Machine CPU use (2 cores = 100) by everything but this benchmark's own processes. */
    const othersBusyPercent = async (ms: number): Promise<number> => {
      const pids = [...nodes.map((n) => n.pid), ...gen.workerPids(), process.pid];
      const m0 = sampleMachineCpu();
      const p0 = pids.map((pid) => sampleProcess(pid));
      await sleep(ms);
      const m1 = sampleMachineCpu();
      let ours = 0;
      pids.forEach((pid, i) => {
        const a = p0[i];
        const b = sampleProcess(pid);
        if (a && b) ours += cpuPercent(a, b);
      });
      return machineBusyPercent(m0, m1) - ours / cpuCount();
    };
    /** Waits (bounded) until other work leaves the machine quieter than --quiet-below. */
    const waitForQuiet = async (maxMs: number): Promise<number> => {
      const until = Math.min(Date.now() + maxMs, deadline - 60_000);
      let busy = await othersBusyPercent(2000);
      for (let round = 0; busy >= args.quietBelowPercent && Date.now() < until && round < 100; round++) {
        busy = await othersBusyPercent(2000);
      }
      return busy;
    };

    const measure = async (requested: number, attempt: number): Promise<StepRecord> => {
      const target = Math.min(requested, serverCapacity, gen.capacity, args.maxClients);
      log(`${kind}: ramping up to ${target} clients (${args.batch} at a time)…`);
      const rampFrom = activeSampler.take();
      let lastLog = Date.now();
      const ramp = await gen.rampTo(target, (joined) => {
        if (Date.now() - lastLog > 5000) {
          lastLog = Date.now();
          log(`  ${joined} clients joined`);
        }
      });
      const rampTo = activeSampler.take();
      log(
        `ramp: ${gen.clients} clients joined in ${(ramp.ms / 1000).toFixed(1)} s, ${ramp.failed} failed` +
          (ramp.stoppedBecause ? ` (stopped: ${ramp.stoppedBecause})` : '') +
          (Object.keys(ramp.failures).length ? ` ${JSON.stringify(ramp.failures)}` : ''),
      );
      await sleep(SETTLE_MS);
      const remaining = deadline - Date.now() - LATE_GRACE_MS - 15_000;
      const durationS = Math.max(5, Math.min(args.durationS, Math.floor(remaining / 1000)));
      const fromT = Math.ceil((Date.now() + 1500) / 1000) * 1000;
      const toT = fromT + (durationS - 1) * 1000;
      await gen.startWindow(fromT, toT);
      probes?.startWindow(fromT, toT);
      log(`measuring ${durationS} ticks…`);
      await sleep(fromT - 50 - Date.now());
      const windowStart = activeSampler.take();
      const workersAtStart = gen.workerPids().map((pid) => ({ pid, sample: sampleProcess(pid) }));
      const recordings = profileDir
        ? nodes.map((node) => {
            const file = join(profileDir, `${kind}-${node.index}-${Date.now()}.perf.data`);
            return perfRecord(node.pid, durationS, file).then((ok) => ({ node: node.index, file, ok }));
          })
        : [];
      await sleep(toT + 950 - Date.now());
      const windowEnd = activeSampler.take();
      const loadAverage = loadavg();
      const generatorWaitMs = workersAtStart.map(({ pid, sample }) => {
        const end = sampleProcess(pid);
        return sample && end ? runQueueWaitMsPerSecond(sample, end) : Number.NaN;
      });
      await sleep(LATE_GRACE_MS);
      const results = await gen.collect();
      const summary = summariseWindow(results, fromT, toT, nodes.length, probes?.collect());
      const inWindow = activeSampler.between(windowStart.at, windowEnd.at);
      const servers: ServerFigures[] = nodes.map((node, i) => {
        const pick = (s: Sample | undefined) => s?.nodes[i];
        const idleA = pick(idleSamples[0]);
        const idleB = pick(idleSamples.at(-1));
        const perSecond: number[] = [];
        for (let k = 1; k < inWindow.length; k++) {
          const a = pick(inWindow[k - 1]);
          const b = pick(inWindow[k]);
          if (a && b) perSecond.push(cpuPercent(a, b));
        }
        const ws = pick(windowStart);
        const we = pick(windowEnd);
        const ra = pick(rampFrom);
        const rb = pick(rampTo);
        const delivered = summary.delayPerNode[node.index]?.count ?? 0;
        return {
          node: node.index,
          pid: node.pid,
          rssIdleMb: (idleB?.rssBytes ?? 0) / 2 ** 20,
          rssWindowStartMb: (ws?.rssBytes ?? 0) / 2 ** 20,
          rssWindowEndMb: (we?.rssBytes ?? 0) / 2 ** 20,
          peakRssMb: (we?.peakRssBytes ?? 0) / 2 ** 20,
          cpuIdlePercent: idleA && idleB ? cpuPercent(idleA, idleB) : Number.NaN,
          cpuRampPercent: ra && rb ? cpuPercent(ra, rb) : Number.NaN,
          cpuWindowPercent: ws && we ? cpuPercent(ws, we) : Number.NaN,
          cpuWindowSystemShare: ws && we ? systemShare(ws, we) : Number.NaN,
          runQueueWaitMsPerSecond: ws && we ? runQueueWaitMsPerSecond(ws, we) : Number.NaN,
          cpuMaxSecondPercent: perSecond.length ? Math.max(...perSecond) : Number.NaN,
          openFiles: we?.openFiles,
          openFileLimit: openFileLimit(node.pid),
          ...costPerMessage(
            ws && we ? cpuPercent(ws, we) : Number.NaN,
            summary.clientsPerNode[node.index] ?? 0,
          ),
          cpuPerDeliveredTickUs:
            ws && we && delivered > 0 ? ((we.cpuSeconds - ws.cpuSeconds) * 1e6) / delivered : Number.NaN,
        };
      });
      const busy = machineBusyPercent(windowStart.machine, windowEnd.machine);
      const profiles: NonNullable<StepRecord['profiles']> = [];
      for (const recording of await Promise.all(recordings)) {
        if (!recording.ok) continue;
        const { top, byDso } = await perfReport(recording.file);
        profiles.push({ node: recording.node, file: recording.file, top, byDso });
        console.log(`── perf profile of ${kind} ${recording.node} during the window (${recording.file})`);
        console.log(`  by binary: ${byDso.map((e) => `${e.dso} ${e.percent.toFixed(1)}%`).join(', ')}`);
        for (const e of top.slice(0, 15)) {
          console.log(
            `  ${e.percent.toFixed(1).padStart(5)}%  ${e.dso.padEnd(24).slice(0, 24)} ${e.symbol.slice(0, 90)}`,
          );
        }
      }
      // Capacity is judged on the fan-out's own delay: ticks the server's timer sent a second late
      // (a defect independent of load, reported separately) do not count against it.
      const held =
        summary.delayOnSchedule.p99 <= args.p99LimitMs &&
        summary.lossRate <= 0.001 &&
        summary.clients >= target * 0.99;
      return {
        server: kind,
        ...(kind === 'product' ? { engine } : {}),
        requestedClients: requested,
        ramp,
        summary,
        servers,
        machineBusyPercent: busy,
        loadAverage,
        held,
        attempt,
        generatorRunQueueWaitMsPerSecond: generatorWaitMs,
        disturbed:
          servers.some((x) => x.runQueueWaitMsPerSecond > DISTURBED_SERVER_WAIT_MS) ||
          generatorWaitMs.some((w) => w > DISTURBED_GENERATOR_WAIT_MS),
        ...(profiles.length ? { profiles } : {}),
      };
    };

    const printStep = (step: StepRecord, title: string) =>
      console.log(
        formatWindow(
          `${label}, ${title}` +
            ` (load average ${step.loadAverage.map((l) => l.toFixed(2)).join(' ')})` +
            (step.disturbed ? ' ⚠ disturbed by other load' : ''),
          step.summary,
          step.servers,
          step.machineBusyPercent,
          args.p99LimitMs,
          step.generatorRunQueueWaitMsPerSecond,
        ),
      );

    const steps: StepRecord[] = [];
    let largestHeld: number | undefined;
    let stopReason = '';

    if (!args.findMax) {
      for (const count of counts) {
        const step = await measure(count, 1);
        steps.push(step);
        printStep(step, `${step.summary.clients} clients, ${nodes.length} node(s)`);
        if (step.held) largestHeld = step.summary.clients;
      }
    } else {
      const capacity = Math.min(serverCapacity, gen.capacity, args.maxClients);
      log(
        `find-max: from ${args.start} by ${args.step} up to ${capacity} clients, p99 limit ${args.p99LimitMs} ms`,
      );
      for (let requested = args.start, guard = 0; guard < 100; guard++) {
        const stepMs = (args.step / args.batch) * 600 + (args.durationS + 10) * 1000;
        if (Date.now() + stepMs > deadline) {
          stopReason = `time budget of ${args.maxMinutes} min`;
          break;
        }
        let step = await measure(requested, 1);
        while (
          !step.held &&
          step.attempt < (step.disturbed ? MAX_ATTEMPTS_DISTURBED : MAX_ATTEMPTS_QUIET) &&
          Date.now() + (args.durationS + 100) * 1000 < deadline
        ) {
          log(
            `p99 ${step.summary.delayOnSchedule.p99.toFixed(1)} ms, loss ${(step.summary.lossRate * 100).toFixed(3)}%` +
              (step.disturbed ? ', measured while other work held the processes back' : '') +
              ': measuring once more to rule out noise',
          );
          steps.push(step);
          if (step.disturbed) {
            const busy = await waitForQuiet(90_000);
            log(`other work keeps the machine ${busy.toFixed(0)}% busy`);
          }
          step = await measure(requested, step.attempt + 1);
        }
        steps.push(step);
        printStep(
          step,
          `step: ${step.summary.clients} clients${step.attempt > 1 ? ` (try ${step.attempt})` : ''}`,
        );
        if (!step.held) {
          stopReason =
            step.summary.delayOnSchedule.p99 > args.p99LimitMs
              ? `p99 ${step.summary.delayOnSchedule.p99.toFixed(1)} ms > ${args.p99LimitMs} ms at ${step.summary.clients} clients`
              : `lost ticks or connections at ${step.summary.clients} clients`;
          break;
        }
        largestHeld = step.summary.clients;
        if (step.summary.clients >= capacity || step.ramp.stoppedBecause) {
          stopReason =
            step.ramp.stoppedBecause ??
            (capacity === serverCapacity
              ? `server open-file limit (${openFileLimit(nodes[0]!.pid)} per process) leaves room for ${serverCapacity} sockets`
              : capacity === gen.capacity
                ? `generator capacity ${gen.capacity}`
                : `--max-clients ${args.maxClients}`);
          break;
        }
        requested = Math.min(requested + args.step, capacity);
      }
    }

    const healths = await Promise.all(nodes.map((n) => nodeHealth(n)));
    return {
      steps,
      largestHeld,
      stopReason,
      serverCapacity,
      joinReplyBytes: gen.joinReplyBytes,
      cpuPlan,
      healths,
      ...(definition ? { definition } : {}),
    };
  } finally {
    probes?.close();
    await live.generator?.stop().catch(() => live.generator?.killAll());
    live.generator = undefined;
    sampler?.stop();
    await Promise.all(nodes.map((n) => n.stop().catch(() => undefined)));
    nodes.length = 0;
  }
}

async function main(): Promise<number> {
  let args: BenchArgs;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (error) {
    if (error instanceof ArgsError) {
      console.error(`${error.message}\n\n${USAGE}`);
      return 2;
    }
    throw error;
  }
  if (args.help) {
    console.log(USAGE);
    return 0;
  }

  const startedAt = Date.now();
  const deadline = startedAt + args.quietWaitS * 1000 + args.maxMinutes * 60_000;
  const lifetimeMs = args.quietWaitS * 1000 + args.maxMinutes * 60_000 + 90_000;
  const stamp = new Date(startedAt).toISOString().replace(/[:.]/g, '-');
  const outFile = args.out ?? join(tmpdir(), `crime-clock-realtime-bench-${stamp}.json`);
  const profileDir = args.profile ? mkdtempSync(join(tmpdir(), 'crime-clock-realtime-perf-')) : undefined;
  if (args.profile && !(await perfAvailable())) {
    console.error('--profile needs Linux perf (`perf record`), which is not available here');
    return 2;
  }

  let api: ApiDouble | undefined;
  const live: RunContext['live'] = { nodes: [], generator: undefined };
  // Last resort if this process is ended abruptly: nothing it started may outlive it.
  const killEverything = () => {
    live.generator?.killAll();
    for (const node of live.nodes) if (!node.exited()) process.kill(node.pid, 'SIGKILL');
  };
  process.on('exit', killEverything);
  let interrupted = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (interrupted) return;
    interrupted = true;
    log(`${signal}: stopping`);
    killEverything();
    process.exit(130);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  try {
    // The machine is shared: note how busy it was before this benchmark added anything (and, if
    // asked, wait a bounded while for a quieter moment).
    const quietUntil = Date.now() + args.quietWaitS * 1000;
    let baselineBusy = 100;
    for (let round = 0; round < 400; round++) {
      const before = sampleMachineCpu();
      await sleep(2000);
      baselineBusy = machineBusyPercent(before, sampleMachineCpu());
      if (baselineBusy < args.quietBelowPercent || Date.now() >= quietUntil) break;
      if (round % 10 === 0) log(`machine ${baselineBusy.toFixed(0)}% busy; waiting for a quieter moment…`);
    }
    const loadBefore = loadavg();
    log(
      `machine before start: ${baselineBusy.toFixed(0)}% CPU busy (2 cores = 100%), load ${loadBefore
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );

    if (args.nodes === 2 && !(await redisReachable()))
      throw new Error(`--nodes 2 needs Redis at ${REDIS_URL}`);
    api = await startApiDouble();
    const context: RunContext = { args, deadline, lifetimeMs, profileDir, apiUrl: api.url, live };

    const sessions: { kind: ServerKind; result: SessionResult }[] = [];
    const pairs: { product: StepRecord; baseline: StepRecord }[] = [];
    if (args.baseline) {
      // Back to back at each count, so all see the machine in much the same state.
      const definitionFile = join(mkdtempSync(join(tmpdir(), 'crime-clock-baseline-')), 'definition.json');
      for (const count of args.clients) {
        const products: StepRecord[] = [];
        for (const engine of args.engines) {
          const product = await runSession(context, 'product', [count], { engine });
          sessions.push({ kind: 'product', result: product });
          if (!product.definition) throw new Error('the product served no definition to publish');
          writeFileSync(definitionFile, JSON.stringify(product.definition));
          const step = product.steps.at(-1);
          if (step) products.push(step);
        }
        const baseline = await runSession(context, 'baseline', [count], {
          baselineDefinitionFile: definitionFile,
        });
        sessions.push({ kind: 'baseline', result: baseline });
        const b = baseline.steps.at(-1);
        if (b) for (const p of products) pairs.push({ product: p, baseline: b });
      }
    } else {
      for (const engine of args.engines)
        sessions.push({
          kind: 'product',
          result: await runSession(context, 'product', args.clients, { engine }),
        });
    }

    const steps = sessions.flatMap((s) => s.result.steps);
    const productSessions = sessions.filter((s) => s.kind === 'product').map((s) => s.result);
    const largestHeld = productSessions.reduce<number | undefined>(
      (largest, r) =>
        r.largestHeld !== undefined && (largest === undefined || r.largestHeld > largest)
          ? r.largestHeld
          : largest,
      undefined,
    );
    const stopReason = productSessions.at(-1)?.stopReason ?? '';
    const joinReplyBytes = productSessions.at(-1)?.joinReplyBytes ?? 0;
    const productSteps = steps.filter((s) => s.server === 'product');
    const final = productSteps.at(-1);
    console.log('');
    console.log('══ Summary ' + '═'.repeat(68));
    console.log(
      `  steps: ${steps
        .map(
          (s) =>
            `${s.server === 'baseline' ? 'baseline ' : `${s.engine} `}${s.summary.clients}→p99 ${s.summary.delayOnSchedule.p99.toFixed(1)}ms` +
            (s.summary.lateTimerTicks.length
              ? ` (${s.summary.delay.p99.toFixed(1)} with late-timer ticks)`
              : '') +
            (s.held ? '' : ' ✗') +
            (s.disturbed ? ' ⚠' : ''),
        )
        .join(', ')}`,
    );
    if (steps.some((x) => x.disturbed)) {
      console.log(
        `  ⚠ = the server (> ${DISTURBED_SERVER_WAIT_MS} ms/s) or the generator (> ${DISTURBED_GENERATOR_WAIT_MS} ms/s) ` +
          `waited for a CPU (other work on the machine; or each other with --no-pin): delays are pessimistic`,
      );
    }
    if (args.findMax)
      console.log(
        `  largest N with p99 ≤ ${args.p99LimitMs} ms: ${largestHeld ?? 'none'}; stopped: ${stopReason}`,
      );
    if (final) {
      console.log(
        `  tick payload ${final.summary.payload.wireBytes} B on the wire; join reply (with definition) ${joinReplyBytes} B`,
      );
    }
    if (pairs.length) {
      const baselineRuns = new Map<StepRecord, MeasuredRun>();
      const sameBytes = pairs.every(
        (p) => p.product.summary.payload.wireBytes === p.baseline.summary.payload.wireBytes,
      );
      console.log(
        `  product against the bare uWebSockets.js baseline (goal ≤ ${BASELINE_GOAL_RATIO}× CPU per delivered tick, ` +
          `p99 < ${args.p99LimitMs} ms; ticks ${sameBytes ? 'of the same size' : 'of DIFFERENT sizes'} on the wire):`,
      );
      console.log(
        formatComparison(
          pairs.map(({ product, baseline }) => ({
            product: {
              ...measuredRun(product),
              name: `product (${product.engine === 'node' ? 'node:http' : 'uWS'})`,
            },
            // One object per baseline window, so the table shows a shared one once.
            baseline:
              baselineRuns.get(baseline) ?? baselineRuns.set(baseline, measuredRun(baseline)).get(baseline)!,
          })),
          BASELINE_GOAL_RATIO,
          args.p99LimitMs,
        ),
      );
    }
    console.log(
      `  machine was ${baselineBusy.toFixed(0)}% busy before the run (other work on this machine), ` +
        `load average ${loadBefore.map((l) => l.toFixed(2)).join(' ')}`,
    );
    console.log(`  result: ${outFile}`);

    writeFileSync(
      outFile,
      JSON.stringify(
        {
          benchmark: 'crime-clock realtime ticks',
          startedAt: new Date(startedAt).toISOString(),
          args,
          machine: {
            cores: cpuCount(),
            baselineBusyPercent: baselineBusy,
            loadavgBefore: loadBefore,
            loadavg: loadavg(),
          },
          server: {
            from: args.fromDist ? 'dist' : 'source',
            nodes: args.nodes,
            redis: args.nodes > 1 ? REDIS_URL : null,
            cpus: sessions[0]?.result.cpuPlan ?? 'unpinned',
          },
          serverCapacity: productSessions.at(-1)?.serverCapacity ?? null,
          largestHeld: largestHeld ?? null,
          stopReason,
          joinReplyBytes,
          steps,
          comparison: pairs.map(({ product, baseline }) => ({
            clients: product.summary.clients,
            engine: product.engine,
            cpuRatio: cpuRatio(product.servers[0]!, baseline.servers[0]!),
          })),
          healths: sessions.map((s) => ({ server: s.kind, healths: s.result.healths })),
        },
        (_key, value: unknown) => (typeof value === 'number' && !Number.isFinite(value) ? null : value),
        2,
      ),
    );
    if (args.baseline) return productSteps.every((s) => s.held) ? 0 : 1;
    if (final && !args.findMax) return productSteps.every((s) => s.held) ? 0 : 1;
    return largestHeld !== undefined ? 0 : 1;
  } finally {
    killEverything();
    await api?.close();
  }
}

function measuredRun(step: StepRecord): MeasuredRun {
  return {
    summary: step.summary,
    server: step.servers[0]!,
    loadAverage: step.loadAverage,
    disturbed: step.disturbed,
  };
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(
      'realtime benchmark failed:',
      error instanceof Error ? (error.stack ?? error.message) : error,
    );
    process.exit(1);
  },
);
