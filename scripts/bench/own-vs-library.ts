/**
 * Our own small mechanisms measured against the library or built-in that would replace each
 * (docs/benchmarks.md, "Own code against the library"; each module's header names its figure):
 *
 *   clock model's year cache (common/clock/model.ts)        against lru-cache (a dependency)
 *   London time (common/clock/london-time.ts)                against Intl.DateTimeFormat
 *   police API's token bucket (…/police-api/token-bucket.ts) against limiter's TokenBucket
 *   sign-in hash pool (api/src/security/passwords-pool.ts)   against p-limit
 *   round scheduler (server-common/scheduling/…)             against toad-scheduler
 *   area clocks' new loads (…/clocks/new-load-window.ts)    against rate-limiter-flexible
 *   request limits (api/src/security/rate-limit.ts)          against rate-limiter-flexible's Memory,
 *                                                             SQLite and MySQL limiters
 *
 * The last five are no dependencies of the product: install them outside it and name the folder.
 * The request limits run on a fresh SQLite file, and on a fresh MySQL/MariaDB database when
 * TEST_MYSQL_URL names a server (as for the integration tests).
 *
 *   npm install --prefix /tmp/own-vs-library limiter@4.1.0 p-limit@7.3.3 toad-scheduler@4.1.0 \
 *     rate-limiter-flexible@11.4.0
 *   npx tsx scripts/bench/own-vs-library.ts --libraries /tmp/own-vs-library/node_modules
 *
 * Without --libraries only the first two run. About 70 s.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { brotliCompressSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import type { Sequelize } from 'sequelize';
import { createTestDatabase, type TestDatabase } from '../../tests/support/database.ts';
import { windowCounters, type WindowCounters } from '../../api/src/db/window-counters.ts';
import { createRateLimiter, type LocalCount, type RateRule } from '../../api/src/security/rate-limit.ts';
import { createTokenBucket } from '../../api/src/police-data/police-api/token-bucket.ts';
import { createHashPool } from '../../api/src/security/passwords-pool.ts';
import { createNewLoadWindow } from '../../realtime/src/clocks/new-load-window.ts';
import { londonDateTime } from '../../common/clock/london-time.ts';
import { clockAt, createClockModel, type ClockModel } from '../../common/clock/model.ts';
import { createRoundScheduler } from '../../server-common/scheduling/round-scheduler.ts';

const { values: args } = parseArgs({
  options: { libraries: { type: 'string' }, 'year-cache': { type: 'string' } },
});

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const fixed = (n: number, digits = 1) => n.toFixed(digits);

/** Wall and CPU milliseconds of `work`. */
async function timed(work: () => Promise<unknown> | unknown): Promise<{ wallMs: number; cpuMs: number }> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  await work();
  const used = process.cpuUsage(cpu);
  return { wallMs: performance.now() - start, cpuMs: (used.user + used.system) / 1000 };
}

/** `count` runs of `work`, one after the other. */
async function sequence<T>(count: number, work: () => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let i = 0; i < count; i++) results.push(await work());
  return results;
}

/** The best wall milliseconds of each kind's `work`, the kinds taking turns `runs` times. */
async function alternated<K>(
  kinds: readonly (readonly [string, K])[],
  runs: number,
  work: (name: string, kind: K) => Promise<unknown>,
): Promise<Map<string, number>> {
  const best = new Map(kinds.map(([name]) => [name, Infinity]));
  for (let run = 0; run < runs; run++)
    for (const [name, kind] of kinds) {
      const { wallMs } = await timed(() => work(name, kind));
      best.set(name, Math.min(best.get(name)!, wallMs));
    }
  return best;
}

async function library<T>(name: string): Promise<T> {
  const folder = args.libraries!;
  const entry = createRequire(join(folder, 'package.json')).resolve(name, { paths: [folder] });
  return (await import(pathToFileURL(entry).href)) as T;
}

// --- The clock model's year cache ------------------------------------------------------------

const CATEGORIES = Array.from({ length: 12 }, (_, i) => ({
  id: `c${i}`,
  name: `Category ${i}`,
  annualCount: 100_000 * (i + 1),
  peak: { peakMultiplier: 2, offPeakMultiplier: 0.5, peakHours: [[18, 2] as const] },
}));

