/**
 * A national month imported into a fresh store, and where the time goes:
 *
 *   npx tsx scripts/bench/import-month.ts --month <folder of one month's CSV files> [--url sqlite:<file>]
 *
 * e.g. a month of the national sample that scripts/bench/search.ts generates
 * (/tmp/search-work/sample-24m-x100/2025-09: street, outcomes and stop-and-search of 45 forces).
 * Migrates a new store (a temporary SQLite file unless --url names one, which must be empty),
 * imports the folder as `npm run import` does (with the derived tables, one thread in libuv's
 * pool), and prints the wall time, rows/s, peak RSS and the seconds spent in each statement that
 * refreshes a derived table (Sequelize's own timing of each statement; the bulk loads of the rows
 * go round Sequelize and are what is left of the wall time).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../../api/src/db/connection.ts';
import { migrateToLatest } from '../../api/src/db/migrate.ts';
import { importSources } from '../../api/src/police-data/import/index.ts';
import { storeDerivedTables } from '../../api/src/police-data/store-derived-tables.ts';

const { values: args } = parseArgs({
  options: { month: { type: 'string' }, url: { type: 'string' } },
});
if (!args.month) throw new Error('--month <folder> is required');
if (process.env.UV_THREADPOOL_SIZE !== '1') {
  throw new Error('run with UV_THREADPOOL_SIZE=1, as `npm run import` does');
}

const dir = args.url ? undefined : mkdtempSync(join(tmpdir(), 'cc-import-month-'));
const url = args.url ?? `sqlite:${join(dir!, 'store.sqlite')}`;
const sequelize = openDatabase({ url });
await migrateToLatest(sequelize);

const byStatement = new Map<string, { ms: number; count: number }>();
// Sequelize's timing of each statement, switched on after the migrations (openDatabase does not
// offer it: the product has no use for it).
const options = (sequelize as unknown as { options: { benchmark?: boolean; logging?: unknown } }).options;
options.benchmark = true;
options.logging = (line: string, ms: number) => {
  const sql = line.replace(/^Executed \([^)]*\): /, '').replace(/\s+/g, ' ');
  const derived = /^(INSERT INTO \w+|DELETE FROM \w+)/.exec(sql);
  const key = derived ? derived[1]! : sql.startsWith('COMMIT') ? 'COMMIT' : 'other statements';
  const entry = byStatement.get(key) ?? { ms: 0, count: 0 };
  entry.ms += ms;
  entry.count += 1;
  byStatement.set(key, entry);
};

const started = performance.now();
const summary = await importSources(sequelize, [args.month], { derivedTables: storeDerivedTables });
const seconds = (performance.now() - started) / 1000;
await sequelize.close();
if (dir) rmSync(dir, { recursive: true, force: true });

const rows = summary.rows;
process.stdout.write(
  `${summary.filesImported} files, ${rows.toLocaleString('en-GB')} rows in ${seconds.toFixed(1)} s ` +
    `(${Math.round(rows / seconds).toLocaleString('en-GB')} rows/s), peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MB\n`,
);
let accounted = 0;
for (const [key, { ms, count }] of [...byStatement].sort((a, b) => b[1].ms - a[1].ms)) {
  accounted += ms;
  process.stdout.write(`  ${(ms / 1000).toFixed(2).padStart(6)} s  ${String(count).padStart(5)} x  ${key}\n`);
}
process.stdout.write(
  `  ${(seconds - accounted / 1000).toFixed(2).padStart(6)} s           the rest: parsing and the bulk loads of the rows\n`,
);
if (summary.filesFailed > 0) {
  process.stdout.write(`${summary.filesFailed} file(s) not imported\n`);
  process.exitCode = 1;
}
