/**
 * Mixed-load soak of the Crime Clock through the cluster's proxy:
 *
 *   npx tsx scripts/bench/soak/run.ts [--minutes 10] [--viewers 2000] [--search-rps 20]
 *                                     [--partner-rps 5] [--json out.json]   (--help for all)
 *
 * Starts the production topology as local processes (scripts/cluster: MySQL, Redis, two API and two
 * realtime nodes behind the proxy, with the synthetic sample), or attaches to one with --url. Then,
 * all at once for --minutes: clock viewers on websockets (each checks its count never goes back and
 * ticks keep coming), public searches at a steady rate, partner API calls (one key driven past its
 * daily limit, so its 429s are expected and counted apart), an admin at work and UI page loads.
 * Reports throughput, p50/p95/p99 per route, errors by kind, viewer figures and the resident memory
 * of every process with its trend. Loopback only; at most 60 minutes and 20,000 viewers.
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { QueryTypes, type Sequelize } from 'sequelize';
import { createAdminUserService } from '../../../api/src/admin/users.ts';
import { openDatabase } from '../../../api/src/db/connection.ts';
import { randomPassword } from '../../../api/src/security/passwords.ts';
import { startCluster, type Cluster } from '../../cluster/cluster.ts';
import { haproxyStatus } from '../../cluster/haproxy.ts';
import { Rng } from '../../data-sample/random.ts';
import { createPartnerKey, firstAdminOf, knownPostcodes, setupRequests } from '../lib/cluster-setup.ts';
import { argsOrExit } from '../lib/options.ts';
import { machineBusyPercent, openFileLimit, sampleMachineCpu } from '../lib/proc-stats.ts';
import { isLoopbackHost, parseArgs, USAGE } from './args.ts';
import { CookieJar, HttpClient } from './http-client.ts';
import { codeOf, LoadRunner, openLoop, successOnly, type Judge } from './load.ts';
import { MemoryWatch, pidListeningOn, type WatchedProcess } from './memory.ts';
import {
  dailyLimitProblem,
  formatMarkdown,
  formatSummary,
  verdictOf,
  type PartnerKeyFigures,
  type SoakResult,
} from './report.ts';
import { RouteStats, Tally } from './stats.ts';
import { ViewerPool } from './viewers.ts';
import {
  ADMIN_ROUND,
  adminRequest,
  assetsOf,
  drawAutocomplete,
  drawPartnerSearch,
  drawSearch,
  limitedKeyAllowance,
  UI_PAGES,
  type PlannedRequest,
  type StorePlaces,
} from './workloads.ts';

const log = (message: string) => process.stdout.write(`${message}\n`);
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
/** One partner call in this many goes to the key with the small daily limit. */
const LIMITED_KEY_SHARE = 5;
/** The admin signs out and in again every this many admin actions. */
const RELOGIN_EVERY = 24;
const MEMORY_SAMPLE_MS = 10_000;

const args = argsOrExit(() => parseArgs(process.argv.slice(2), process.env), USAGE);

const command = `npx tsx scripts/bench/soak/run.ts ${process.argv.slice(2).join(' ')}`.trim();
const startedAt = new Date();
const setupStarted = Date.now();
const loadAverageStart = loadavg();

// ---- The cluster: started here, or attached to -------------------------------------------------
let cluster: Cluster | undefined;
let origin: string;
const watched: WatchedProcess[] = [];
const serverLogs: SoakResult['serverLogs'] = {};
let countLogs = false;

/** Counts pino lines at warn (40) and above that the cluster's processes print during the load. */
function onOutput(name: string, line: string) {
  if (!countLogs) return;
  const level = /"level":(\d+)/.exec(line)?.[1];
  if (!level || Number(level) < 40) return;
  const entry = (serverLogs[name] ??= { warn: 0, error: 0, examples: [] });
  if (Number(level) >= 50) entry.error++;
  else entry.warn++;
  if (entry.examples.length < 50) entry.examples.push(line.slice(0, 400));
}