/**
 * In a process of its own (one kind of cache, so neither slows the other's call sites down): the
 * best of 7 runs of a million clock readings, in nanoseconds a reading.
 */
function readClocks(cache: 'own' | 'lru-cache'): number {
  const own = createClockModel(CATEGORIES);
  // The same model reading its years through lru-cache (get, set, size, keys, delete as a Map's).
  const model: ClockModel =
    cache === 'own' ? own : { ...own, years: new LRUCache<number, never>({ max: 4 }) as never };
  const start = Date.UTC(2026, 5, 1);
  const readings = 1_000_000;
  let best = Infinity;
  for (let run = 0; run < 7; run++) {
    const started = performance.now();
    let sum = 0;
    for (let i = 0; i < readings; i++) sum += clockAt(model, start + i * 17).total;
    if (!(sum > 0)) throw new Error('no readings');
    best = Math.min(best, ((performance.now() - started) * 1e6) / readings);
  }
  return best;
}

function yearCache() {
  for (const [name, cache] of [
    ['own (Map, first in first out)', 'own'],
    ['lru-cache', 'lru-cache'],
  ] as const) {
    const child = spawnSync(
      process.execPath,
      [...process.execArgv, process.argv[1]!, '--year-cache', cache],
      { encoding: 'utf8' },
    );
    if (child.status !== 0) throw new Error(child.stderr);
    console.log(
      `  ${name.padEnd(32)} ${fixed(Number(child.stdout), 0)} ns a clockAt (12 categories), best of 7`,
    );
  }
  const resolved = createRequire(import.meta.url).resolve('lru-cache');
  const browserBuild = join(
    resolved.slice(0, resolved.lastIndexOf('/dist/')),
    'dist/esm/browser/index.min.js',
  );
  console.log(
    `  lru-cache in the browser: ${fixed(brotliCompressSync(readFileSync(browserBuild)).length / 1000)} KB ` +
      `brotli (its minified browser build), on every page and embed that shows a clock`,
  );
}

// --- London time against Intl ----------------------------------------------------------------

function londonTime() {
  const intl = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  });
  const byIntl = (at: number) => {
    const part: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
    for (const { type, value } of intl.formatToParts(at)) part[type] = Number(value);
    return part;
  };
  let instants = 0;
  let differ = 0;
  for (let at = Date.UTC(1996, 0, 1); at < Date.UTC(2040, 0, 1); at += 15 * 60_000) {
    instants += 1;
    const own = londonDateTime(at);
    const other = byIntl(at);
    if (own.year !== other.year || own.month !== other.month || own.day !== other.day) differ += 1;
    else if (own.hour !== other.hour || own.minute !== other.minute) differ += 1;
  }
  console.log(
    `  every 15 minutes of 1996-2039 (${instants.toLocaleString('en-GB')} instants): ` +
      `${differ} differ from Node's Intl (ICU ${process.versions.icu}, tz ${process.versions.tz})`,
  );
  const calls = 200_000;
  for (const [name, fields] of [
    ['own (the statutory rule)', londonDateTime],
    ['Intl formatToParts', byIntl],
  ] as const) {
    const started = performance.now();
    for (let i = 0; i < calls; i++) fields(1_780_000_000_000 + i * 61_000);
    console.log(`  ${name.padEnd(32)} ${fixed(((performance.now() - started) * 1000) / calls, 2)} µs a call`);
  }
}

// --- The police API's token bucket against limiter ------------------------------------------

interface LimiterModule {
  TokenBucket: new (options: { bucketSize: number; tokensPerInterval: number; interval: number }) => {
    content: number;
    removeTokens(count: number): Promise<number>;
  };
}

