// Import benchmark: `node --import tsx scripts/bench/import.ts [--rows 1000000] [--runs 3] [--derived] [--bounds]`
// (or `node dist/scripts/bench/import.js …` after `npm run build`: the importer as the image runs it)
// Generates one street CSV of N rows, imports it end to end (parse + insert + commit) into a fresh
// SQLite file and, when reachable, a fresh MySQL database (BENCH_MYSQL_URL, else the local server
// at mysql://root@127.0.0.1:3306/). Each run is a child process, so its peak RSS is the importer's
// alone. Prints rows/s (best and median of the runs), peak RSS and CPU time per dialect.
// `--derived` also refreshes the store's derived tables in each file's transaction, as
// `npm run import` does; without it the figure is the importer's own parse + insert speed.
// `--bounds` also measures what limits the figure on this machine: the CSV parser alone (no
// database), each database without the two search indexes on `crimes` (with `--derived`, without
// crimes_month_cell_position only: the derived tables' statements name the other), and each
// database with the file presorted by (cell, lat, lng), the order of its busiest index.
// `--drivers` instead compares two writers per database in one run, interleaved A, B, A, B: on SQLite
// node-sqlite3 (today) against better-sqlite3, on MySQL LOAD DATA from memory per batch (today)
// against one LOAD DATA per file fed from a stream (scripts/bench/import-drivers.ts).
// `--drivers --writes-only` times the two SQLite drivers' writes alone: the file is parsed into
// memory first, untimed, and its batches replayed (the bound of a writer on its own thread).
import { spawn } from 'node:child_process';
import {
  createReadStream,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase, isDatabaseReachable } from '../../api/src/db/connection.ts';
import { migrateToLatest } from '../../api/src/db/migrate.ts';
import { readCsv } from '../../api/src/police-data/import/csv/read-csv.ts';
import { streetDataset } from '../../api/src/police-data/import/datasets/street.ts';
import { importSources } from '../../api/src/police-data/import/index.ts';
import type { BulkValue } from '../../api/src/db/bulk/index.ts';
import { cellOf } from '../../common/geo/grid.ts';
import { storeDerivedTables } from '../../api/src/police-data/store-derived-tables.ts';
import { createDatabaseSql } from '../lib/create-database.ts';
import { parallelCores } from './cpu-check.ts';
import { writeStreetCsv } from './street-csv.ts';
import { runDriver, type DriverRun, type DriverVariant } from './import-drivers.ts';

interface RunResult {
  rows: number;
  ms: number;
  maxRssMb: number;
  cpuMs: number;
}

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    runs: { type: 'string', default: '3' },
    child: { type: 'string' },
    derived: { type: 'boolean', default: false },
    bounds: { type: 'boolean', default: false },
    drivers: { type: 'boolean', default: false },
    'writes-only': { type: 'boolean', default: false },
  },
});

/**
 * How a child run treats the store: as migrated, or without the search indexes on crimes (with
 * `--derived`, crimes_force_month stays: the derived tables' statements name it).
 */
type StoreVariant = 'migrated' | 'no-search-indexes';
const SEARCH_INDEXES = values.derived
  ? ['crimes_month_cell_position']
  : ['crimes_month_cell_position', 'crimes_force_month'];

/** One timed import in this process: `<database url>|<archive dir>|<store variant>`. */
async function runChild(spec: string): Promise<void> {
  const [url, dir, variant] = spec.split('|') as [string, string, StoreVariant];
  if (url.startsWith('driver:')) {
    // `driver:<variant>|<database url>|<archive dir>`
    return driverChild(url.slice('driver:'.length) as DriverVariant, dir, variant);
  }
  if (url === 'parse') return parseOnly(dir);
  const sequelize = openDatabase({ url });
  await migrateToLatest(sequelize);
  if (variant === 'no-search-indexes') {
    const on = sequelize.getDialect() === 'sqlite' ? '' : ' ON crimes';
    for (const index of SEARCH_INDEXES) await sequelize.query(`DROP INDEX ${index}${on}`);
  }
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const summary = await importSources(sequelize, [dir], {
    derivedTables: values.derived ? storeDerivedTables : [],
  });
  const ms = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  await sequelize.close();
  if (summary.filesFailed > 0) throw new Error(JSON.stringify(summary.sources[0]?.files[0]?.error));
  const result: RunResult = {
    rows: summary.rows,
    ms,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
    cpuMs: (cpu.user + cpu.system) / 1000,
  };
  console.log(JSON.stringify(result));
}

/** One writer of `--drivers`: `driver:<variant>|<database url>|<archive dir>`. */
async function driverChild(variant: DriverVariant, url: string, archive: string): Promise<void> {
  const cpuBefore = process.cpuUsage();
  const run = await runDriver(variant, url, streetCsvOf(archive));
  const cpu = process.cpuUsage(cpuBefore);
  const result: RunResult & Pick<DriverRun, 'fingerprint'> = {
    rows: run.rows,
    ms: run.ms,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
    cpuMs: (cpu.user + cpu.system) / 1000,
    fingerprint: run.fingerprint,
  };
  console.log(JSON.stringify(result));
}

