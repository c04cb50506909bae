import type { Sequelize, Transaction } from 'sequelize';

/** A value the bulk writers store; booleans become 1/0. */
export type BulkValue = string | number | boolean | null;

export interface BulkWriter {
  /** Appends rows; `values` holds whole rows of `columns.length` values, one row after another. */
  insert(table: string, columns: readonly string[], values: readonly BulkValue[]): Promise<void>;
  /** Inserts rows, replacing the other columns of rows whose key already exists. */
  upsert(
    table: string,
    columns: readonly string[],
    keyColumns: readonly string[],
    values: readonly BulkValue[],
  ): Promise<void>;
  /**
   * Where the store gains from it, an inserter that writes rows into `table` sorted by
   * `orderBy`, run by run, so that an index starting with those columns fills page after page
   * instead of at random places. Rows are in the table once `finish()` has resolved.
   */
  sortedInserter?(
    table: string,
    columns: readonly string[],
    orderBy: readonly string[],
    options?: { runRows?: number },
  ): SortedInserter;
  /**
   * Where the store gains from it, one statement for all plain rows of a file, fed while the file
   * is read. Rows are in the table once `finish()` has resolved.
   */
  fileLoader?(table: string, columns: readonly string[]): SortedInserter;
}

export interface SortedInserter {
  /** Adds rows (whole rows of the inserter's columns, one after another). */
  add(values: readonly BulkValue[]): Promise<void>;
  /** Writes what is still held back. */
  finish(): Promise<void>;
  /**
   * Stops without finishing, when the file fails half way, so that the transaction can roll back
   * (a statement still reading rows would hold the connection).
   */
  abort?(): Promise<void>;
}

export interface BulkDialect {
  /**
   * One write transaction excludes every other writer of the store until it ends (SQLite): what
   * must be written meanwhile, such as the import lease's heartbeat, goes through it.
   */
  oneWriter: boolean;
  /** The number of rows per statement that measured fastest for this many columns. */
  rowsPerStatement(columns: number): number;
  /** Starts a transaction suited to one long write (on SQLite, takes the write lock at once). */
  begin(sequelize: Sequelize): Promise<Transaction>;
  writer(transaction: Transaction): BulkWriter;
}

/** The raw driver connection Sequelize holds for a transaction. */
export function driverConnectionOf<T>(transaction: Transaction): T {
  const connection = (transaction as unknown as { connection?: T }).connection;
  if (!connection) throw new Error('The transaction holds no connection');
  return connection;
}