async function tokenBucket() {
  const { TokenBucket } = await library<LimiterModule>('limiter');
  const perSecond = 500;
  const burst = 30;
  const callers = 1000;
  const ideal = (i: number) => (Math.max(0, i + 1 - burst) * 1000) / perSecond;
  const run = async (name: string, take: () => Promise<unknown>) => {
    const order: number[] = [];
    const lateness: number[] = [];
    let started = 0;
    const cost = await timed(async () => {
      started = performance.now();
      await Promise.all(
        Array.from({ length: callers }, async (_, i) => {
          await take();
          order.push(i);
          lateness.push(performance.now() - started - ideal(i));
        }),
      );
    });
    const outOfOrder = order.filter((caller, position) => caller !== position).length;
    const mean = lateness.reduce((sum, ms) => sum + ms, 0) / callers;
    console.log(
      `  ${name.padEnd(32)} ${callers} callers at once, ${perSecond}/s, burst ${burst}: ` +
        `${fixed(cost.wallMs, 0)} ms (ideal ${fixed(ideal(callers - 1), 0)}), ${fixed(cost.cpuMs, 0)} ms CPU, ` +
        `late by ${fixed(mean)} ms mean / ${fixed(Math.max(...lateness))} max, ${outOfOrder} out of order`,
    );
  };
  const own = createTokenBucket({ perSecond, burst });
  await run('own (borrowing ahead)', () => own.take());
  const theirs = new TokenBucket({ bucketSize: burst, tokensPerInterval: perSecond, interval: 1000 });
  theirs.content = burst; // ours starts full: the first burst goes at once
  await run('limiter TokenBucket', () => theirs.removeTokens(1));
}

// --- The sign-in hash pool against p-limit ---------------------------------------------------

interface PLimitModule {
  default: (concurrency: number) => (<T>(work: () => Promise<T>) => Promise<T>) & {
    activeCount: number;
    pendingCount: number;
  };
}

async function hashPool() {
  const pLimit = (await library<PLimitModule>('p-limit')).default;
  const BUSY = new Error('busy');
  // p-limit has no bound: the same 429 needs a look at its counts before every call.
  const bounded = (bound: number) => {
    const limit = pLimit(1);
    return <T>(work: () => Promise<T>) =>
      limit.activeCount + limit.pendingCount >= bound ? Promise.reject(BUSY) : limit(work);
  };
  type Run = (work: () => Promise<void>) => Promise<void>;
  const best = async (work: () => Promise<unknown>) =>
    Math.min(...(await sequence(5, () => timed(work))).map((t) => t.wallMs));
  // The product's bound (one hash at a time, nine waiting): 2,000 rounds of 10 at once.
  const nothing = async () => {};
  const rounds = 2000;
  const overhead = async (name: string, run: Run) => {
    const ms = await best(async () => {
      for (let round = 0; round < rounds; round++)
        await Promise.all(Array.from({ length: 10 }, () => run(nothing)));
    });
    console.log(
      `  ${name.padEnd(32)} ${fixed((ms * 1000) / (rounds * 10), 2)} µs a job (10 at once), best of 5`,
    );
  };
  // A flood: 500 sign-ins at once, each hash ~2 ms.
  const hash = () => sleep(2);
  const flood = async (name: string, run: () => Run) => {
    let refused = 0;
    const ms = await best(async () => {
      refused = 0;
      const pool = run();
      await Promise.all(Array.from({ length: 500 }, () => pool(hash).catch(() => void (refused += 1))));
    });
    console.log(
      `  ${name.padEnd(32)} flood of 500: ${refused} refused at once, last answer after ${fixed(ms, 0)} ms, best of 5`,
    );
  };
  const own = () => {
    const pool = createHashPool();
    return (work: () => Promise<void>) => pool.run(work);
  };
  await overhead('own', own());
  await overhead('p-limit + count check', bounded(10));
  await flood('own (bound 10)', own);
  await flood('p-limit + count check (10)', () => bounded(10));
  await flood('p-limit alone', () => {
    const limit = pLimit(1);
    return (work) => limit(work);
  });
}

// --- The round scheduler against toad-scheduler ----------------------------------------------

interface ToadModule {
  ToadScheduler: new () => { addSimpleIntervalJob(job: unknown): void; stop(): void };
  SimpleIntervalJob: new (
    schedule: { milliseconds: number; runImmediately?: boolean },
    task: unknown,
    options: { preventOverrun: boolean },
  ) => unknown;
  AsyncTask: new (id: string, handler: () => Promise<void>, onError: (error: Error) => void) => unknown;
}