/** The importer's parse and row mapping of the street file, without a database. */
async function parseOnly(dir: string): Promise<void> {
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const values: BulkValue[] = [];
  let map: ReturnType<typeof streetDataset.bind> | undefined;
  let rows = 0;
  for await (const chunk of readCsv(createReadStream(streetCsvOf(dir)))) {
    for (const record of chunk.records) {
      if (!map) {
        map = streetDataset.bind(record.fields, { forceId: 'metropolitan', month: 202401 });
        continue;
      }
      if (map(record.fields, values) === undefined) rows++;
      if (values.length >= 5000) values.length = 0;
    }
  }
  const cpu = process.cpuUsage(cpuBefore);
  const result: RunResult = {
    rows,
    ms: performance.now() - started,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
    cpuMs: (cpu.user + cpu.system) / 1000,
  };
  console.log(JSON.stringify(result));
}

const streetCsvOf = (archive: string) => join(archive, '2024-01', '2024-01-metropolitan-street.csv');

/** A copy of the archive with the street rows sorted by (cell, lat, lng); rows without a place first. */
function writePresortedArchive(archive: string, target: string): void {
  const [header, ...lines] = readFileSync(streetCsvOf(archive), 'utf8').split('\n');
  if (lines.at(-1) === '') lines.pop();
  const keyed = lines.map((line) => {
    const fields = line.split(',');
    const lng = Number(fields[4]);
    const lat = Number(fields[5]);
    const placed = fields[4] !== '' && fields[5] !== '';
    return {
      line,
      cell: (placed ? cellOf(lat, lng) : null) ?? -1,
      lat: placed ? lat : 0,
      lng: placed ? lng : 0,
    };
  });
  keyed.sort((a, b) => a.cell - b.cell || a.lat - b.lat || a.lng - b.lng);
  mkdirSync(join(target, '2024-01'), { recursive: true });
  writeFileSync(streetCsvOf(target), `${header}\n${keyed.map((k) => k.line).join('\n')}\n`);
}

function runInChild(url: string, dir: string, variant: string = 'migrated'): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      // The child runs as this script was started: from source through tsx, or from the build
      // (`node dist/scripts/bench/import.js`, as the production image runs the importer).
      [
        // V8's heap sized for memory over speed, as `npm run import` runs (package.json: its memory budget).
        '--optimize-for-size',
        ...process.execArgv,
        process.argv[1]!,
        '--child',
        `${url}|${dir}|${variant}`,
        ...(values.derived ? ['--derived'] : []),
      ],
      // One libuv pool thread and V8 sized for memory, as `npm run import` runs (api/src/police-data/import/cli/import-command.ts).
      {
        stdio: ['ignore', 'pipe', 'inherit'],
        env: { ...process.env, UV_THREADPOOL_SIZE: process.env.UV_THREADPOOL_SIZE ?? '1' },
      },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('close', (code) =>
      code === 0
        ? resolve(JSON.parse(out.trim().split('\n').at(-1)!) as RunResult)
        : reject(new Error(`run failed (${code})`)),
    );
  });
}

async function mysqlServerUrl(): Promise<string | undefined> {
  const url = process.env.BENCH_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/';
  const probe = openDatabase({ url, poolMax: 1 });
  try {
    return (await isDatabaseReachable(probe)) ? url : undefined;
  } finally {
    await probe.close();
  }
}

