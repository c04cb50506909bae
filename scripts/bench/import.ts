// Import benchmark: `node --import tsx scripts/bench/import.ts [--rows 1000000] [--runs 3] [--derived]`
// Generates one street CSV of N rows, imports it end to end (parse + insert + commit) into a fresh
// SQLite file and, when reachable, a fresh MySQL database (BENCH_MYSQL_URL, else the local server
// at mysql://root@127.0.0.1:3306/). Each run is a child process, so its peak RSS is the importer's
// alone. Prints rows/s (best and median of the runs), peak RSS and CPU time per dialect.
// `--derived` also refreshes the store's derived tables in each file's transaction, as
// `npm run import` does; without it the figure is the importer's own parse + insert speed.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase, isDatabaseReachable } from '../../api/src/db/connection.ts';
import { migrateToLatest } from '../../api/src/db/migrate.ts';
import { importSources } from '../../api/src/police-data/import/index.ts';
import { storeDerivedTables } from '../../api/src/police-data/store-derived-tables.ts';
import { parallelCores } from './cpu-check.ts';
import { writeStreetCsv } from './street-csv.ts';

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
  },
});

/** One timed import in this process: `<database url>|<archive dir>`. */
async function runChild(spec: string): Promise<void> {
  const [url, dir] = spec.split('|') as [string, string];
  const sequelize = openDatabase({ url });
  await migrateToLatest(sequelize);
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

function runInChild(url: string, dir: string): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'scripts/bench/import.ts',
        '--child',
        `${url}|${dir}`,
        ...(values.derived ? ['--derived'] : []),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
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
  await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
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

function report(dialect: string, results: RunResult[]): void {
  const rates = results.map((r) => (r.rows * 1000) / r.ms);
  console.log(
    `${dialect.padEnd(7)} ${format(results[0]!.rows).padStart(10)} rows  ` +
      `best ${format(Math.max(...rates)).padStart(8)} rows/s  median ${format(median(rates)).padStart(8)} rows/s  ` +
      `peak RSS ${format(Math.max(...results.map((r) => r.maxRssMb)))} MB  ` +
      `CPU ${(median(results.map((r) => r.cpuMs)) / 1000).toFixed(1)} s  (runs: ${rates.map(format).join(', ')})`,
  );
}

async function runBenchmark(rows: number, runs: number): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'crime-clock-bench-'));
  try {
    const archive = join(dir, 'archive');
    console.log(`Generating ${format(rows)} street rows...`);
    const csv = join(archive, '2024-01', '2024-01-metropolitan-street.csv');
    await writeStreetCsv(csv, rows, '2024-01', 'Metropolitan Police Service');
    const size = `${(statSync(csv).size / 1e6).toFixed(0)} MB`;
    const cores = await parallelCores();
    console.log(
      `CSV ${size}; ${runs} run(s) per database; load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}; two busy threads get ${cores.toFixed(1)} cores`,
    );

    const sqlite: RunResult[] = [];
    for (let i = 0; i < runs; i++) {
      const file = join(dir, `run-${i}.sqlite`);
      sqlite.push(await runInChild(`sqlite:${file}`, archive));
      rmSync(file, { force: true });
      rmSync(`${file}-wal`, { force: true });
      rmSync(`${file}-journal`, { force: true });
    }
    report('sqlite', sqlite);

    const serverUrl = await mysqlServerUrl();
    if (!serverUrl) {
      console.log('mysql   skipped: no server at BENCH_MYSQL_URL or mysql://root@127.0.0.1:3306/');
      return;
    }
    const mysql: RunResult[] = [];
    for (let i = 0; i < runs; i++) {
      mysql.push(await withMysqlDatabase(serverUrl, (url) => runInChild(url, archive)));
    }
    report('mysql', mysql);
    console.log(
      `load average after: ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (values.child) {
  await runChild(values.child);
} else {
  await runBenchmark(Number(values.rows), Number(values.runs));
}