function loopbackUrlFromEnv(name: string, fallback: string): string {
  const value = process.env[name] || fallback;
  if (!isLoopbackHost(new URL(value).hostname)) {
    console.error(`${name}=${value} is not on the loopback network; the soak runs on loopback only`);
    process.exit(2);
  }
  return value;
}

if (args.url) {
  origin = args.url;
  // The nodes behind the proxy, from HAProxy's stats page (PROXY_STATS_PORT of deploy/haproxy.cfg).
  const status = { backends: await haproxyStatus(args.statsUrl) };
  const proxyPid = pidListeningOn(Number(new URL(origin).port || 80));
  watched.push({ name: 'proxy', pid: () => proxyPid, shared: false });
  const counters: Record<string, number> = {};
  for (const backend of status.backends) {
    if (!isLoopbackHost(new URL(backend.url).hostname))
      throw new Error(`backend ${backend.url} is not on loopback`);
    const port = Number(new URL(backend.url).port);
    const pid = pidListeningOn(port);
    counters[backend.role] = (counters[backend.role] ?? 0) + 1;
    watched.push({ name: `${backend.role}-${counters[backend.role]}`, pid: () => pid, shared: false });
  }
} else {
  const server = loopbackUrlFromEnv('SOAK_MYSQL_URL', 'mysql://root@127.0.0.1:3306');
  const databaseUrl = new URL(server);
  databaseUrl.pathname = `/crime_clock_soak_${randomBytes(3).toString('hex')}`;
  const redisUrl = loopbackUrlFromEnv('REDIS_URL', 'redis://127.0.0.1:6379');
  log(
    `Starting the cluster (database ${databaseUrl.pathname.slice(1)}, synthetic sample, 2 API, 2 realtime, proxy)...`,
  );
  cluster = await startCluster({
    databaseUrl: databaseUrl.toString(),
    redisUrl,
    // Every viewer comes from this machine's one address: the realtime per-address cap must allow them.
    env: { REALTIME_MAX_CONNECTIONS_PER_ADDRESS: String(args.viewers + 100) },
    sample: true,
    dropDatabaseOnStop: true,
    logLevel: 'warn',
    onOutput,
  });
  origin = cluster.url;
  for (const p of cluster.processes) watched.push({ name: p.name, pid: () => p.pid(), shared: false });
  log(`Cluster up at ${origin} in ${((Date.now() - setupStarted) / 1000).toFixed(1)} s`);
}
// The database and Redis serve the cluster too; on a shared machine they also serve other work.
for (const [name, port] of [
  ['mariadb/mysql', 3306],
  ['redis', 6379],
] as const) {
  const pid = pidListeningOn(port);
  if (pid !== undefined) watched.push({ name, pid: () => pid, shared: true });
}

const proxyPid = watched.find((w) => w.name === 'proxy')?.pid();
const fileLimit = proxyPid ? openFileLimit(proxyPid) : undefined;
if (fileLimit !== undefined && args.viewers * 2 + 200 > fileLimit) {
  log(
    `warning: the proxy may hold ${args.viewers * 2} sockets for ${args.viewers} viewers; its open-file limit is ${fileLimit}`,
  );
}

const http = new HttpClient(origin, args.requestTimeoutS * 1000);
const originHeader = { origin: http.origin };

let stopCluster = async () => {
  if (cluster) await cluster.stop();
};
let interrupted = false;
process.on('SIGINT', () => {
  if (interrupted) {
    log('second Ctrl-C: stopping at once');
    void stopCluster().finally(() => process.exit(130));
    return;
  }
  interrupted = true;
  log('Ctrl-C: ending the load early and reporting (Ctrl-C again to stop at once)');
});

/** A set-up request (not measured): must succeed. */
const setup = setupRequests(http);