async function withMysqlDatabase<T>(serverUrl: string, work: (url: string) => Promise<T>): Promise<T> {
  const name = `cc_bench_${process.pid}`;
  const admin = openDatabase({ url: serverUrl, poolMax: 1 });
  await admin.query(createDatabaseSql(name));
  try {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return await work(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS \`${name}\``);
    await admin.close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const format = (n: number) => Math.round(n).toLocaleString('en-GB');

function report(label: string, results: RunResult[]): void {
  const rates = results.map((r) => (r.rows * 1000) / r.ms);
  console.log(
    `${label.padEnd(28)} ${format(results[0]!.rows).padStart(10)} rows  ` +
      `best ${format(Math.max(...rates)).padStart(8)} rows/s  median ${format(median(rates)).padStart(8)} rows/s  ` +
      `peak RSS ${format(Math.max(...results.map((r) => r.maxRssMb)))} MB  ` +
      `CPU ${(median(results.map((r) => r.cpuMs)) / 1000).toFixed(1)} s  (runs: ${rates.map(format).join(', ')}; ` +
      `CPU s ${results.map((r) => (r.cpuMs / 1000).toFixed(1)).join(', ')})`,
  );
}

async function measure(label: string, runs: number, run: (i: number) => Promise<RunResult>): Promise<void> {
  const results: RunResult[] = [];
  for (let i = 0; i < runs; i++) results.push(await run(i));
  report(label, results);
}

/** The runs of one database, for an archive and a store variant, each into a fresh store. */
function databaseRuns(dir: string, serverUrl: string | undefined, archive: string, variant: StoreVariant) {
  return {
    sqlite: async (i: number) => {
      const file = join(dir, `run-${i}.sqlite`);
      try {
        return await runInChild(`sqlite:${file}`, archive, variant);
      } finally {
        for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${file}${suffix}`, { force: true });
      }
    },
    mysql: serverUrl
      ? (_i: number) => withMysqlDatabase(serverUrl, (url) => runInChild(url, archive, variant))
      : undefined,
  };
}

async function runBenchmark(rows: number, runs: number, bounds: boolean): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'crime-clock-bench-'));
  try {
    const archive = join(dir, 'archive');
    console.log(`Generating ${format(rows)} street rows...`);
    const csv = streetCsvOf(archive);
    await writeStreetCsv(csv, rows, '2024-01', 'Metropolitan Police Service');
    const size = `${(statSync(csv).size / 1e6).toFixed(0)} MB`;
    const cores = await parallelCores();
    console.log(
      `CSV ${size}; ${runs} run(s) per database; load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}; two busy threads get ${cores.toFixed(1)} cores`,
    );

    const serverUrl = await mysqlServerUrl();
    const plain = databaseRuns(dir, serverUrl, archive, 'migrated');
    await measure('sqlite', runs, plain.sqlite);
    if (plain.mysql) await measure('mysql', runs, plain.mysql);
    else console.log('mysql   skipped: no server at BENCH_MYSQL_URL or mysql://root@127.0.0.1:3306/');

    if (bounds) {
      console.log("Bounds on this machine (not the product's path):");
      await measure('parser alone, no database', runs, () => runInChild('parse', archive));
      const bare = databaseRuns(dir, serverUrl, archive, 'no-search-indexes');
      await measure('sqlite, no search indexes', runs, bare.sqlite);
      if (bare.mysql) await measure('mysql, no search indexes', runs, bare.mysql);
      const presortedArchive = join(dir, 'presorted');
      writePresortedArchive(archive, presortedArchive);
      const presorted = databaseRuns(dir, serverUrl, presortedArchive, 'migrated');
      await measure('sqlite, presorted file', runs, presorted.sqlite);
      if (presorted.mysql) await measure('mysql, presorted file', runs, presorted.mysql);
    }
    console.log(
      `load average after: ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Today's writer and the candidate, per database, interleaved run by run in one process tree. */
async function runDrivers(rows: number, runs: number, writesOnly: boolean): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'crime-clock-bench-'));
  try {
    const archive = join(dir, 'archive');
    await writeStreetCsv(streetCsvOf(archive), rows, '2024-01', 'Metropolitan Police Service');
    const load = () =>
      loadavg()
        .map((l) => l.toFixed(1))
        .join(' ');
    console.log(
      `${format(rows)} street rows; ${runs} run(s) per writer, interleaved; load average ${load()}`,
    );
    const serverUrl = await mysqlServerUrl();
    const pairs: [
      DriverVariant,
      DriverVariant,
      ((variant: DriverVariant, i: number) => Promise<RunResult>) | undefined,
    ][] = [
      [
        writesOnly ? 'node-sqlite3-writes' : 'node-sqlite3',
        writesOnly ? 'better-sqlite3-writes' : 'better-sqlite3',
        async (variant, i) => {
          const file = join(dir, `${variant}-${i}.sqlite`);
          try {
            return await runInChild(`driver:${variant}`, `sqlite:${file}|${archive}`);
          } finally {
            for (const suffix of ['', '-wal', '-shm', '-journal'])
              rmSync(`${file}${suffix}`, { force: true });
          }
        },
      ],
      [
        'mysql-batches',
        'mysql-stream',
        serverUrl && !writesOnly
          ? (variant) =>
              withMysqlDatabase(serverUrl, (url) => runInChild(`driver:${variant}`, `${url}|${archive}`))
          : undefined,
      ],
    ];
    for (const [today, candidate, run] of pairs) {
      if (!run) {
        console.log(`${today} / ${candidate} skipped: no server`);
        continue;
      }
      const results = new Map<DriverVariant, (RunResult & { fingerprint?: string })[]>([
        [today, []],
        [candidate, []],
      ]);
      for (let i = 0; i < runs; i++) {
        for (const variant of [today, candidate]) results.get(variant)!.push(await run(variant, i));
      }
      for (const [variant, list] of results) report(variant, list);
      const prints = new Set([...results.values()].flat().map((r) => r.fingerprint));
      console.log(
        prints.size === 1
          ? '  same rows stored by both'
          : `  DIFFERENT rows stored: ${[...prints].join(' | ')}`,
      );
    }
    console.log(`load average after: ${load()}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (values.child) {
  await runChild(values.child);
} else if (values.drivers) {
  await runDrivers(Number(values.rows), Number(values.runs), values['writes-only']);
} else {
  await runBenchmark(Number(values.rows), Number(values.runs), values.bounds);
}
