/**
 * Crime search benchmark:
 *
 *   npx tsx scripts/bench/search.ts [--months 24] [--scale 100] [--dialects sqlite,mysql]
 *                                   [--work data/bench] [--runs 200] [--import-only]
 *
 * Generates the synthetic national sample (scale 100 is ~500,000 street rows a month), imports
 * it with the search aggregates into SQLite and/or MySQL (BENCH_MYSQL_URL, default
 * mysql://root@127.0.0.1:3306), then times the 1-mile radius search over 12 months at the densest
 * point and at random postcodes, through app.inject and over real HTTP, and force-wide searches;
 * prints the query plans of one densest search and the same search done the stock data.police.uk
 * way (one request per month) against a local stand-in. Generated data and stores are kept in
 * --work and reused by later runs.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Sequelize } from 'sequelize';
import { openDatabase, type Dialect } from '../../api/src/db/connection.ts';
import { migrateToLatest } from '../../api/src/db/migrate.ts';
import { importSources } from '../../api/src/police-data/import/index.ts';
import { searchDerivedTables } from '../../api/src/search/derived-tables.ts';
import { radiusArea } from '../../api/src/search/area-radius.ts';
import { MONTH_ROW_CRIMES } from '../../api/src/search/month-rows.ts';
import { num, select, withinCircleSql } from '../../api/src/search/sql.ts';
import { categoryFromCode } from '../../common/crime/categories.ts';
import { cellBounds, cellOf } from '../../common/geo/grid.ts';
import { POLICE_FORCE_IDS } from '../../common/police/forces.ts';
import { METRES_PER_MILE, cellsForCircle, type LatLng } from '../../common/search/geometry.ts';
import { addMonths, formatMonth } from '../../common/search/months.ts';
import { haversineMetres } from '../../tests/support/great-circle.ts';
import { isResolvedOutcome } from '../../tests/support/outcomes.ts';
import { generateSample } from '../data-sample/generate.ts';
import { createDatabaseSql } from '../lib/create-database.ts';
import { Rng } from '../data-sample/random.ts';
import {
  injectSearch,
  radiusSearch,
  searchApp,
  type SearchAnswer,
  type SearchBody,
} from './lib/search-app.ts';

const MILE = METRES_PER_MILE;

const { values: args } = parseArgs({
  options: {
    months: { type: 'string', default: '24' },
    scale: { type: 'string', default: '100' },
    dialects: { type: 'string', default: 'sqlite,mysql' },
    work: { type: 'string', default: 'data/bench' },
    runs: { type: 'string', default: '200' },
    'import-only': { type: 'boolean', default: false },
  },
});
const MONTHS = Number(args.months);
const SCALE = Number(args.scale);
const RUNS = Number(args.runs);
const WORK = resolve(args.work);
const DIALECTS = args.dialects.split(',').map((d) => d.trim()) as Dialect[];

function log(message: string) {
  process.stdout.write(`${message}\n`);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

interface Timing {
  name: string;
  runs: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  note?: string;
}

async function time(
  name: string,
  runs: number,
  run: (i: number) => Promise<unknown>,
  note?: string,
): Promise<Timing> {
  for (let i = 0; i < Math.min(20, runs); i++) await run(i);
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await run(i);
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const t = {
    name,
    runs,
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    p99: percentile(samples, 99),
    max: samples.at(-1)!,
    note,
  };
  log(
    `  ${name.padEnd(58)} p50 ${t.p50.toFixed(1).padStart(7)} ms  p95 ${t.p95.toFixed(1).padStart(7)} ms  p99 ${t.p99.toFixed(1).padStart(7)} ms${note ? `  (${note})` : ''}`,
  );
  return t;
}

function random(seed: number): () => number {
  const rng = new Rng(seed);
  return () => rng.next();
}

async function ensureSample(): Promise<string> {
  const dir = join(WORK, `sample-${MONTHS}m-x${SCALE}`);
  if (existsSync(join(dir, 'SYNTHETIC.txt'))) return dir;
  log(`Generating ${MONTHS} months of the national sample at scale ${SCALE} into ${dir} ...`);
  const started = performance.now();
  const summary = await generateSample({
    outDir: dir,
    months: MONTHS,
    scale: SCALE,
    forces: [...POLICE_FORCE_IDS],
  });
  log(
    `  ${summary.rows.street.toLocaleString('en-GB')} street rows in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  return dir;
}

async function openStore(
  dialect: Dialect,
  statements: string[] | undefined,
): Promise<{ sequelize: Sequelize; url: string }> {
  let url: string;
  if (dialect === 'sqlite') {
    url = `sqlite:${join(WORK, `search-${MONTHS}m-x${SCALE}.sqlite`)}`;
  } else {
    const server = process.env.BENCH_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';
    const name = `crime_clock_bench_${MONTHS}m_x${SCALE}`;
    const admin = openDatabase({ url: `${server.replace(/\/+$/, '')}/mysql`, poolMax: 1 });
    await admin.query(createDatabaseSql(name, { ifNotExists: true }));
    await admin.close();
    url = `${server.replace(/\/+$/, '')}/${name}`;
  }
  const sequelize = openDatabase({
    url,
    log: statements ? (sql) => statements.push(sql.replace(/^Executing \([^)]*\): /, '')) : undefined,
  });
  return { sequelize, url };
}

async function ensureImported(sequelize: Sequelize, sampleDir: string, dialect: Dialect) {
  await migrateToLatest(sequelize);
  const [row] = await select<{ months: unknown }>(
    sequelize,
    "SELECT COUNT(DISTINCT month) AS months FROM dataset_months WHERE dataset = 'street'",
  );
  if (num(row?.months) >= MONTHS) return;
  log(`Importing ${sampleDir} into ${dialect} (with the search aggregates) ...`);
  const started = performance.now();
  let lastReport = 0;
  const summary = await importSources(sequelize, [sampleDir], {
    derivedTables: searchDerivedTables,
    onProgress: (event) => {
      if (event.type === 'file-done' && performance.now() - lastReport > 30_000) {
        lastReport = performance.now();
        log(`  ... ${event.result.file} (${((performance.now() - started) / 1000).toFixed(0)} s)`);
      }
    },
  });
  log(
    `  ${summary.rows.toLocaleString('en-GB')} rows in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
}

/** The point with the most crimes within a mile over the latest 12 months, to the nearest postcode. */
async function densestPostcode(sequelize: Sequelize, start: number, end: number) {
  const cells = await select<{ cell: unknown; crimes: unknown }>(
    sequelize,
    `SELECT cell, SUM(${MONTH_ROW_CRIMES}) AS crimes FROM crime_cell_months
     WHERE month BETWEEN :start AND :end GROUP BY cell ORDER BY crimes DESC LIMIT 25`,
    { start, end },
  );
  let best: { centre: LatLng; crimes: number } | undefined;
  for (const c of cells) {
    const b = cellBounds(num(c.cell));
    for (const [fy, fx] of [
      [0.5, 0.5],
      [0, 0],
      [0, 1],
      [1, 0],
      [1, 1],
    ] as const) {
      const centre = {
        lat: b.minLat + fy * (b.maxLat - b.minLat),
        lng: b.minLng + fx * (b.maxLng - b.minLng),
      };
      const { counts } = await radiusArea(sequelize, centre, MILE).summary({ windowStart: start, end });
      const crimes = counts.reduce((sum, r) => sum + r.crimes, 0);
      if (!best || crimes > best.crimes) best = { centre, crimes };
    }
  }
  const near = await select<{ postcode: string; lat: number; lng: number }>(
    sequelize,
    'SELECT postcode, lat, lng FROM postcodes WHERE lat BETWEEN :minLat AND :maxLat AND lng BETWEEN :minLng AND :maxLng',
    {
      minLat: best!.centre.lat - 0.01,
      maxLat: best!.centre.lat + 0.01,
      minLng: best!.centre.lng - 0.016,
      maxLng: best!.centre.lng + 0.016,
    },
  );
  near.sort((a, b) => haversineMetres(best!.centre, a) - haversineMetres(best!.centre, b));
  if (near.length === 0) throw new Error('no postcode near the densest point');
  return { postcode: near[0]!.postcode, centre: best!.centre };
}

