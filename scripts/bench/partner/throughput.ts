/**
 * Partner search throughput through the proxy and 2 API nodes on MariaDB:
 *
 *   npx tsx scripts/bench/partner/throughput.ts [--rates 25,50,100] [--step-seconds 20]  (--help)
 *
 * Starts the cluster as the soak does (scripts/cluster: a new MariaDB database made with the
 * README's CREATE DATABASE, the synthetic sample, 2 API and 2 realtime nodes behind HAProxy), then
 * sends POST /api/external/crime-search open-loop (at planned times whatever the answers, so a
 * server falling behind shows as latency) with a key whose daily limit is out of reach, in rising
 * steps, until a step's p99 reaches the bound or a request fails. The rate held is the highest step
 * under the bound without errors. Then, under that load, a second key with a small daily limit gets
 * many more calls than its limit at once through both nodes: exactly `limit` must be answered.
 */
import { randomBytes } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { createConnection } from 'mysql2/promise';
import { startCluster, type Cluster } from '../../cluster/cluster.ts';
import { HAPROXY_STATS_CSV_PATH } from '../../cluster/haproxy.ts';
import { Rng } from '../../data-sample/random.ts';
import { createPartnerKey, firstAdminOf, knownPostcodes, setupRequests } from '../lib/cluster-setup.ts';
import { LatencyHistogram } from '../lib/histogram.ts';
import { cpuPercent, machineBusyPercent, sampleMachineCpu, sampleProcess } from '../lib/proc-stats.ts';
import { CookieJar, HttpClient, HttpFailure } from '../soak/http-client.ts';
import { codeOf, openLoop, successOnly } from '../soak/load.ts';
import { pidListeningOn } from '../soak/memory.ts';
import { Tally } from '../soak/stats.ts';
import { argsOrExit } from '../lib/options.ts';
import { drawPartnerSearch, type StorePlaces } from '../soak/workloads.ts';
import {
  exactnessProblem,
  formatCpu,
  formatStep,
  parseThroughputArgs,
  rateHeld,
  serverTotals,
  stepHeld,
  USAGE,
  type BurstCounts,
  type StepResult,
} from './steps.ts';

const log = (message: string) => process.stdout.write(`${message}\n`);
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const PARTNER_PATH = '/api/external/crime-search';
/** Requests waiting for an answer beyond this are not sent (and count as errors): the generator is saturated. */
const MAX_IN_FLIGHT = 1000;

const args = argsOrExit(() => parseThroughputArgs(process.argv.slice(2)), USAGE);

const loads = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
log(`Machine: ${availableParallelism()} CPUs, load average ${loads()} (1, 5, 15 min) before the run`);

const server = process.env.BENCH_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';
const databaseUrl = new URL(server);
databaseUrl.pathname = `/crime_clock_partner_${randomBytes(3).toString('hex')}`;
{
  const connection = await createConnection(server);
  const [rows] = await connection.query('SELECT VERSION() AS version');
  await connection.end();
  log(`Database server: ${(rows as { version: string }[])[0]!.version}`);
}
log(
  `Starting the cluster (database ${databaseUrl.pathname.slice(1)}, synthetic sample, 2 API, 2 realtime, proxy)...`,
);
const setupStarted = Date.now();
const cluster: Cluster = await startCluster({
  databaseUrl: databaseUrl.toString(),
  redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  sample: true,
  dropDatabaseOnStop: true,
  logLevel: 'warn',
  handleSignals: true,
  // All the load comes from this one address: the proxy's per-address request limit (1000 per 10 s
  // by default, an abuse guard) would refuse it above 100 req/s. What is measured is the nodes.
  edgeLimits: { requestsPerAddress: 1_000_000 },
});
log(`Cluster up at ${cluster.url} in ${((Date.now() - setupStarted) / 1000).toFixed(1)} s`);

// Every process whose CPU is shown: the cluster's, the shared database and Redis, and this generator.
const watched: { name: string; pid: () => number | undefined }[] = [
  ...cluster.processes.map((p) => ({ name: p.name, pid: () => p.pid() })),
  ...(
    [
      ['mariadb', 3306],
      ['redis', 6379],
    ] as const
  ).map(([name, port]) => {
    const pid = pidListeningOn(port);
    return { name, pid: () => pid };
  }),
  { name: 'generator', pid: () => process.pid },
];
const sampleAll = () => watched.map((w) => ({ name: w.name, at: sampleProcess(w.pid() ?? -1) }));
type CpuReading = { processes: ReturnType<typeof sampleAll>; machine: ReturnType<typeof sampleMachineCpu> };
const readCpu = (): CpuReading => ({ processes: sampleAll(), machine: sampleMachineCpu() });
function cpuSince(from: CpuReading): string {
  const to = readCpu();
  const rows = from.processes.flatMap((p, i) => {
    const end = to.processes[i]!.at;
    return p.at && end ? [{ name: p.name, percent: cpuPercent(p.at, end) }] : [];
  });
  return `CPU (% of one core): ${formatCpu(rows)}; whole machine ${machineBusyPercent(from.machine, to.machine).toFixed(0)} % busy`;
}

