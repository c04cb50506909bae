import { Transaction, type Sequelize } from 'sequelize';
import {
  driverConnectionOf,
  type BulkDialect,
  type BulkValue,
  type BulkWriter,
  type SortedInserter,
} from './types.ts';
import { valuesList } from './row-text.ts';

/** The one node-sqlite3 call this module makes, so a replacement driver only has to offer it. */
interface SqliteDatabase {
  exec(sql: string, callback: (err: Error | null) => void): void;
}

const quote = (name: string) => `"${name}"`;

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
    return this.exec(`INSERT INTO ${quote(table)} (${columns.map(quote).join(',')}) VALUES ${list}`);
  }

  upsert(table: string, columns: readonly string[], keys: readonly string[], values: readonly BulkValue[]) {
    if (values.length === 0) return Promise.resolve();
    const list = valuesList(columns.length, values, literal);
    const updates = columns.filter((c) => !keys.includes(c)).map((c) => `${quote(c)}=excluded.${quote(c)}`);
    const action = updates.length ? `DO UPDATE SET ${updates.join(',')}` : 'DO NOTHING';
    // A VALUES list directly before ON CONFLICT is ambiguous to SQLite's parser; the SELECT with
    // `WHERE true` is the documented way round it. Column names of a bare VALUES are column1...
    const picks = columns.map((_, i) => `column${i + 1}`).join(',');
    return this.exec(
      `INSERT INTO ${quote(table)} (${columns.map(quote).join(',')}) SELECT ${picks} FROM (VALUES ${list}) WHERE true ON CONFLICT (${keys.map(quote).join(',')}) ${action}`,
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

/**
 * Rows staged in an unindexed temporary table (in memory: the connection's temp_store), then
 * moved into the real one with one `INSERT … SELECT … ORDER BY` per run. Staging costs a second
 * write, but into a table without indexes, and the move runs inside SQLite with no statement text
 * to parse; in exchange the target's indexes fill in order. Measured back to back on 1M and 2M
 * street rows: 98k → 119k and 85k → 105k rows/s (docs/benchmarks.md). Runs of 50,000 rows were
 * a little faster but pushed the importer's peak RSS past its 300 MB budget.
 */
export const SQLITE_SORTED_RUN_ROWS = 20_000;

class SqliteSortedInserter implements SortedInserter {
  private readonly staging: string;
  private readonly columnList: string;
  private staged = 0;
  private created = false;

  constructor(
    private readonly db: SqliteDatabase,
    private readonly table: string,
    private readonly columns: readonly string[],
    private readonly orderBy: readonly string[],
    private readonly runRows = SQLITE_SORTED_RUN_ROWS,
  ) {
    this.staging = quote(`staged_${table}`);
    this.columnList = columns.map(quote).join(',');
  }

  async add(values: readonly BulkValue[]): Promise<void> {
    if (values.length === 0) return;
    if (!this.created) {
      // Temporary tables belong to this connection and vanish with it, also when the import dies.
      await exec(this.db, `DROP TABLE IF EXISTS temp.${this.staging}`);
      await exec(
        this.db,
        `CREATE TEMP TABLE ${this.staging} AS SELECT ${this.columnList} FROM ${quote(this.table)} WHERE 0`,
      );
      this.created = true;
    }
    const list = valuesList(this.columns.length, values, literal);
    await exec(this.db, `INSERT INTO temp.${this.staging} (${this.columnList}) VALUES ${list}`);
    this.staged += values.length / this.columns.length;
    if (this.staged >= this.runRows) await this.move();
  }

  async finish(): Promise<void> {
    if (!this.created) return;
    await this.move();
    await exec(this.db, `DROP TABLE temp.${this.staging}`);
    this.created = false;
  }

  private async move(): Promise<void> {
    if (this.staged === 0) return;
    const order = this.orderBy.map(quote).join(',');
    await exec(
      this.db,
      `INSERT INTO ${quote(this.table)} (${this.columnList}) SELECT ${this.columnList} FROM temp.${this.staging} ORDER BY ${order}`,
    );
    await exec(this.db, `DELETE FROM temp.${this.staging}`);
    this.staged = 0;
  }
}

/**
 * Page cache of the importing connection, in KiB. With SQLite's default 2 MB a force-month's
 * transaction soon outgrows the cache: SQLite spills dirty index pages to the WAL mid-transaction
 * and reads them back (half a million page faults for 500k rows). Measured on an idle machine,
 * 500k street rows took 12.3 s with the default and 8.9 s with 32 MB; 128 MB gained only 7 % more
 * and pushed the importer past its 300 MB memory budget.
 */
const IMPORT_CACHE_KIB = 32 * 1024;

function exec(db: SqliteDatabase, sql: string): Promise<void> {
  return new Promise((resolve, reject) => db.exec(sql, (err) => (err ? reject(err) : resolve())));
}

export const sqliteBulk: BulkDialect = {
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