async function roundScheduler() {
  const { ToadScheduler, SimpleIntervalJob, AsyncTask } = await library<ToadModule>('toad-scheduler');
  const intervalMs = 200;
  const pieces = 20;
  /** Work stored at random moments (a mail queued); how long each waits for a round to take it. */
  const waits = async (
    name: string,
    start: (round: () => Promise<void>) => { wake(): void; stop(): void },
  ) => {
    let storedAt: number | undefined;
    const waited: number[] = [];
    const scheduler = start(async () => {
      if (storedAt !== undefined) waited.push(performance.now() - storedAt);
      storedAt = undefined;
    });
    await sleep(50);
    for (let i = 0; i < pieces; i++) {
      await sleep(intervalMs * (0.5 + Math.random()));
      storedAt = performance.now();
      scheduler.wake();
      while (storedAt !== undefined) await sleep(1);
    }
    scheduler.stop();
    const mean = waited.reduce((sum, ms) => sum + ms, 0) / waited.length;
    console.log(
      `  ${name.padEnd(32)} interval ${intervalMs} ms: stored work waited ${fixed(mean)} ms mean, ${fixed(Math.max(...waited))} max`,
    );
  };
  await waits('own (woken when work is stored)', (round) => {
    const scheduler = createRoundScheduler({ round, intervalMs, onError: () => {} });
    scheduler.start();
    return { wake: () => scheduler.wake(), stop: () => void scheduler.stop() };
  });
  await waits('toad-scheduler (no wake)', (round) => {
    const scheduler = new ToadScheduler();
    scheduler.addSimpleIntervalJob(
      new SimpleIntervalJob(
        { milliseconds: intervalMs, runImmediately: true },
        new AsyncTask('round', round, () => {}),
        { preventOverrun: true },
      ),
    );
    return { wake: () => {}, stop: () => scheduler.stop() };
  });
}

// --- Area clocks' new loads per address against rate-limiter-flexible ------------------------

interface RateLimiterFlexibleModule {
  default: {
    RateLimiterMemory: new (options: { points: number; duration: number }) => {
      consume(key: string): Promise<unknown>;
    };
  };
}

/** The heap's growth in bytes by what `build` returns, after a full collection before and after. */
async function heapGrowth(build: () => unknown): Promise<number> {
  setFlagsFromString('--expose-gc');
  const collect = runInNewContext('gc') as () => void;
  // Twice: what the first collection frees may let the second free more.
  const gc = () => {
    collect();
    collect();
  };
  gc();
  const before = process.memoryUsage().heapUsed;
  const kept = build();
  await sleep(0); // the promises' reactions run
  gc();
  const bytes = process.memoryUsage().heapUsed - before;
  if (!kept) throw new Error('nothing kept');
  return bytes;
}

