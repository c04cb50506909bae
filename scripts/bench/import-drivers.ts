// The writers compared by `scripts/bench/import.ts --drivers`: one street file parsed and
// written in one transaction by today's writer and by the candidate, on each database. Only the
// parse and the write are timed, so the figure is the writer's; the importer's delete, derived
// tables and month record are left out of both.
import { createReadStream } from 'node:fs';
import Database from 'better-sqlite3';
import type { Sequelize } from 'sequelize';
import { BetterSqliteWriter } from './lib/better-sqlite-writer.ts';
import { mysqlBulk } from '../../api/src/db/bulk/mysql.ts';
import { sqliteBulk } from '../../api/src/db/bulk/sqlite.ts';
import type { BulkValue, BulkWriter } from '../../api/src/db/bulk/index.ts';
import { openDatabase } from '../../api/src/db/connection.ts';
import { migrateToLatest } from '../../api/src/db/migrate.ts';
import { streetDataset } from '../../api/src/police-data/import/datasets/street.ts';
import { loadCsv, type LoadCounts } from '../../api/src/police-data/import/load-csv.ts';

export const DRIVER_VARIANTS = [
  'node-sqlite3',
  'better-sqlite3',
  'mysql-batches',
  'mysql-stream',
  'node-sqlite3-writes',
  'better-sqlite3-writes',
] as const;
export type DriverVariant = (typeof DRIVER_VARIANTS)[number];

export interface DriverRun {
  rows: number;
  ms: number;
  /** What the table holds afterwards, to show that both writers stored the same. */
  fingerprint: string;
}

const FINGERPRINT_SQL = `SELECT COUNT(*) AS n, SUM(month) AS month, SUM(lat) AS lat, SUM(lng) AS lng,
  SUM(cell) AS cell, SUM(LENGTH(street)) AS street, SUM(LENGTH(crime_ref)) AS refs,
  COUNT(outcome) AS outcomes, SUM(LENGTH(category)) AS categories FROM crimes`;
/** SQLite stores what it is given; a driver binding 5 as 5.0 would change the stored type. */
const SQLITE_TYPES_SQL = `SELECT SUM(typeof(lat) = 'real') AS real_lat, SUM(typeof(cell) = 'integer') AS int_cell,
  SUM(typeof(month) = 'integer') AS int_month FROM crimes`;

/**
 * The batches the importer hands a writer for one file, held in memory: replayed into a writer
 * afterwards, they time its writes alone, as a writer on a thread of its own that never waited for
 * the parser would run (`--writes-only`, the bound of such a design).
 */
class RecordedWrites {
  private readonly batches: BulkValue[][] = [];
  private target?: { table: string; columns: readonly string[]; orderBy: readonly string[] };

  readonly writer: BulkWriter = {
    insert: () => Promise.reject(new Error('the street file is written through its sorted inserter')),
    upsert: () => Promise.reject(new Error('the street file has no upsert key')),
    sortedInserter: (table, columns, orderBy) => {
      this.target = { table, columns, orderBy };
      return {
        add: async (values) => void this.batches.push([...values]),
        finish: async () => undefined,
      };
    },
  };

  async replay(writer: BulkWriter): Promise<void> {
    if (!this.target) throw new Error('nothing was recorded');
    const { table, columns, orderBy } = this.target;
    const inserter = writer.sortedInserter!(table, columns, orderBy);
    for (const batch of this.batches) await inserter.add(batch);
    await inserter.finish();
  }
}

function load(csv: string, writer: BulkWriter, rowsPerStatement: number): Promise<LoadCounts> {
  const file = { forceId: 'metropolitan', month: 202401 };
  return loadCsv(
    createReadStream(csv),
    {
      table: streetDataset.table,
      columns: streetDataset.columns,
      insertOrder: streetDataset.insertOrder,
      bind: (header) => ({ map: streetDataset.bind(header, file), firstIsData: false }),
    },
    writer,
    { rowsPerStatement, problemsPerFile: 10 },
  );
}

async function migrated(url: string): Promise<Sequelize> {
  const sequelize = openDatabase({ url });
  await migrateToLatest(sequelize);
  return sequelize;
}

const rowsPerStatement = (bulk: { rowsPerStatement(columns: number): number }) =>
  bulk.rowsPerStatement(streetDataset.columns.length);

export async function runDriver(variant: DriverVariant, url: string, csv: string): Promise<DriverRun> {
  const sequelize = await migrated(url);
  const writesOnly = variant.endsWith('-writes');
  let recorded: RecordedWrites | undefined;
  let recordedRows = 0;
  if (writesOnly) {
    recorded = new RecordedWrites();
    recordedRows = (await load(csv, recorded.writer, rowsPerStatement(sqliteBulk))).rows;
  }
  /** The file's rows into `writer`: parsed now, or replayed from memory for a `-writes` variant. */
  const write = async (writer: BulkWriter): Promise<LoadCounts> => {
    if (!recorded)
      return load(csv, writer, rowsPerStatement(variant.startsWith('mysql') ? mysqlBulk : sqliteBulk));
    await recorded.replay(writer);
    return { rows: recordedRows, skipped: 0, problems: [] };
  };
  if (variant === 'better-sqlite3' || variant === 'better-sqlite3-writes') {
    await sequelize.close();
    const db = new Database(url.replace(/^sqlite:/, ''));
    try {
      // The pragmas the app's connections and the import transaction set (connection.ts, sqlite.ts).
      db.exec(
        'PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL; PRAGMA temp_store = MEMORY; PRAGMA cache_size = -32768',
      );
      const started = performance.now();
      db.exec('BEGIN IMMEDIATE');
      const counts = await write(new BetterSqliteWriter(db));
      db.exec('COMMIT');
      const ms = performance.now() - started;
      const fingerprint = JSON.stringify([
        normalised(db.prepare(FINGERPRINT_SQL).get() as Record<string, unknown>),
        db.prepare(SQLITE_TYPES_SQL).get(),
      ]);
      return { rows: counts.rows, ms, fingerprint };
    } finally {
      db.close();
    }
  }
  try {
    const sqlite = variant === 'node-sqlite3' || variant === 'node-sqlite3-writes';
    const bulk = sqlite ? sqliteBulk : mysqlBulk;
    const started = performance.now();
    const transaction = await bulk.begin(sequelize);
    const plain = bulk.writer(transaction);
    // The importer now streams; without the file loader it writes one LOAD DATA per batch, as before.
    const writer: BulkWriter =
      variant === 'mysql-batches'
        ? {
            insert: (table, columns, values) => plain.insert(table, columns, values),
            upsert: (table, columns, keys, values) => plain.upsert(table, columns, keys, values),
          }
        : plain;
    const counts = await write(writer);
    await transaction.commit();
    const ms = performance.now() - started;
    const [first] = await sequelize.query(FINGERPRINT_SQL, { plain: false, raw: true });
    const parts: unknown[] = [normalised((first as Record<string, unknown>[])[0])];
    if (sqlite) parts.push((await sequelize.query(SQLITE_TYPES_SQL, { raw: true }))[0][0]);
    return { rows: counts.rows, ms, fingerprint: JSON.stringify(parts) };
  } finally {
    await sequelize.close();
  }
}

/** MariaDB returns sums as decimal strings; numbers compare across databases and runs. */
function normalised(row: Record<string, unknown> | undefined): Record<string, number> {
  return Object.fromEntries(
    Object.entries(row ?? {}).map(([k, v]) => [k, Math.round(Number(v) * 1e4) / 1e4]),
  );
}