async function explain(sequelize: Sequelize, dialect: Dialect, statements: string[]) {
  const seen = new Set<string>();
  for (const sql of statements) {
    if (!/^\s*SELECT/i.test(sql)) continue;
    const shape = sql
      .replace(/-?\d+(\.\d+)?(e-?\d+)?/g, '?')
      .replace(/'[^']*'/g, '?')
      .replace(/\s+/g, ' ');
    if (seen.has(shape)) continue;
    seen.add(shape);
    log(
      `\n  ${sql
        .replace(/\s+/g, ' ')
        .replace(/(IN \()([^)]{60})[^)]*\)/g, '$1$2 ...)')
        .slice(0, 400)}`,
    );
    if (dialect === 'sqlite') {
      const rows = await select<{ id: number; parent: number; detail: string }>(
        sequelize,
        `EXPLAIN QUERY PLAN ${sql}`,
      );
      const depth = new Map<number, number>();
      for (const r of rows) {
        const d = (depth.get(r.parent) ?? -1) + 1;
        depth.set(r.id, d);
        log(`    ${'  '.repeat(d)}${r.detail}`);
      }
    } else {
      const rows = await select<Record<string, unknown>>(sequelize, `EXPLAIN ${sql}`);
      for (const r of rows) {
        log(
          `    ${r.select_type} ${r.table} type=${r.type} key=${r.key} key_len=${r.key_len} rows=${r.rows} ${r.Extra ?? ''}`,
        );
      }
    }
  }
}

