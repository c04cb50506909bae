/** Command line of the realtime benchmark; every value is bounded. */
import type { ClockKind } from '../../../common/clock/types.ts';
import { ArgsError, readOptions } from '../lib/command-line.ts';

export { ArgsError };

export interface BenchArgs {
  /** Client counts measured one after the other (ascending). */
  clients: number[];
  /** After the product at each count, the bare uWebSockets.js baseline at the same count. */
  baseline: boolean;
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
  const args: BenchArgs = {
    clients: [20_000],
    baseline: false,
    durationS: 30,
    nodes: 1,
    findMax: false,
    start: 0,
    step: 5000,
    maxClients: 60_000,
    maxMinutes: 10,
    batch: 500,
    perWorker: 18_000,
    maxWorkers: 6,
    clock: 'csew',
    p99LimitMs: 100,
    probesPerNode: 5,
    fromDist: false,
    profile: false,
    pin: true,
    out: undefined,
    quietWaitS: 0,
    quietBelowPercent: 35,
    help: false,
  };
  let durationGiven = false;
  readOptions(argv, {
    '--clients': (read) => (args.clients = clientCounts(read.value())),
    '--baseline': () => (args.baseline = true),
    '--duration': (read) => {
      args.durationS = read.whole(5, 300);
      durationGiven = true;
    },
    '--nodes': (read) => (args.nodes = read.whole(1, 2) as 1 | 2),
    '--find-max': () => (args.findMax = true),
    '--start': (read) => (args.start = read.whole(1, 60_000)),
    '--step': (read) => (args.step = read.whole(100, 60_000)),
    '--max-clients': (read) => (args.maxClients = read.whole(1, 60_000)),
    '--max-minutes': (read) => (args.maxMinutes = read.whole(1, 30)),
    '--batch': (read) => (args.batch = read.whole(1, 2000)),
    '--per-worker': (read) => (args.perWorker = read.whole(1, 19_000)),
    '--workers': (read) => (args.maxWorkers = read.whole(1, 12)),
    '--clock': (read) => {
      const clock = read.value();
      if (clock !== 'csew' && clock !== 'police') throw new ArgsError('--clock must be csew or police');
      args.clock = clock;
    },
    '--p99': (read) => (args.p99LimitMs = read.whole(1, 10_000)),
    '--probes': (read) => (args.probesPerNode = read.whole(0, 50)),
    '--dist': () => (args.fromDist = true),
    '--no-pin': () => (args.pin = false),
    '--profile': () => (args.profile = true),
    '--out': (read) => (args.out = read.value()),
    '--quiet-wait': (read) => (args.quietWaitS = read.whole(0, 600)),
    '--quiet-below': (read) => (args.quietBelowPercent = read.whole(1, 100)),
    '--help': () => (args.help = true),
    '-h': () => (args.help = true),
  });
  if (args.baseline && (args.nodes !== 1 || args.findMax)) {
    throw new ArgsError('--baseline compares one node at fixed counts: not with --nodes 2 or --find-max');
  }
  if (args.findMax && !durationGiven) args.durationS = 15;
  if (args.start === 0) args.start = args.step;
  return args;
}

/** "10000,19000" → [10000, 19000]: up to six whole counts from 1 to 60,000, smallest first. */
function clientCounts(text: string): number[] {
  const counts = text.split(',').map((part) => (/^\d+$/.test(part) ? Number(part) : Number.NaN));
  if (counts.length > 6 || counts.some((n) => !(n >= 1 && n <= 60_000))) {
    throw new ArgsError(
      `--clients must be up to six whole numbers from 1 to 60000, comma-separated (got "${text}")`,
    );
  }
  return [...new Set(counts)].sort((a, b) => a - b);
}
