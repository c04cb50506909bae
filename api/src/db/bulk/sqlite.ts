import { Transaction, type Sequelize } from 'sequelize';
import {
  driverConnectionOf,
  type BulkDialect,
  type BulkValue,
  type BulkWriter,
  type SortedInserter,
} from './types.ts';
import { valuesList } from './row-text.ts';
import {
  insertHead,
  onConflict,
  quote,
  SQLITE_SORTED_RUN_ROWS,
  sqliteStagingSql,
  type SqliteStagingSql,
} from './sqlite-sql.ts';

/** The one node-sqlite3 call this module makes, so a replacement driver only has to offer it. */
interface SqliteDatabase {
  exec(sql: string, callback: (err: Error | null) => void): void;
}

/** SQLite string literal: quotes doubled; NUL removed, since the statement text is a C string. */
function literal(value: string): string {
  const clean = value.includes('\0') ? value.replaceAll('\0', '') : value;
  return `'${clean.includes("'") ? clean.replaceAll("'", "''") : clean}'`;
}

class SqliteWriter implements BulkWriter {
  constructor(private readonly db: SqliteDatabase) {}

  insert(table: string, columns: readonly string[], values: readonly BulkValue[]): Promise<void> {
    if (values.length === 0) return Promise.resolve();
    const list = valuesList(columns.length, values, literal);
    return this.exec(`${insertHead(quote(table), columns)} VALUES ${list}`);
  }

  upsert(table: string, columns: readonly string[], keys: readonly string[], values: readonly BulkValue[]) {
    if (values.length === 0) return Promise.resolve();
    const list = valuesList(columns.length, values, literal);
    // A VALUES list directly before ON CONFLICT is ambiguous to SQLite's parser; the SELECT with
    // `WHERE true` is the documented way round it. Column names of a bare VALUES are column1...
    const picks = columns.map((_, i) => `column${i + 1}`).join(',');
    return this.exec(
      `${insertHead(quote(table), columns)} SELECT ${picks} FROM (VALUES ${list}) WHERE true ${onConflict(columns, keys)}`,
    );
  }

  sortedInserter(
    table: string,
    columns: readonly string[],
    orderBy: readonly string[],
    options: { runRows?: number } = {},
  ): SortedInserter {
    return new SqliteSortedInserter(this.db, table, columns, orderBy, options.runRows);
  }

  private exec(sql: string): Promise<void> {
    return exec(this.db, sql);
  }
}

/** Sorted inserts through a staging table (SQLITE_SORTED_RUN_ROWS tells why and how). */
class SqliteSortedInserter implements SortedInserter {
  private readonly sql: SqliteStagingSql;
  private readonly stagingInsert: string;
  private staged = 0;
  private created = false;

  constructor(
    private readonly db: SqliteDatabase,
    table: string,
    private readonly columns: readonly string[],
    orderBy: readonly string[],
    private readonly runRows = SQLITE_SORTED_RUN_ROWS,
  ) {
    this.sql = sqliteStagingSql(table, columns, orderBy);
    this.stagingInsert = insertHead(this.sql.staging, columns);
  }

  async add(values: readonly BulkValue[]): Promise<void> {
    if (values.length === 0) return;
    if (!this.created) {
      await this.run(this.sql.create);
      this.created = true;
    }
    const list = valuesList(this.columns.length, values, literal);
    await exec(this.db, `${this.stagingInsert} VALUES ${list}`);
    this.staged += values.length / this.columns.length;
    if (this.staged >= this.runRows) await this.move();
  }

  async finish(): Promise<void> {
    if (!this.created) return;
    await this.move();
    await exec(this.db, this.sql.drop);
    this.created = false;
  }

  private async move(): Promise<void> {
    if (this.staged === 0) return;
    await this.run(this.sql.move);
    this.staged = 0;
  }

  private async run(statements: readonly string[]): Promise<void> {
    for (const statement of statements) await exec(this.db, statement);
  }
}

/**
 * Page cache of the importing connection, in KiB. With SQLite's default 2 MB a force-month's
 * transaction soon outgrows the cache: SQLite spills dirty index pages to the WAL mid-transaction
 * and reads them back (half a million page faults for 500k rows). Measured on an idle machine,
 * 500k street rows took 12.3 s with the default and 8.9 s with 32 MB; 128 MB gained only 7 % more.
 * 8 MB keeps the importer under its 200 MB memory budget for a 2M-row file
 * (docs/benchmarks.md), at the speed cost measured there.
 */
const IMPORT_CACHE_KIB = 8 * 1024;

function exec(db: SqliteDatabase, sql: string): Promise<void> {
  return new Promise((resolve, reject) => db.exec(sql, (err) => (err ? reject(err) : resolve())));
}

export const sqliteBulk: BulkDialect = {
  oneWriter: true,
  // ~5,000 values a statement measured fastest: bigger statements fall out of the CPU caches.
  rowsPerStatement: (columns) => Math.max(1, Math.floor(5_000 / columns)),
  async begin(sequelize: Sequelize) {
    const transaction = await sequelize.transaction({ type: Transaction.TYPES.IMMEDIATE });
    // Sequelize gives each transaction its own connection and closes it afterwards, so this
    // setting ends with the transaction.
    await exec(driverConnectionOf<SqliteDatabase>(transaction), `PRAGMA cache_size = -${IMPORT_CACHE_KIB}`);
    return transaction;
  },
  writer: (transaction) => new SqliteWriter(driverConnectionOf<SqliteDatabase>(transaction)),
};
