/** Command line of the realtime benchmark; every value is bounded. */
import type { ClockKind } from '../../../common/clock/types.ts';
import type { RealtimeEngine } from '../../../common/config/config.ts';
import { ArgsError, readOptions, whole } from '../lib/options.ts';

export { ArgsError };

export interface BenchArgs {
  /** Client counts measured one after the other (ascending). */
  clients: number[];
  /** After the product at each count, the bare uWebSockets.js baseline at the same count. */
  baseline: boolean;
  /** The product is measured on each of these engines (REALTIME_ENGINE), one after the other. */
  engines: Exclude<RealtimeEngine, 'auto'>[];
  durationS: number;
  nodes: 1 | 2;
  findMax: boolean;
  start: number;
  step: number;
  maxClients: number;
  maxMinutes: number;
  batch: number;
  perWorker: number;
  maxWorkers: number;
  clock: ClockKind;
  p99LimitMs: number;
  probesPerNode: number;
  fromDist: boolean;
  profile: boolean;
  /** Pin each node to a CPU of its own and the generator to the others. */
  pin: boolean;
  out: string | undefined;
  /** Wait up to this long for the (shared) machine to be less busy than quietBelowPercent. */
  quietWaitS: number;
  quietBelowPercent: number;
  help: boolean;
}

export const USAGE = `Realtime load benchmark of the Crime Clock (loopback only, bounded).

  npx tsx scripts/bench/realtime/run.ts [options]

  --clients N[,N…]  clients to hold (default 20000, at most 60000); several counts are measured
                    one after the other, smallest first
  --baseline        at each count, after the product, run a bare uWebSockets.js app publishing the
                    same tick bytes to as many clients (one node; not with --find-max), and report
                    the product's server CPU per delivered tick as a multiple of the baseline's
                    (CPU time comes in 10 ms steps from /proc: meaningful from thousands of clients)
  --engines LIST    REALTIME_ENGINE of the product, each measured in turn at every count (default
                    uws,node: uWebSockets.js, then Socket.IO's own engine on node:http)
  --duration S      seconds of ticks measured (default 30; 15 per step with --find-max; 5..300)
  --nodes 1|2       realtime nodes; with 2 they share rooms through Redis at 127.0.0.1:6379
  --find-max        grow the clients by --step until p99 passes --p99 ms; report the largest N held
  --start N         first step of --find-max (default: --step)
  --step N          growth per --find-max step (default 5000)
  --max-clients N   ceiling for --find-max (default 60000)
  --max-minutes M   whole-run time budget (default 10, at most 30)
  --batch N         connections opened at once while ramping up (default 500)
  --per-worker N    clients per generator process (default 18000, at most 19000; on 2 cores one busy
                    generator process beside the server is better than several)
  --workers N       most generator processes (default 6)
  --clock csew|police   room joined by every client (default csew)
  --p99 MS          delay limit (default 100)
  --probes K        real socket.io-client clients per node, for cross-checks (default 5)
  --dist            run dist/realtime/src/server.js instead of the TypeScript source
  --no-pin          let Linux place the processes (default: each node on a CPU of its own, the
                    generator on the others; on 2 cores with 2 nodes the generator floats)
  --profile         sample each node with Linux perf during each window (perf.data in /tmp) and
                    print its hottest functions (kernel, uWS, V8)
  --out FILE        JSON result file (default /tmp/crime-clock-realtime-bench-<time>.json)
  --quiet-wait S    on a shared machine, first wait up to S s (default 0, at most 600) until
                    other work keeps it under --quiet-below percent busy (default 35; 2 cores = 100)
`;

export function parseArgs(argv: readonly string[]): BenchArgs {
  const given = readOptions(argv, {
    clients: { type: 'string', default: '20000' },
    baseline: { type: 'boolean', default: false },
    engines: { type: 'string', default: 'uws,node' },
    duration: { type: 'string' },
    nodes: { type: 'string', default: '1' },
    'find-max': { type: 'boolean', default: false },
    start: { type: 'string' },
    step: { type: 'string', default: '5000' },
    'max-clients': { type: 'string', default: '60000' },
    'max-minutes': { type: 'string', default: '10' },
    batch: { type: 'string', default: '500' },
    'per-worker': { type: 'string', default: '18000' },
    workers: { type: 'string', default: '6' },
    clock: { type: 'string', default: 'csew' },
    p99: { type: 'string', default: '100' },
    probes: { type: 'string', default: '5' },
    dist: { type: 'boolean', default: false },
    'no-pin': { type: 'boolean', default: false },
    profile: { type: 'boolean', default: false },
    out: { type: 'string' },
    'quiet-wait': { type: 'string', default: '0' },
    'quiet-below': { type: 'string', default: '35' },
    help: { type: 'boolean', short: 'h', default: false },
  });
  const { clock } = given;
  if (clock !== 'csew' && clock !== 'police') throw new ArgsError('--clock must be csew or police');
  const findMax = given['find-max'];
  const step = whole('step', given.step, 100, 60_000);
  const nodes = whole('nodes', given.nodes, 1, 2) as 1 | 2;
  if (given.baseline && (nodes !== 1 || findMax)) {
    throw new ArgsError('--baseline compares one node at fixed counts: not with --nodes 2 or --find-max');
  }
  const engines = [...new Set(given.engines.split(',').map((e) => e.trim()))];
  if (engines.length === 0 || !engines.every((e) => e === 'uws' || e === 'node'))
    throw new ArgsError('--engines must list uws and/or node, e.g. uws,node');
  return {
    clients: clientCounts(given.clients),
    baseline: given.baseline,
    engines: engines as BenchArgs['engines'],
    // Each --find-max step is measured for less time by default, so the whole search fits its budget.
    durationS: given.duration === undefined ? (findMax ? 15 : 30) : whole('duration', given.duration, 5, 300),
    nodes,
    findMax,
    start: given.start === undefined ? step : whole('start', given.start, 1, 60_000),
    step,
    maxClients: whole('max-clients', given['max-clients'], 1, 60_000),
    maxMinutes: whole('max-minutes', given['max-minutes'], 1, 30),
    batch: whole('batch', given.batch, 1, 2000),
    perWorker: whole('per-worker', given['per-worker'], 1, 19_000),
    maxWorkers: whole('workers', given.workers, 1, 12),
    clock,
    p99LimitMs: whole('p99', given.p99, 1, 10_000),
    probesPerNode: whole('probes', given.probes, 0, 50),
    fromDist: given.dist,
    profile: given.profile,
    pin: !given['no-pin'],
    out: given.out,
    quietWaitS: whole('quiet-wait', given['quiet-wait'], 0, 600),
    quietBelowPercent: whole('quiet-below', given['quiet-below'], 1, 100),
    help: given.help,
  };
}

/** "10000,19000" → [10000, 19000]: up to six whole counts from 1 to 60,000, smallest first. */
function clientCounts(text: string): number[] {
  const parts = text.split(',');
  if (parts.length > 6) throw new ArgsError(`--clients takes at most six counts (got "${text}")`);
  return [...new Set(parts.map((part) => whole('clients', part, 1, 60_000)))].sort((a, b) => a - b);
}