async function newLoadWindow() {
  const { RateLimiterMemory } = (await library<RateLimiterFlexibleModule>('rate-limiter-flexible')).default;
  /** A check as the area clocks would make it: ours answers at once, theirs in a promise. */
  type Spend = (address: string) => boolean | Promise<boolean>;
  const ours = (max: number, windowMs: number): Spend => {
    const window = createNewLoadWindow({ max, windowMs });
    return (address) => window.spend(address);
  };
  const theirs = (max: number, windowMs: number): Spend => {
    const limiter = new RateLimiterMemory({ points: max, duration: windowMs / 1000 });
    return (address) =>
      limiter.consume(address).then(
        () => true,
        () => false,
      );
  };
  const kinds = [
    ['own (sliding window)', ours],
    ['rate-limiter-flexible Memory', theirs],
  ] as const;
  const addresses = Array.from({ length: 10_000 }, (_, i) => `10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`);

  // 10,000 addresses, each asking 25 times for new loads (budget 20 a minute): the cost a check.
  const perCheck = await alternated(kinds, 5, async (name, create) => {
    const spend = create(20, 60_000);
    let granted = 0;
    for (let round = 0; round < 25; round++)
      for (const address of addresses) if (await spend(address)) granted += 1;
    if (granted !== 20 * addresses.length) throw new Error(`${name}: ${granted} granted`);
  });
  for (const [name, best] of perCheck)
    console.log(
      `  ${name.padEnd(32)} ${fixed((best * 1e6) / (25 * addresses.length), 0)} ns a check ` +
        `(10,000 addresses, 25 asks each, budget 20), best of 5 alternated`,
    );

  // The memory of 10,000 addresses that each loaded 1, and 20 (the budget), new areas.
  for (const [name, create] of kinds) {
    const sizes: string[] = [];
    for (const loads of [1, 20]) {
      const bytes = await heapGrowth(() => {
        const spend = create(20, 60_000);
        for (let load = 0; load < loads; load++) for (const address of addresses) void spend(address);
        return spend;
      });
      sizes.push(`${fixed(bytes / 1e6)} MB with ${loads} load${loads > 1 ? 's' : ''} each`);
    }
    console.log(`  ${name.padEnd(32)} 10,000 addresses: ${sizes.join(', ')}`);
  }

  // A client that spends one load, then the rest just before the window ends and all it may just
  // after (budget 20 a second): the most loads it gets in any one second.
  const windowMs = 1000;
  for (const [name, create] of kinds) {
    const spend = create(20, windowMs);
    const granted: number[] = [];
    const start = performance.now();
    const take = async (tries: number) => {
      for (let i = 0; i < tries; i++) if (await spend('203.0.113.7')) granted.push(performance.now());
    };
    await take(1);
    await sleep(windowMs - 50 - (performance.now() - start));
    await take(40);
    await sleep(windowMs + 50 - (performance.now() - start));
    await take(40);
    const most = Math.max(...granted.map((at) => granted.filter((t) => t >= at && t < at + windowMs).length));
    console.log(`  ${name.padEnd(32)} at most ${most} loads in any one second (budget 20 a second)`);
  }
}

// --- Request limits against rate-limiter-flexible --------------------------------------------

/** What the bench calls on rate-limiter-flexible's limiters; `consume` rejects a refusal. */
interface FlexibleLimiter {
  consume(key: string): Promise<unknown>;
  get(key: string): Promise<{ consumedPoints: number } | null>;
}
interface FlexibleOptions {
  points: number;
  duration: number;
  inMemoryBlockOnConsumed?: number;
  storeClient?: unknown;
  storeType?: string;
  dbName?: string;
  tableName?: string;
  clearExpiredByTimeout?: boolean;
}
type FlexibleClass = new (options: FlexibleOptions, ready?: (error?: Error) => void) => FlexibleLimiter;
interface RateLimiterFlexibleStores {
  default: {
    RateLimiterMemory: FlexibleClass;
    RateLimiterSQLite: FlexibleClass;
    RateLimiterMySQL: FlexibleClass;
  };
}

/** One decision: allowed or not, and how many statements reached the shared store so far. */
interface LimitUnderTest {
  consume(key: string): Promise<boolean>;
  /** Writes that reached the store for `key` (ours: counted; theirs: the points its row holds). */
  writes(key: string): Promise<number>;
}

const RATE_RULE: RateRule = { name: 'bench', limit: 10, windowMs: 60_000 };
const AT_ONCE = 50;

/** Our limiter over `counters`, counting the statements that reach them per bucket. */
function ownLimit(counters: WindowCounters): LimitUnderTest {
  const reached = new Map<string, number>();
  const counted: WindowCounters = {
    ...counters,
    hit(bucket, windowStart) {
      reached.set(bucket, (reached.get(bucket) ?? 0) + 1);
      return counters.hit(bucket, windowStart);
    },
  };
  const limiter = createRateLimiter({
    counters: counted,
    local: new LRUCache<string, LocalCount>({ max: 50_000 }),
  });
  return {
    consume: async (key) => (await limiter.consume(RATE_RULE, key)).allowed,
    writes: async (key) => reached.get(`${RATE_RULE.name}:${key}`) ?? 0,
  };
}