const http = new HttpClient(cluster.url, args.timeoutS * 1000);
const setup = setupRequests(http);
let exitCode = 0;
try {
  const admin = firstAdminOf(cluster.api[0]!.output());
  if (!admin) throw new Error('API node 1 printed no first admin: was the database not new?');
  const jar = new CookieJar();
  await setup({ method: 'POST', path: '/api/admin/login', body: admin }, jar);
  const places: StorePlaces = {
    postcodes: await knownPostcodes(http, setup),
    forces: [],
    neighbourhoods: [],
    months: [],
  };
  const tag = randomBytes(2).toString('hex');
  const mainKey = await createPartnerKey(setup, jar, `throughput ${tag} main`, 1_000_000);
  log(
    `Store: ${places.postcodes.length} postcodes for the partner searches; key with a limit of 1,000,000/day`,
  );
  const rng = new Rng(0x7a27);

  /** Open-loop partner searches at `rate` with `apiKey` until finish() (which waits for the answers). */
  function startLoad(rate: number, apiKey: string) {
    const latency = new LatencyHistogram();
    const sendLag = new LatencyHistogram();
    const errors = new Tally();
    const pending = new Set<Promise<void>>();
    let sent = 0;
    let ok = 0;
    const started = performance.now();
    const loop = openLoop(rate, (i) => {
      // openLoop fires call i once (i + 1) / rate seconds have passed, on a timer ticking every
      // max(5, 500 / rate) ms: how late it went out is the send lag, printed apart. Latency counts
      // from the send, so that tick is not taken for the servers' time; a generator stalled long
      // sends the late calls at once, and the servers' queueing then shows in the latency.
      const planned = started + ((i + 1) * 1000) / rate;
      sendLag.record(performance.now() - planned);
      sent++;
      if (pending.size >= MAX_IN_FLIGHT) {
        errors.add('client: too many requests waiting for answers (not sent)');
        return;
      }
      const call = http
        .send({
          method: 'POST',
          path: PARTNER_PATH,
          headers: { 'x-api-key': apiKey },
          body: drawPartnerSearch(rng, places),
        })
        .then(
          (answer) => {
            latency.record(answer.ms);
            const outcome = successOnly(answer);
            if (typeof outcome === 'object') errors.add(outcome.error);
            else ok++;
          },
          (error: unknown) => {
            if (error instanceof HttpFailure) latency.record(error.ms);
            errors.add(error instanceof HttpFailure ? error.kind : String(error));
          },
        )
        .finally(() => pending.delete(call));
      pending.add(call);
    });
    return {
      async finish(): Promise<StepResult> {
        loop.stop();
        const seconds = (performance.now() - started) / 1000;
        await Promise.all(pending);
        return {
          rate,
          seconds,
          sent,
          ok,
          p50: latency.percentile(0.5),
          p95: latency.percentile(0.95),
          p99: latency.percentile(0.99),
          max: latency.count ? latency.max : Number.NaN,
          sendLagP99: sendLag.percentile(0.99),
          errors: errors.entries().map((e) => ({ kind: e.kind, count: e.count })),
        };
      },
    };
  }

  if (args.warmupSeconds > 0) {
    const warm = startLoad(args.rates[0]!, mainKey.apiKey);
    await sleep(args.warmupSeconds * 1000);
    const result = await warm.finish();
    log(
      `Warm-up ${args.warmupSeconds} s at ${args.rates[0]} req/s (not counted): ${formatStep(result, args.p99Ms)}`,
    );
  }

  log(`\nSteps of ${args.stepSeconds} s, open loop; a step holds at p99 < ${args.p99Ms} ms with no error:`);
  const steps: StepResult[] = [];
  for (const rate of args.rates) {
    const cpu = readCpu();
    const load = startLoad(rate, mainKey.apiKey);
    await sleep(args.stepSeconds * 1000);
    const step = await load.finish();
    steps.push(step);
    log(formatStep(step, args.p99Ms));
    log(`       ${cpuSince(cpu)}; load average ${loads()}`);
    if (!stepHeld(step, args.p99Ms)) break;
  }
  const held = rateHeld(steps, args.p99Ms);
  log(
    held
      ? `\nThe rate held: ${held.rate} req/s (p99 ${held.p99.toFixed(1)} ms, ${held.ok} searches answered, no errors)`
      : `\nNo step held p99 < ${args.p99Ms} ms without errors`,
  );

  // ---- The daily limit under load: many more calls than the limit at once, through both nodes ----
  const limitedKey = await createPartnerKey(setup, jar, `throughput ${tag} limited`, args.limit);
  const backgroundRate = held?.rate ?? args.rates[0]!;
  log(
    `\nExactness: ${args.burst} calls at once (${args.burstSockets} connections) to a key limited to ${args.limit}/day, while ${backgroundRate} req/s go on with the other key`,
  );
  const day = new Date().toISOString().slice(0, 10);
  const statsCsv = async () =>
    (
      await fetch(`${cluster.statsUrl}${HAPROXY_STATS_CSV_PATH}`, { signal: AbortSignal.timeout(5000) })
    ).text();
  const background = startLoad(backgroundRate, mainKey.apiKey);
  await sleep(2000);
  // What is checked here is the count, not the speed: a call is given long enough to be answered.
  const burstHttp = new HttpClient(cluster.url, Math.max(30, args.timeoutS) * 1000, args.burstSockets);
  const before = serverTotals(await statsCsv(), 'api');
  const burstCpu = readCpu();
  const burstStarted = performance.now();
  const answers = await Promise.all(
    Array.from({ length: args.burst }, () =>
      burstHttp
        .send({
          method: 'POST',
          path: PARTNER_PATH,
          headers: { 'x-api-key': limitedKey.apiKey },
          body: drawPartnerSearch(rng, places),
        })
        .catch((error: unknown) =>
          error instanceof HttpFailure ? error : new HttpFailure('socket error', String(error), 0),
        ),
    ),
  );
  const burstMs = performance.now() - burstStarted;
  const burstCpuLine = cpuSince(burstCpu);
  const after = serverTotals(await statsCsv(), 'api');
  const backgroundResult = await background.finish();
  burstHttp.close();

  const other = new Tally();
  const counts: BurstCounts = { calls: args.burst, ok: 0, refused: 0, other: [] };
  for (const answer of answers) {
    if (answer instanceof HttpFailure) other.add(answer.kind);
    else if (answer.status === 200) counts.ok++;
    else if (answer.status === 429 && codeOf(answer.body) === ' RATE_LIMITED') counts.refused++;
    else other.add(`HTTP ${answer.status}${codeOf(answer.body)}`);
  }
  counts.other = other.entries().map((e) => ({ kind: e.kind, count: e.count }));
  const perNode = [...after.entries()]
    .filter(([name]) => /^api-\d+$/.test(name))
    .map(([name, total]) => `${name} ${total - (before.get(name) ?? 0)}`)
    .join(', ');
  log(
    `  answered in ${(burstMs / 1000).toFixed(2)} s: ${counts.ok} × 200, ${counts.refused} × 429 RATE_LIMITED, ${counts.calls - counts.ok - counts.refused} other`,
  );
  log(`  requests the proxy sent each API server meanwhile (burst and background): ${perNode}`);
  log(`  ${burstCpuLine}`);
  log(`  background load meanwhile: ${formatStep(backgroundResult, args.p99Ms)}`);
  const problem = exactnessProblem(args.limit, counts);
  if (new Date().toISOString().slice(0, 10) !== day) {
    log('  the UTC day changed during the check: a new daily count started, so it is not judged');
  } else if (problem) {
    log(`  daily limit NOT exact: ${problem}`);
    exitCode = 1;
  } else {
    log(`  daily limit exact: ${args.limit} answered, ${counts.refused} refused`);
  }
  for (const p of cluster.processes) {
    if (!p.running()) {
      log(`process ${p.name} exited during the run`);
      exitCode = 1;
    }
  }
} catch (error) {
  console.error(`The run failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  exitCode = 1;
} finally {
  http.close();
  log(
    `\nLoad average ${loads()} (1, 5, 15 min) after the run; the load generator ran on the same ${availableParallelism()} CPUs`,
  );
  await cluster.stop();
}
process.exit(exitCode);
