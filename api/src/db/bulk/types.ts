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
}

export interface BulkDialect {
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
