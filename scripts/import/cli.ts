// `npm run import -- <folder | archive.zip | https://…/archive.zip> ... [--latest]`
// Imports data.police.uk archives (and postcode, population and neighbourhood files) into the
// store named by DATABASE_URL, migrating it first. Exit codes (README, "Importing police data"):
// 0 every file is in the store (imported now or unchanged since an earlier run), 2 partial (some
// files were not imported: the summary says which and why), 1 nothing imported or the command could
// not run (bad arguments, database unusable), 130 stopped by Ctrl-C.
// `npm run import` starts it with UV_THREADPOOL_SIZE=1 (libuv reads it before any module runs):
// node-sqlite3 runs every statement on that pool, glibc gives each pool thread its own malloc
// arena, and memory SQLite frees on one thread is not reused by the others. With the default four
// threads a 2M-row file peaked at ~409 MB; with one, at ~255 MB and no slower.
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { configOrFail } from '../../common/config/config.ts';
import { openDatabase } from '../../api/src/db/connection.ts';
import { migrateToLatest } from '../../api/src/db/migrate.ts';
import { checkDatabaseServer } from '../../api/src/db/server-check.ts';
import {
  createProgressReporter,
  formatSummary,
  importSources,
} from '../../api/src/police-data/import/index.ts';
import { storeDerivedTables } from '../../api/src/police-data/store-derived-tables.ts';

const EXIT_CODES = { completed: 0, partial: 2, failed: 1 } as const;

const LATEST_ARCHIVE = 'https://data.police.uk/data/archive/latest.zip';

const USAGE = `Usage: npm run import -- <folder | archive.zip | https://…/archive.zip> ... [options]

Imports data.police.uk monthly archives (YYYY-MM/YYYY-MM-<force>-street.csv, -outcomes.csv,
-stop-and-search.csv), postcode CSVs (*postcode*.csv, Code-Point Open), LSOA populations
(*population*.csv) and neighbourhood boundaries (*.geojson) into DATABASE_URL.

Options:
  --latest                   also download and import ${LATEST_ARCHIVE}
                             (POLICE_ARCHIVE_URL overrides the address)
  --progress-interval <s>    seconds between progress lines when not on a terminal (default 5)
  -h, --help                 show this help

Exit status: 0 every file imported (or already in the store unchanged), 2 some files NOT imported
(run the same command again once mended: it brings in only what is missing), 1 nothing imported
or the command could not run.`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function archiveUrl(): string {
  const value = process.env.POLICE_ARCHIVE_URL?.trim() || LATEST_ARCHIVE;
  if (!/^https?:\/\//.test(value))
    fail(`POLICE_ARCHIVE_URL="${value}" must be an http(s) URL of a zip archive.`);
  return value;
}

function parseCommandLine() {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        latest: { type: 'boolean', default: false },
        'progress-interval': { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    fail(`${(error as Error).message}\n\n${USAGE}`);
  }
}

if (existsSync('.env')) process.loadEnvFile('.env');
const args = parseCommandLine();
if (args.values.help) {
  console.log(USAGE);
  process.exit(0);
}
const sources = [...args.positionals, ...(args.values.latest ? [archiveUrl()] : [])];
if (sources.length === 0) fail(USAGE);
const intervalText = args.values['progress-interval'];
const intervalSeconds = intervalText === undefined ? 5 : Number(intervalText);
if (!(intervalSeconds > 0))
  fail(`--progress-interval must be a number of seconds above 0 (got ${intervalText}).`);

const config = configOrFail(process.env, 'import', fail);
const sequelize = openDatabase({ url: config.databaseUrl });
try {
  for (const note of await checkDatabaseServer(sequelize, 'import')) console.error(note);
  await migrateToLatest(sequelize);
} catch (error) {
  await sequelize.close().catch(() => {});
  fail(
    `Cannot open or migrate the database (${config.databaseUrl.replace(/\/\/[^@]*@/, '//…@')}): ${(error as Error).message}`,
  );
}

process.once('SIGINT', () => {
  console.error(
    '\nStopped. The file being imported was rolled back; everything before it is kept. Run the same command again to finish.',
  );
  process.exit(130);
});

const reporter = createProgressReporter({
  write: (text) => process.stderr.write(text),
  tty: process.stderr.isTTY === true,
  columns: process.stderr.columns,
  intervalMs: intervalSeconds * 1000,
});
const summary = await importSources(sequelize, sources, {
  derivedTables: storeDerivedTables,
  onProgress: (event) => reporter.onProgress(event),
  log: (message) => {
    reporter.finish();
    console.error(message);
  },
});
reporter.finish();
await sequelize.close();

console.log(formatSummary(summary));
for (const source of summary.sources.filter((s) => s.offline)) {
  console.error(
    `\nThis machine is offline, so ${source.source} could not be downloaded.\n` +
      `To import the data anyway, download ${source.source} on a machine that is online, copy it here and run:\n` +
      `  npm run import -- /path/to/latest.zip        (or the unpacked folder)`,
  );
}
process.exit(EXIT_CODES[summary.status]);
