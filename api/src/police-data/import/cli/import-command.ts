// `npm run import -- <folder | archive.zip | https://…/archive.zip> ... [--latest]`
// Imports data.police.uk archives (and postcode, population and neighbourhood files) into the
// store named by DATABASE_URL, migrating it first. Exit codes (docs/commands.md, "Importing police data"):
// 0 every file is in the store (imported now or unchanged since an earlier run), 2 partial (some
// files were not imported: the summary says which and why), 1 nothing imported or the command could
// not run (bad arguments, database unusable or read-only or full, another import running), 130
// stopped by Ctrl-C and 143 by SIGTERM (the run is recorded as stopped, the file under way rolled back).
// `npm run import` starts it with UV_THREADPOOL_SIZE=1 (libuv reads it before any module runs):
// node-sqlite3 runs every statement on that pool, glibc gives each pool thread its own malloc
// arena, and memory SQLite frees on one thread is not reused by the others. With the default four
// threads a 2M-row file peaked at ~409 MB; with one, at ~255 MB and no slower. It also runs node
// with --optimize-for-size: V8 otherwise lets its heap grow to ~100 MB of mostly dead row batches
// before collecting (2M rows under 200 MB with it and an 8 MB SQLite cache; docs/benchmarks.md).
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { Sequelize } from 'sequelize';
import { configOrFail, DEFAULT_POLICE_ARCHIVE_URL } from '../../../../../common/config/config.ts';
import { openDatabase } from '../../../db/connection.ts';
import { migrateToLatest } from '../../../db/migrate.ts';
import { checkDatabaseServer } from '../../../db/server-check.ts';
import { asUnwritable, StoreUnwritableError, unwritableMessage } from '../../../db/store-unwritable.ts';
import { LeaseHeldError } from '../import-lease.ts';
import { createProgressReporter, formatSummary, importSources, type ImportSummary } from '../index.ts';
import { storeDerivedTables } from '../../store-derived-tables.ts';

const EXIT_CODES = { completed: 0, partial: 2, failed: 1 } as const;
/** 128 + the signal's number, as shells report a process a signal ended. */
const SIGNAL_EXIT_CODES = { SIGINT: 130, SIGTERM: 143 } as const;

const USAGE = `Usage: npm run import -- <folder | archive.zip | https://…/archive.zip> ... [options]

Imports data.police.uk monthly archives (YYYY-MM/YYYY-MM-<force>-street.csv, -outcomes.csv,
-stop-and-search.csv), postcode CSVs (*postcode*.csv, Code-Point Open), LSOA populations
(*population*.csv) and neighbourhood boundaries (*.geojson) into DATABASE_URL.

Options:
  --latest                   also download and import ${DEFAULT_POLICE_ARCHIVE_URL}
                             (POLICE_ARCHIVE_URL overrides the address)
  --progress-interval <s>    seconds between progress lines when not on a terminal (default 5)
  -h, --help                 show this help

Exit status: 0 every file imported (or already in the store unchanged), 2 some files NOT imported
(run the same command again once mended: it brings in only what is missing), 1 nothing imported
or the command could not run (also: another import is running), 130/143 stopped by Ctrl-C/SIGTERM.`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
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

/**
 * What the command line asks for: the sources to import (`--latest`: the archive the environment
 * names, read with the rest of it by the config's schema) and how often to report progress.
 */