try {
  // ---- An admin to work as ----------------------------------------------------------------------
  let adminUser = args.adminUser ?? 'admin';
  let adminPassword = args.adminPassword;
  let temporaryAdmin: { sequelize: Sequelize; id: number } | undefined;
  const printed = cluster && firstAdminOf(cluster.api[0]!.output());
  if (printed) {
    adminUser = printed.username;
    adminPassword = printed.password;
  } else if (!adminPassword) {
    const sequelize = openDatabase({ url: args.databaseUrl ?? cluster!.databaseUrl });
    adminUser = `soak-${randomBytes(3).toString('hex')}`;
    adminPassword = randomPassword();
    const user = await createAdminUserService({ sequelize }).create(adminUser, adminPassword);
    temporaryAdmin = { sequelize, id: user.id };
    log(`Created the temporary admin ${adminUser} (removed at the end)`);
  }
  const removeTemporaryAdmin = async () => {
    if (!temporaryAdmin) return;
    const { sequelize, id } = temporaryAdmin;
    await sequelize.query('DELETE FROM admin_sessions WHERE user_id = ?', {
      replacements: [id],
      type: QueryTypes.DELETE,
    });
    await sequelize.query('DELETE FROM admin_users WHERE id = ?', {
      replacements: [id],
      type: QueryTypes.DELETE,
    });
    await sequelize.close();
  };
  const previousStop = stopCluster;
  stopCluster = async () => {
    await removeTemporaryAdmin().catch((error) =>
      log(`could not remove the temporary admin: ${String(error)}`),
    );
    await previousStop();
  };

  const credentials = { username: adminUser, password: adminPassword };
  const adminJar = new CookieJar();
  await setup({ method: 'POST', path: '/api/admin/login', body: credentials }, adminJar);

  // ---- What the store holds: postcodes, forces, neighbourhoods, months -------------------------
  const dates = (await setup({ method: 'GET', path: '/api/available-dates' })) as {
    dates: { date: string }[];
  };
  const forces = (await setup({ method: 'GET', path: '/api/forces' })) as {
    forces: { id: string; hasData: boolean }[];
  };
  const places: StorePlaces = {
    postcodes: [],
    forces: forces.forces.filter((f) => f.hasData).map((f) => f.id),
    neighbourhoods: [],
    months: dates.dates.map((d) => d.date),
  };
  for (const forceId of places.forces.slice(0, 4)) {
    const found = (await setup({ method: 'GET', path: `/api/forces/${forceId}/neighbourhoods` })) as {
      neighbourhoods: { id: string; hasBoundary: boolean }[];
    };
    for (const n of found.neighbourhoods.filter((x) => x.hasBoundary).slice(0, 8)) {
      places.neighbourhoods.push({ forceId, id: n.id });
    }
  }
  places.postcodes = await knownPostcodes(http, setup);
  const indexHtml = String(await setup({ method: 'GET', path: '/' }));
  const assets = assetsOf(indexHtml);
  log(
    `Store: ${places.postcodes.length} postcodes, ${places.forces.length} forces with data, ${places.neighbourhoods.length} neighbourhoods, ${places.months.length} months (${places.months.at(-1)} to ${places.months[0]}); page assets: ${assets.length}`,
  );

  // ---- Partner keys: one with room, one to drive past its daily limit ---------------------------
  const partnerCalls = Math.round(args.partnerRps * args.minutes * 60);
  const limitedCalls = Math.floor(partnerCalls / LIMITED_KEY_SHARE);
  const limit = limitedKeyAllowance(limitedCalls);
  const createKey = (name: string, dailyRateLimit: number) =>
    createPartnerKey(setup, adminJar, name, dailyRateLimit);
  const tag = randomBytes(2).toString('hex');
  const mainKey = await createKey(`soak ${tag} main`, 1_000_000);
  const limitedKey = await createKey(`soak ${tag} limited`, limit);
  log(`Partner keys: main (limit 1,000,000/day) and limited (${limit}/day for ~${limitedCalls} calls)`);

  // ---- Viewers ------------------------------------------------------------------------------------
  const errors = new Tally();
  const memory = new MemoryWatch(watched);
  memory.sample(-1, 'before');
  const originUrl = new URL(origin);
  const viewers = new ViewerPool({
    host: originUrl.hostname,
    port: Number(originUrl.port || 80),
    count: args.viewers,
    // Under HAProxy's per-address connection limit (deploy/haproxy.cfg, 500 by default).
    perAddress: 250,
    stallMs: args.stallS * 1000,
    errors,
  });
  log(`Opening ${args.viewers} clock viewers through the proxy...`);
  const ramp = await viewers.open();
  log(`${ramp.joined} of ${args.viewers} viewers joined in ${(ramp.ms / 1000).toFixed(1)} s`);

  // ---- The mixed load -------------------------------------------------------------------------------
  const loadMs = args.minutes * 60_000;
  const loadStart = Date.now();
  const setupS = (loadStart - setupStarted) / 1000;
  const stats = new RouteStats(loadStart);
  const runner = new LoadRunner(http, stats, errors, loadStart);
  const minuteOf = () => (Date.now() - loadStart) / 60_000;
  const eventLoop = monitorEventLoopDelay({ resolution: 10 });
  eventLoop.enable();
  const cpuStart = process.cpuUsage();
  const machineStart = sampleMachineCpu();
  countLogs = true;
  viewers.startMeasuring();
  memory.sample(0, '0 min');
  log(`Mixed load for ${args.minutes} min...`);

  const rng = new Rng(0x50a6);
  const searches = openLoop(args.searchRps, () => {
    const plan = drawSearch(rng, places);
    void runner.call(plan.route, {
      method: plan.method,
      path: plan.path,
      body: plan.body,
      headers: originHeader,
    });
  });
  // A visitor types into the postcode box about once for every three searches.
  const typing = openLoop(args.searchRps / 3, () => {
    const plan = drawAutocomplete(rng, places);
    void runner.call(plan.route, { method: plan.method, path: plan.path });
  });

  const partner: { main: PartnerKeyFigures; limited: PartnerKeyFigures } = {
    main: { limit: 1_000_000, calls: 0, ok: 0, intended429: 0, uncertain: 0 },
    limited: { limit, calls: 0, ok: 0, intended429: 0, uncertain: 0 },
  };
  const limitedStartDay = new Date().toISOString().slice(0, 10);
  const partnerJudge =
    (figures: PartnerKeyFigures, limited: boolean): Judge =>
    (answer) => {
      if (answer.status === 200) {
        figures.ok++;
        return 'ok';
      }
      if (limited && answer.status === 429 && codeOf(answer.body) === ' RATE_LIMITED') {
        figures.intended429++;
        return 'intended 429';
      }
      figures.uncertain++;
      return successOnly(answer);
    };
  const partners = openLoop(args.partnerRps, (i) => {
    const limited = i % LIMITED_KEY_SHARE === LIMITED_KEY_SHARE - 1;
    const figures = limited ? partner.limited : partner.main;
    figures.calls++;
    const key = limited ? limitedKey.apiKey : mainKey.apiKey;
    void runner
      .call(
        `POST /api/external/crime-search (${limited ? 'limited key' : 'main key'})`,
        {
          method: 'POST',
          path: '/api/external/crime-search',
          headers: { 'x-api-key': key },
          body: drawPartnerSearch(rng, places),
        },
        partnerJudge(figures, limited),
      )
      .then((answer) => {
        if (!answer) figures.uncertain++;
      });
  });

  // The admin: one action at a time, every adminIntervalS; signs out and in again now and then.
  let adminStep = 0;
  let adminBusy = false;
  const createdKeys: number[] = [];
  const adminCall = async (plan: PlannedRequest) => {
    const cookie = adminJar.header();
    const answer = await runner.call(plan.route, {
      method: plan.method,
      path: plan.path,
      body: plan.body,
      headers: { ...originHeader, ...(cookie ? { cookie } : {}) },
    });
    if (answer) adminJar.take(answer.headers);
    return answer;
  };
  const admin = openLoop(1 / args.adminIntervalS, () => {
    if (adminBusy) return;
    adminBusy = true;
    const n = adminStep++;
    void (async () => {
      if (n > 0 && n % RELOGIN_EVERY === 0) {
        await adminCall({ route: 'POST /api/admin/logout', method: 'POST', path: '/api/admin/logout' });
        await adminCall({
          route: 'POST /api/admin/login',
          method: 'POST',
          path: '/api/admin/login',
          body: credentials,
        });
        return;
      }
      const step = ADMIN_ROUND[n % ADMIN_ROUND.length]!;
      const plan = adminRequest(step, n, step === 'key-revoke' ? createdKeys.shift() : undefined);
      if (!plan) return;
      const answer = await adminCall(plan);
      if (step === 'key-create' && answer?.status === 201) {
        createdKeys.push((JSON.parse(answer.body) as { key: { id: number } }).key.id);
      }
    })().finally(() => {
      adminBusy = false;
    });
  });

  // A visitor opens a page: the HTML, its scripts and styles, and what the page asks the API first.
  let pageLoads = 0;
  const pages = openLoop(1 / args.pageIntervalS, () => {
    const path = UI_PAGES[pageLoads++ % UI_PAGES.length]!;
    void (async () => {
      await runner.call(`GET ${path} (page)`, { method: 'GET', path });
      await Promise.all([
        ...assets.map((asset) => runner.call('GET /assets/* (page)', { method: 'GET', path: asset })),
        runner.call('GET /api/config', { method: 'GET', path: '/api/config' }),
        runner.call('GET /api/admin/check (visitor)', { method: 'GET', path: '/api/admin/check' }),
      ]);
      if (path === '/search') {
        await Promise.all([
          runner.call('GET /api/available-dates', { method: 'GET', path: '/api/available-dates' }),
          runner.call('GET /api/forces', { method: 'GET', path: '/api/forces' }),
        ]);
      }
      // A clock page whose socket cannot connect reads the clock over HTTP instead.
      if (path === '/crime-clock')
        await runner.call('GET /api/csew-clock', { method: 'GET', path: '/api/csew-clock' });
      if (path === '/police-crime-clock') {
        await runner.call('GET /api/police-clock', { method: 'GET', path: '/api/police-clock' });
      }
    })();
  });

  // Progress each minute, memory every 10 s (and at each minute mark).
  const memoryTimer = setInterval(() => memory.sample(minuteOf()), MEMORY_SAMPLE_MS);
  let lastMinuteTotal = 0;
  let nextMark = 1;
  while (!interrupted && Date.now() - loadStart < loadMs) {
    await sleep(Math.min(1000, loadMs - (Date.now() - loadStart)));
    if (minuteOf() >= nextMark && nextMark < args.minutes) {
      memory.sample(minuteOf(), `${nextMark} min`);
      const total = stats.total();
      const kinds = errors
        .entries()
        .slice(0, 3)
        .map((e) => `${e.kind} ×${e.count}`)
        .join('; ');
      log(
        `${nextMark} min: ${total - lastMinuteTotal} requests in the last minute, ${errors.total()} errors so far${kinds ? ` (${kinds})` : ''}, ${runner.intended429} intended 429s, ${viewers.joinedNow()} viewers joined; RSS MB ${memory
          .latest()
          .map((p) => `${p.name} ${p.rssMb.toFixed(0)}`)
          .join(', ')}; load ${loadavg()[0]!.toFixed(2)}`,
      );
      lastMinuteTotal = total;
      nextMark++;
    }
  }
  for (const loop of [searches, typing, partners, admin, pages]) loop.stop();
  clearInterval(memoryTimer);
  const durationS = (Date.now() - loadStart) / 1000;
  const elapsedMinutes = minuteOf();
  await Promise.race([runner.idle(), sleep(args.requestTimeoutS * 1000 + 1000)]);
  memory.sample(elapsedMinutes, 'end');
  countLogs = false;
  const cpu = process.cpuUsage(cpuStart);
  eventLoop.disable();
  const machineBusy = machineBusyPercent(machineStart, sampleMachineCpu());
  const viewerSummary = viewers.summary();
  viewers.close();

  // The limited key must have allowed exactly its limit (the count is shared by both API nodes);
  // a run across midnight UTC starts a new day's count, so it is not judged.
  const limitProblem = dailyLimitProblem(partner.limited);
  if (limitProblem && new Date().toISOString().slice(0, 10) === limitedStartDay) {
    errors.add(
      `partner daily limit: ${limitProblem}`,
      `${partner.limited.calls} calls, ${partner.limited.intended429} refused with 429`,
    );
  }
  // Processes that died during the load.
  for (const p of cluster?.processes ?? []) {
    if (!p.running()) errors.add(`process ${p.name} exited during the soak`);
  }
  for (const [name, entry] of Object.entries(serverLogs)) {
    if (entry.error > 0) errors.add(`server logged errors: ${name}`, entry.examples[0], entry.error);
  }

  // ---- Clean up: keys revoked, admin signed out --------------------------------------------------
  for (const id of [...createdKeys, mainKey.key.id, limitedKey.key.id]) {
    await setup({ method: 'DELETE', path: `/api/admin/api-keys/${id}` }, adminJar).catch(() => {});
  }
  await setup({ method: 'POST', path: '/api/admin/logout' }, adminJar).catch(() => {});
  http.close();

  const busy = loadAverageStart[0]! > availableParallelism() / 2 || machineBusy > 60;
  const result: SoakResult = {
    command,
    startedAt: startedAt.toISOString(),
    machine: {
      cpus: availableParallelism(),
      loadAverageStart,
      loadAverageEnd: loadavg(),
      note: `Whole machine ${machineBusy.toFixed(0)} % busy during the load.${busy ? ' Shared with other work: latencies include waiting for a CPU.' : ''}`,
    },
    settings: {
      minutes: args.minutes,
      viewers: args.viewers,
      searchRps: args.searchRps,
      partnerRps: args.partnerRps,
      adminIntervalS: args.adminIntervalS,
      pageIntervalS: args.pageIntervalS,
      rssSlopeLimit: args.rssSlopeLimit,
      stallS: args.stallS,
      requestTimeoutS: args.requestTimeoutS,
    },
    cluster: { url: origin, mode: cluster ? 'started' : 'attached', setupS },
    durationS,
    http: {
      total: stats.total(),
      throughputRps: stats.total() / durationS,
      perMinute: stats.perMinute,
      routes: stats.summary(),
    },
    partner: { mainKey: partner.main, limitedKey: partner.limited },
    intended429: runner.intended429,
    errors: { total: errors.total(), byKind: errors.entries() },
    viewers: { ...viewerSummary, rampMs: ramp.ms },
    memory: memory.report(elapsedMinutes, args.rssSlopeLimit),
    serverLogs,
    generator: {
      cpuPercent: ((cpu.user + cpu.system) / 1000 / (durationS * 1000)) * 100,
      eventLoopDelayMs: {
        p50: eventLoop.percentile(50) / 1e6,
        p99: eventLoop.percentile(99) / 1e6,
        max: eventLoop.max / 1e6,
      },
    },
  };

  if (cluster) log('Stopping the cluster...');
  await stopCluster();
  log(`\n${formatSummary(result)}`);
  if (args.json) {
    writeFileSync(args.json, `${JSON.stringify({ ...result, markdown: formatMarkdown(result) }, null, 2)}\n`);
    log(`\nJSON written to ${args.json}`);
  }
  process.exit(verdictOf(result).exitCode);
} catch (error) {
  console.error(
    `The soak failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  await stopCluster().catch(() => {});
  process.exit(1);
}
