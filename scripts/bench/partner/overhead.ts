/**
 * What the partner API's key check and daily limit add to a crime search:
 *
 *   npx tsx scripts/bench/partner/overhead.ts [--dialects sqlite,mysql] [--runs 2000]
 *
 * Loads the search test fixture into a fresh SQLite file (and MySQL/MariaDB at BENCH_MYSQL_URL,
 * default mysql://root@127.0.0.1:3306), builds the app as the tests do, and times the same 1-mile
 * search through app.inject, alternating the public endpoint (POST /api/crimes/search) and the
 * partner endpoint (POST /api/external/crime-search with a key). The added cost is the median of
 * the paired differences (partner minus the public request just before it), which cancels most
 * drift. Also printed: the medians of each side, the same pair with the search replaced by a
 * fixed answer on both sides (the key check and limit through the whole HTTP path, without the
 * search's noise), and the admission step alone (key lookup, origin check, atomic count).
 */
import { composeExportGate } from '../../../api/src/composition/export-gate.ts';
import { leases } from '../../../api/src/db/window-counters.ts';
import { createInFlightPerAddress } from '../../../api/src/http/in-flight-per-address.ts';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { QueryTypes, type Sequelize } from 'sequelize';
import { Value } from 'typebox/value';
import { buildAdminTestApp } from '../../../tests/support/admin-app.ts';
import type { App } from '../../../api/src/app.ts';
import { openDatabase, type Dialect } from '../../../api/src/db/connection.ts';
import { migrateToLatest } from '../../../api/src/db/migrate.ts';
import { createDatabaseSql } from '../../lib/create-database.ts';
import { createApiKeyService } from '../../../api/src/partner-api/keys/api-key-service.ts';
import { originAllowed } from '../../../api/src/partner-api/keys/domain.ts';
import { createDailyLimiter } from '../../../api/src/partner-api/limits/daily-limit.ts';
import { partnerSearchRoutes } from '../../../api/src/partner-api/search/routes.ts';
import { createExportService } from '../../../api/src/search/export-service.ts';
import { PartnerSearchResponse } from '../../../common/contracts/partner.ts';
import { CENTRE_POSTCODE, loadFixture } from '../../../tests/support/search-fixture.ts';

const { values: args } = parseArgs({
  options: {
    dialects: { type: 'string', default: 'sqlite,mysql' },
    runs: { type: 'string', default: '2000' },
    // Applies on the app's SQLite connection the settings api/src/db/connection.ts means to apply
    // (WAL, synchronous=NORMAL) but whose afterConnect hook Sequelize's SQLite dialect never runs.
    'sqlite-wal': { type: 'boolean', default: false },
  },
});
const RUNS = Number(args.runs);
const DIALECTS = args.dialects.split(',').map((d) => d.trim()) as Dialect[];
const QUERY = { postcode: CENTRE_POSTCODE, radius: 1, startMonth: 'RECENT_3_MONTHS', endMonth: '' };
const STUB_PREFIX = '/stub-api';

const log = (message: string) => process.stdout.write(`${message}\n`);
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const ms = (value: number) => `${value.toFixed(3)} ms`;

async function openStore(
  dialect: Dialect,
): Promise<{ url: string; sequelize: Sequelize; drop: () => Promise<void> }> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'crime-clock-bench-partner-'));
    const url = `sqlite:${join(dir, 'bench.sqlite')}`;
    const sequelize = openDatabase({ url });
    return {
      url,
      sequelize,
      drop: async () => (await sequelize.close(), rmSync(dir, { recursive: true, force: true })),
    };
  }
  const server = process.env.BENCH_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';
  const name = `cc_bench_partner_${randomBytes(4).toString('hex')}`;
  const admin = openDatabase({ url: server, poolMax: 1 });
  await admin.query(createDatabaseSql(name));
  await admin.close();
  const parsed = new URL(server);
  parsed.pathname = `/${name}`;
  const url = parsed.toString();
  const sequelize = openDatabase({ url });
  return {
    url,
    sequelize,
    drop: async () => {
      await sequelize.close();
      const again = openDatabase({ url: server, poolMax: 1 });
      await again.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await again.close();
    },
  };
}

type Inject = () => Promise<{ statusCode: number; body: string }>;

/**
 * Times `base` and `partner` back to back RUNS times, alternating which goes first so neither
 * always runs on a warmer cache; `added` holds the paired differences.
 */
async function paired(base: Inject, partner: Inject) {
  for (let i = 0; i < 50; i++) {
    await base();
    await partner();
  }
  const result = { base: [] as number[], partner: [] as number[], added: [] as number[] };
  for (let i = 0; i < RUNS; i++) {
    const order = i % 2 === 0 ? [base, partner] : [partner, base];
    const times: number[] = [];
    for (const run of order) {
      const started = performance.now();
      const res = await run();
      times.push(performance.now() - started);
      if (res.statusCode !== 200) throw new Error(`HTTP ${res.statusCode}: ${res.body}`);
    }
    const [b, p] = i % 2 === 0 ? [times[0]!, times[1]!] : [times[1]!, times[0]!];
    result.base.push(b);
    result.partner.push(p);
    result.added.push(p - b);
  }
  return result;
}