function readCommandLine(): { sources: string[]; latest: boolean; intervalMs: number } {
  const args = parseCommandLine();
  if (args.values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const sources = args.positionals;
  const latest = args.values.latest;
  if (sources.length === 0 && !latest) fail(USAGE);
  const intervalText = args.values['progress-interval'];
  const intervalSeconds = intervalText === undefined ? 5 : Number(intervalText);
  if (!(intervalSeconds > 0))
    fail(`--progress-interval must be a number of seconds above 0 (got ${intervalText}).`);
  return { sources, latest, intervalMs: intervalSeconds * 1000 };
}

/** The store, open and migrated; an unusable one ends the command with one clear message. */
async function openStore(databaseUrl: string, storeName: string): Promise<Sequelize> {
  let sequelize: Sequelize | undefined;
  try {
    sequelize = openDatabase({ url: databaseUrl });
    for (const note of await checkDatabaseServer(sequelize, 'import')) console.error(note);
    await migrateToLatest(sequelize);
    return sequelize;
  } catch (error) {
    await sequelize?.close().catch(() => {});
    const unwritable = asUnwritable(error);
    fail(
      unwritable
        ? unwritableMessage(unwritable.reason, storeName, unwritable.message)
        : `Cannot open or migrate the database (${storeName}): ${(error as Error).message}`,
    );
  }
}

type StopSignal = keyof typeof SIGNAL_EXIT_CODES;

/**
 * The first Ctrl-C (or SIGTERM) stops the import the honest way: the file under way is rolled
 * back, a download under way removed, and the run recorded as stopped. A second one quits at once;
 * the run then stays "running" until the next import marks it interrupted.
 */
function stopOnSignals(): { signal: AbortSignal; stoppedBy: () => StopSignal | undefined } {
  const stop = new AbortController();
  let stoppedBy: StopSignal | undefined;
  const onSignal = (signal: StopSignal) => {
    if (stoppedBy) process.exit(SIGNAL_EXIT_CODES[signal]);
    stoppedBy = signal;
    console.error(
      `\nStopping (${signal}): rolling back the file being imported. Press Ctrl-C again to quit at once.`,
    );
    stop.abort(new Error(signal === 'SIGINT' ? 'Ctrl-C' : 'SIGTERM'));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return { signal: stop.signal, stoppedBy: () => stoppedBy };
}

/**
 * The import command's composition root: the one place its store, progress reporter and stop
 * signal are built (api/src/composition.test.ts holds every other module of the importer to
 * building none), then the run and its exit status.
 */
async function main(): Promise<never> {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const commandLine = readCommandLine();
  const config = configOrFail(process.env, 'import', fail);
  const sources = [...commandLine.sources, ...(commandLine.latest ? [config.policeArchiveUrl] : [])];
  const storeName = config.databaseUrl.replace(/\/\/[^@]*@/, '//…@');
  const store = await openStore(config.databaseUrl, storeName);
  const stop = stopOnSignals();
  const reporter = createProgressReporter({
    write: (text) => process.stderr.write(text),
    tty: process.stderr.isTTY === true,
    columns: process.stderr.columns,
    intervalMs: commandLine.intervalMs,
  });

  let summary: ImportSummary;
  try {
    summary = await importSources(store, sources, {
      derivedTables: storeDerivedTables,
      signal: stop.signal,
      onProgress: (event) => reporter.onProgress(event),
      log: (message) => {
        reporter.finish();
        console.error(message);
      },
    });
  } catch (error) {
    reporter.finish();
    await store.close().catch(() => {});
    if (error instanceof LeaseHeldError) fail(error.message);
    if (error instanceof StoreUnwritableError)
      fail(unwritableMessage(error.reason, storeName, error.message));
    fail(`The import could not run: ${(error as Error).message}`);
  }
  reporter.finish();
  await store.close();

  console.log(formatSummary(summary));
  for (const source of summary.sources.filter((s) => s.offline)) {
    console.error(
      `\nThis machine is offline, so ${source.source} could not be downloaded.\n` +
        `To import the data anyway, download ${source.source} on a machine that is online, copy it here and run:\n` +
        `  npm run import -- /path/to/latest.zip        (or the unpacked folder)`,
    );
  }
  const stoppedBy = stop.stoppedBy();
  if (summary.status === 'stopped') process.exit(stoppedBy ? SIGNAL_EXIT_CODES[stoppedBy] : 1);
  process.exit(EXIT_CODES[summary.status]);
}

await main();