function flexibleLimit(limiter: FlexibleLimiter): LimitUnderTest {
  return {
    consume: (key) =>
      limiter.consume(key).then(
        () => true,
        () => false,
      ),
    writes: async (key) => (await limiter.get(key))?.consumedPoints ?? 0,
  };
}

/** A flexible limiter once its table is there. */
function ready(create: (done: (error?: Error) => void) => FlexibleLimiter): Promise<FlexibleLimiter> {
  return new Promise((resolve, reject) => {
    const limiter = create((error) => (error ? reject(error) : resolve(limiter)));
  });
}

/** The shared counts of the node's memory only (what a one-node API would need): a Map by window. */
function countsInMemory(): WindowCounters {
  const counts = new Map<string, { windowStart: number; count: number }>();
  return {
    async hit(bucket, windowStart) {
      const entry = counts.get(bucket);
      const count = entry?.windowStart === windowStart ? entry.count + 1 : 1;
      counts.set(bucket, { windowStart, count });
      return count;
    },
    async reset(bucket) {
      counts.delete(bucket);
    },
    async refund() {},
    async prune() {},
  };
}

async function rateLimits() {
  const { RateLimiterMemory, RateLimiterSQLite, RateLimiterMySQL } = (
    await library<RateLimiterFlexibleStores>('rate-limiter-flexible')
  ).default;
  const points = RATE_RULE.limit;
  const duration = RATE_RULE.windowMs / 1000;
  let run = 0;
  const fresh = (what: string) => `${what}-${run++}`;

  /** The kinds of one store, taking turns: µs a decision, exactness and writes under 50 at once. */
  const measure = async (
    store: string,
    kinds: readonly (readonly [string, LimitUnderTest])[],
    rounds: number,
  ) => {
    const allowedOfFlood = new Map(kinds.map(([name]) => [name, new Set<number>()]));
    const writesOfFloods = new Map<string, number>();
    // One key: `rounds` floods of 50 at once, each on a key of its own (limit 10).
    const oneKey = await alternated(kinds, 5, async (name, limit) => {
      for (let round = 0; round < rounds; round++) {
        const key = fresh('flood');
        const answers = await Promise.all(Array.from({ length: AT_ONCE }, () => limit.consume(key)));
        allowedOfFlood.get(name)!.add(answers.filter(Boolean).length);
      }
    });
    // Many keys: `rounds` times 50 at once, each of the 50 from another key.
    const manyKeys = await alternated(kinds, 5, async (_, limit) => {
      for (let round = 0; round < rounds; round++)
        await Promise.all(Array.from({ length: AT_ONCE }, () => limit.consume(fresh('visitor'))));
    });
    // Two floods of 50 from one key, one after the other: the writes that reached the store.
    for (const [name, limit] of kinds) {
      const key = fresh('twice');
      for (let flood = 0; flood < 2; flood++)
        await Promise.all(Array.from({ length: AT_ONCE }, () => limit.consume(key)));
      writesOfFloods.set(name, await limit.writes(key));
    }
    for (const [name] of kinds) {
      const perDecision = (ms: number) => fixed((ms * 1000) / (rounds * AT_ONCE), store === 'memory' ? 2 : 0);
      console.log(
        `  ${store.padEnd(7)} ${name.padEnd(38)} ${perDecision(oneKey.get(name)!)} µs a decision from one key, ` +
          `${perDecision(manyKeys.get(name)!)} from many (50 at once, best of 5 alternated); ` +
          `of 50 at once ${[...allowedOfFlood.get(name)!].join('/')} passed a limit of ${points}; ` +
          `two floods of 50 wrote ${writesOfFloods.get(name)} times`,
      );
    }
  };

  const theirMemory = (block: boolean) =>
    new RateLimiterMemory({ points, duration, ...(block ? { inMemoryBlockOnConsumed: points } : {}) });
  await measure(
    'memory',
    [
      ['own (node counts, Map as shared counts)', ownLimit(countsInMemory())],
      ['rate-limiter-flexible Memory', flexibleLimit(theirMemory(false))],
    ],
    200,
  );

  const onDatabase = async (db: TestDatabase, theirs: (block: boolean) => Promise<FlexibleLimiter>) => {
    await measure(
      db.dialect,
      [
        ['own (rate_limits upsert + node counts)', ownLimit(windowCounters(db.sequelize))],
        ['rate-limiter-flexible', flexibleLimit(await theirs(false))],
        ['rate-limiter-flexible + inMemoryBlock', flexibleLimit(await theirs(true))],
      ],
      20,
    );
  };
  const sqlite = await createTestDatabase('sqlite');
  try {
    // The library is handed the very connection Sequelize writes through (WAL, busy timeout).
    const connection = await (
      sqlite.sequelize as Sequelize & { connectionManager: { getConnection(o: object): Promise<unknown> } }
    ).connectionManager.getConnection({});
    await onDatabase(sqlite, (block) =>
      ready(
        (done) =>
          new RateLimiterSQLite(
            {
              points,
              duration,
              storeClient: connection,
              storeType: 'sqlite3',
              tableName: block ? 'flexible_blocking' : 'flexible',
              clearExpiredByTimeout: false,
              ...(block ? { inMemoryBlockOnConsumed: points } : {}),
            },
            done,
          ),
      ),
    );
  } finally {
    await sqlite.drop();
  }
  if (!process.env.TEST_MYSQL_URL) {
    console.log('  mysql   skipped: TEST_MYSQL_URL names no server');
    return;
  }
  const mysql = await createTestDatabase('mysql');
  try {
    const dbName = new URL(mysql.url).pathname.slice(1);
    await onDatabase(mysql, (block) =>
      ready(
        (done) =>
          new RateLimiterMySQL(
            {
              points,
              duration,
              storeClient: mysql.sequelize,
              storeType: 'sequelize',
              dbName,
              tableName: block ? 'flexible_blocking' : 'flexible',
              clearExpiredByTimeout: false,
              ...(block ? { inMemoryBlockOnConsumed: points } : {}),
            },
            done,
          ),
      ),
    );
  } finally {
    await mysql.drop();
  }

  // What each keeps in the node's memory per key: 10,000 keys counted once, less the empty limiter
  // (ours: its node counts, the product's LRU of 50,000 at most, the shared counts being rows;
  // theirs: its Memory store).
  const keys = Array.from({ length: 10_000 }, (_, i) => `key-${i}`);
  const ours = () => {
    const limiter = createRateLimiter({
      counters: { ...countsInMemory(), hit: async () => 1 },
      local: new LRUCache<string, LocalCount>({ max: 50_000 }),
    });
    return (key: string) => limiter.consume(RATE_RULE, key);
  };
  const theirs = () => {
    const limiter = theirMemory(false);
    return (key: string) => limiter.consume(key);
  };
  for (const [name, build] of [
    ['own node counts', ours],
    ['rate-limiter-flexible Memory', theirs],
  ] as const) {
    const counted = (count: number) =>
      heapGrowth(() => {
        const consume = build();
        for (const key of keys.slice(0, count)) void consume(key);
        return consume;
      });
    const empty = await counted(0);
    const full = await counted(keys.length);
    console.log(
      `  memory  ${name.padEnd(38)} ${fixed((full - empty) / keys.length, 0)} bytes a key (10,000 keys), ` +
        `${fixed(empty / 1e6, 2)} MB empty`,
    );
  }
}

const yearCacheChild = args['year-cache'];
if (yearCacheChild === 'own' || yearCacheChild === 'lru-cache') {
  process.stdout.write(String(readClocks(yearCacheChild)));
  process.exit(0);
}

console.log(`Node ${process.version}`);
console.log('clock model year cache:');
yearCache();
console.log('London time:');
londonTime();
if (args.libraries) {
  console.log('police API token bucket:');
  await tokenBucket();
  console.log('sign-in hash pool:');
  await hashPool();
  console.log('round scheduler:');
  await roundScheduler();
  console.log("area clocks' new loads per address:");
  await newLoadWindow();
  console.log('request limits (50 requests at once, limit 10 a minute):');
  await rateLimits();
} else {
  console.log(
    '(--libraries not given: the token bucket, hash pool, round scheduler, area clocks and request limits were not measured)',
  );
}