async function bench(dialect: Dialect) {
  const store = await openStore(dialect);
  try {
    await migrateToLatest(store.sequelize);
    await loadFixture(store.sequelize);
    let setup = '';
    if (dialect === 'sqlite') {
      if (args['sqlite-wal']) {
        await store.sequelize.query('PRAGMA journal_mode = WAL');
        await store.sequelize.query('PRAGMA synchronous = NORMAL');
      }
      const [mode] = await store.sequelize.query<{ journal_mode: string }>('PRAGMA journal_mode', {
        type: QueryTypes.SELECT,
      });
      const [sync] = await store.sequelize.query<{ synchronous: number }>('PRAGMA synchronous', {
        type: QueryTypes.SELECT,
      });
      setup = ` (journal_mode=${mode!.journal_mode}, synchronous=${['OFF', 'NORMAL', 'FULL', 'EXTRA'][sync!.synchronous]})`;
    } else {
      const [row] = await store.sequelize.query<{ value: string }>(
        'SELECT @@innodb_flush_log_at_trx_commit AS value',
        { type: QueryTypes.SELECT },
      );
      setup = ` (innodb_flush_log_at_trx_commit=${row!.value})`;
    }
    const { app }: { app: App } = await buildAdminTestApp({
      sequelize: store.sequelize,
      databaseUrl: store.url,
    });
    const keys = createApiKeyService({ sequelize: store.sequelize });
    const { apiKey } = await keys.create({ name: 'Benchmark', dailyRateLimit: 1_000_000 });

    const publicSearch = () =>
      app.inject({
        method: 'POST',
        url: '/api/crimes/search',
        headers: { origin: 'http://localhost' },
        payload: { searchType: 'radius', ...QUERY },
      });
    const partnerSearch = () =>
      app.inject({
        method: 'POST',
        url: '/api/external/crime-search',
        headers: { 'x-api-key': apiKey },
        payload: QUERY,
      });

    const first = [await publicSearch(), await partnerSearch()];
    if (first.some((r) => r.statusCode !== 200) || first[0]!.body !== first[1]!.body) {
      throw new Error(
        `The two endpoints do not answer the same: ${first.map((r) => r.statusCode).join(', ')}`,
      );
    }
    const real = await paired(publicSearch, partnerSearch);

    // The same comparison with the search replaced by a fixed answer on both sides: what remains
    // is the key check and the limit through the whole HTTP path, without the search's own noise.
    const { app: stubApp }: { app: App } = await buildAdminTestApp({
      sequelize: store.sequelize,
      databaseUrl: store.url,
      extraPlugins: async (built) => {
        const answer: unknown = JSON.parse(first[0]!.body);
        if (!Value.Check(PartnerSearchResponse, answer))
          throw new Error('the search answered off its contract');
        const stub = {
          search: async () => answer,
          searchAll: () => Promise.reject(new Error('not measured')),
        };
        built.post('/api/stub-search', async () => stub.search());
        // The app already serves the real partner route under /api; the stubbed one gets its own prefix.
        await built.register(partnerSearchRoutes, {
          prefix: STUB_PREFIX,
          search: stub,
          exports: createExportService(stub),
          keys: createApiKeyService({ sequelize: store.sequelize }),
          limiter: createDailyLimiter({ sequelize: store.sequelize }),
          exportGate: composeExportGate({
            atOnce: 1,
            perAddress: 1,
            leases: leases(store.sequelize),
            addressHash: built.addressHash,
          }),
          searches: createInFlightPerAddress({
            leases: leases(store.sequelize),
            addressHash: built.addressHash,
            name: 'bench-search',
            perAddress: 1000,
            refusal: { code: 'TOO_MANY_AT_ONCE', what: 'searches', retryAfterSeconds: 1 },
          }),
        });
      },
    });
    const stubbed = await paired(
      () =>
        stubApp.inject({
          method: 'POST',
          url: '/api/stub-search',
          headers: { origin: 'http://localhost' },
          payload: QUERY,
        }),
      () =>
        stubApp.inject({
          method: 'POST',
          url: `${STUB_PREFIX}/external/crime-search`,
          headers: { 'x-api-key': apiKey },
          payload: QUERY,
        }),
    );
    await stubApp.close();

    // The admission step alone, as the route runs it.
    const limiter = createDailyLimiter({ sequelize: store.sequelize });
    const admission: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      const key = await keys.authenticate(apiKey);
      originAllowed(key.domain, undefined);
      const decision = await limiter.consume(key.id, key.dailyRateLimit);
      if (!decision.allowed) throw new Error('limit reached during the benchmark');
      admission.push(performance.now() - started);
    }

    log(`\n${dialect}${setup}: ${RUNS} paired requests, 1-mile search around ${CENTRE_POSTCODE}, 3 months`);
    log(`  public search   median ${ms(median(real.base))}  p95 ${ms(percentile(real.base, 95))}`);
    log(`  partner search  median ${ms(median(real.partner))}  p95 ${ms(percentile(real.partner, 95))}`);
    log(
      `  added per request (paired difference)  median ${ms(median(real.added))}  p95 ${ms(percentile(real.added, 95))}`,
    );
    log(
      `  added with the search stubbed on both sides  median ${ms(median(stubbed.added))}  p95 ${ms(percentile(stubbed.added, 95))}`,
    );
    log(
      `  admission alone (key lookup + origin check + atomic count)  median ${ms(median(admission))}  p95 ${ms(percentile(admission, 95))}`,
    );
    const verdict = median(real.added) < 1 ? 'under' : 'OVER';
    log(`  => ${verdict} the 1 ms target`);
    await app.close();
    return median(real.added);
  } finally {
    await store.drop();
  }
}

let worst = 0;
for (const dialect of DIALECTS) worst = Math.max(worst, await bench(dialect));
process.exitCode = worst < 1 ? 0 : 1;