/**
 * The stock way: data.police.uk's /crimes-street/all-crime?lat&lng&date, one request per month,
 * stats computed in the client. A local stand-in serves the exact crimes (prepared in memory
 * beforehand, so the store's speed is not what is timed).
 */
async function stockWay(sequelize: Sequelize, centre: LatLng, months: number[]) {
  const bodies = new Map<string, string>();
  const cells = cellsForCircle(centre, MILE);
  const all = [...cells.inside, ...cells.edge];
  for (const month of months) {
    const rows = await select<Record<string, unknown>>(
      sequelize,
      `SELECT id, category, crime_ref, lat, lng, street, outcome FROM crimes
       WHERE cell IN (:all) AND month = :month AND ${withinCircleSql(centre, MILE)}`,
      { all, month },
    );
    bodies.set(
      formatMonth(month),
      JSON.stringify(
        rows.map((r) => ({
          category: categoryFromCode(num(r.category))?.slug,
          location_type: 'Force',
          location: { latitude: String(r.lat), street: { id: 0, name: r.street }, longitude: String(r.lng) },
          context: '',
          outcome_status: r.outcome ? { category: r.outcome, date: formatMonth(month) } : null,
          persistent_id: r.crime_ref ?? '',
          id: num(r.id),
          location_subtype: '',
          month: formatMonth(month),
        })),
      ),
    );
  }
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stock');
    const body = bodies.get(url.searchParams.get('date') ?? '') ?? '[]';
    res.writeHead(200, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const result = await time(
    'stock way: 12 requests (one per month) + stats in client',
    20,
    async () => {
      const byCategory = new Map<string, number>();
      let resolved = 0;
      for (const month of months) {
        const response = await fetch(
          `${base}/api/crimes-street/all-crime?lat=${centre.lat}&lng=${centre.lng}&date=${formatMonth(month)}`,
        );
        const crimes = (await response.json()) as {
          category: string;
          outcome_status: { category: string } | null;
        }[];
        for (const c of crimes) {
          byCategory.set(c.category, (byCategory.get(c.category) ?? 0) + 1);
          if (isResolvedOutcome(c.outcome_status?.category)) resolved++;
        }
      }
      return [byCategory, resolved];
    },
    `${[...bodies.values()].reduce((n, b) => n + b.length, 0).toLocaleString('en-GB')} bytes of JSON`,
  );
  server.close();
  return result;
}

async function benchDialect(dialect: Dialect, sampleDir: string) {
  log(`\n=== ${dialect} ===`);
  const { sequelize: db, url } = await openStore(dialect, undefined);
  await ensureImported(db, sampleDir, dialect);
  if (args['import-only']) {
    await db.close();
    return undefined;
  }

  const [counts] = await select<{ crimes: unknown; points: unknown; cells: unknown }>(
    db,
    `SELECT (SELECT COUNT(*) FROM crimes) AS crimes, (SELECT COUNT(*) FROM crime_points) AS points,
            (SELECT COUNT(*) FROM crime_cell_months) AS cells`,
  );
  if (dialect === 'mysql') {
    const [server] = await select<{ size: unknown; version: string }>(
      db,
      'SELECT @@innodb_buffer_pool_size AS size, VERSION() AS version',
    );
    const mib = num(server?.size) / 2 ** 20;
    log(`  server: ${server?.version}, innodb_buffer_pool_size ${mib.toFixed(0)} MiB`);
    if (mib < 1024) log('  (a buffer pool this small does not hold the search tables: expect disk reads)');
  }
  log(
    `  store: ${num(counts?.crimes).toLocaleString('en-GB')} crimes, ${num(counts?.points).toLocaleString('en-GB')} point rows, ${num(counts?.cells).toLocaleString('en-GB')} cell month rows`,
  );
  const [held] = await select<{ latest: unknown }>(
    db,
    "SELECT MAX(month) AS latest FROM dataset_months WHERE dataset = 'street'",
  );
  const end = num(held?.latest);
  const start = addMonths(end, -11);

  const densest = await densestPostcode(db, start, end);
  const app = await searchApp(url, db);

  const postcodes = await select<{ postcode: string }>(
    db,
    'SELECT postcode FROM postcodes WHERE synthetic = 1 OR synthetic = 0',
  );
  const next = random(42);
  const randomPostcodes = Array.from(
    { length: RUNS },
    () => postcodes[Math.floor(next() * postcodes.length)]!.postcode,
  );
  const inject = async (payload: SearchBody) => (await injectSearch(app, payload)).json<SearchAnswer>();

  const first = await inject(radiusSearch(densest.postcode));
  log(
    `  densest point: ${densest.postcode} (${first.stats.totalCrimes?.toLocaleString('en-GB')} crimes within 1 mile over 12 months, ${formatMonth(start)} to ${formatMonth(end)})`,
  );
  const cells = cellsForCircle(densest.centre, MILE);
  log(
    `  circle cells: ${cells.inside.length} whole, ${cells.edge.length} on the edge; centre cell ${cellOf(densest.centre.lat, densest.centre.lng)}`,
  );

  const results: Timing[] = [];
  results.push(
    await time('radius 12 months, densest point, app.inject', RUNS, () =>
      inject(radiusSearch(densest.postcode)),
    ),
  );
  let randomTotal = 0;
  results.push(
    await time('radius 12 months, random postcodes, app.inject', RUNS, async (i) => {
      randomTotal +=
        (await inject(radiusSearch(randomPostcodes[i % randomPostcodes.length]!))).stats.totalCrimes ?? 0;
    }),
  );
  log(
    `    (random postcodes averaged ${Math.round(randomTotal / (RUNS + Math.min(20, RUNS))).toLocaleString('en-GB')} crimes)`,
  );
  // The other target: a one-month search (which also reads the month before, for its trend).
  const oneMonth = (postcode: string) => ({ ...radiusSearch(postcode), startMonth: 'RECENT_1_MONTH' });
  results.push(
    await time('radius 1 month, densest point, app.inject', RUNS, () => inject(oneMonth(densest.postcode))),
  );
  results.push(
    await time('radius 1 month, random postcodes, app.inject', RUNS, (i) =>
      inject(oneMonth(randomPostcodes[(i * 3) % randomPostcodes.length]!)),
    ),
  );

  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const http = async (payload: object) => {
    const res = await fetch(`${address}/api/crimes/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: address },
      body: JSON.stringify(payload),
    });
    if (res.status !== 200) throw new Error(`HTTP ${res.status}`);
    return res.json();
  };
  results.push(
    await time('radius 12 months, densest point, HTTP', RUNS, () => http(radiusSearch(densest.postcode))),
  );
  results.push(
    await time('radius 12 months, random postcodes, HTTP', RUNS, (i) =>
      http(radiusSearch(randomPostcodes[(i * 7) % randomPostcodes.length]!)),
    ),
  );
  results.push(
    await time('radius 12 months, densest point, page 50 of the incidents', Math.min(RUNS, 100), () =>
      inject({ ...radiusSearch(densest.postcode), page: 50 }),
    ),
  );

  const forceSizes = await select<{ force_id: string; crimes: unknown }>(
    db,
    `SELECT force_id, SUM(crimes) AS crimes FROM crime_force_counts WHERE month BETWEEN :start AND :end
     GROUP BY force_id ORDER BY crimes DESC`,
    { start, end },
  );
  const biggest = forceSizes[0]!.force_id;
  results.push(
    await time(`force-wide 12 months, ${biggest} (largest force)`, 50, () =>
      inject({ searchType: 'force', forceId: biggest, startMonth: 'RECENT_12_MONTHS' }),
    ),
  );
  results.push(
    await time('force-wide 12 months, every force in turn', Math.min(RUNS, 3 * forceSizes.length), (i) =>
      inject({
        searchType: 'force',
        forceId: forceSizes[i % forceSizes.length]!.force_id,
        startMonth: 'RECENT_12_MONTHS',
      }),
    ),
  );
  results.push(
    await time(`force-wide 12 months, ${biggest}, last page`, 20, async () => {
      const total = num(forceSizes[0]!.crimes);
      return inject({
        searchType: 'force',
        forceId: biggest,
        startMonth: 'RECENT_12_MONTHS',
        page: Math.ceil(total / 10),
      });
    }),
  );
  const neighbourhoods = await select<{ force_id: string; id: string }>(
    db,
    'SELECT force_id, id FROM neighbourhoods WHERE boundary IS NOT NULL',
  );
  if (neighbourhoods.length > 0) {
    results.push(
      await time('neighbourhood 12 months, random neighbourhoods', Math.min(RUNS, 100), (i) => {
        const n = neighbourhoods[Math.floor(random(i + 1)() * neighbourhoods.length)]!;
        return inject({
          searchType: 'neighbourhood',
          forceId: n.force_id,
          neighbourhoodId: n.id,
          startMonth: 'RECENT_12_MONTHS',
        });
      }),
    );
  }
  await app.close();

  const monthList = Array.from({ length: 12 }, (_, i) => addMonths(start, i));
  results.push(await stockWay(db, densest.centre, monthList));

  // The naive alternative, for scale: the same circle from the crimes rows alone (no aggregates).
  const allCells = [...cells.inside, ...cells.edge];
  results.push(
    await time('for scale: the densest circle from crime rows only (no aggregates)', 20, () =>
      select(
        db,
        `SELECT month, category, COUNT(*) AS crimes FROM crimes
         WHERE cell IN (:all) AND month IN (:months) AND ${withinCircleSql(densest.centre, MILE)}
         GROUP BY month, category`,
        { all: allCells, months: monthList },
      ),
    ),
  );

  log('\n  Query plans of one densest-point search and one force-wide search:');
  const statements: string[] = [];
  const traced = await openStore(dialect, statements);
  const app2 = await searchApp(url, traced.sequelize);
  await injectSearch(app2, radiusSearch(densest.postcode));
  await injectSearch(app2, {
    searchType: 'force',
    forceId: biggest,
    startMonth: 'RECENT_12_MONTHS',
    page: 3,
  });
  await app2.close();
  await explain(db, dialect, statements);
  await traced.sequelize.close();
  await db.close();
  return {
    dialect,
    crimes: num(counts?.crimes),
    densest: { postcode: densest.postcode, crimes: first.stats.totalCrimes },
    results,
  };
}

mkdirSync(WORK, { recursive: true });
const sampleDir = await ensureSample();
const all = [];
for (const dialect of DIALECTS) {
  const run = await benchDialect(dialect, sampleDir);
  if (run) all.push(run);
}

log('\n| Store | Measurement | p50 ms | p95 ms | p99 ms |');
log('|---|---|---:|---:|---:|');
for (const run of all) {
  for (const r of run.results) {
    log(
      `| ${run.dialect} (${(run.crimes / 1e6).toFixed(1)}M crimes) | ${r.name}${r.note ? ` (${r.note})` : ''} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} |`,
    );
  }
}
process.exit(0);
