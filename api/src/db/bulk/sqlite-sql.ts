/**
 * SQLite statement text shared by the two SQLite bulk writers: node-sqlite3's (sqlite.ts, the
 * importer's) and better-sqlite3's (scripts/bench/lib/better-sqlite-writer.ts, benchmark only, measured against it). Only the statements
 * live here; how rows are written into them and how they are run is each driver's own.
 */

export const quote = (name: string) => `"${name}"`;

/** `INSERT INTO <target> (<columns>)`; `target` is written as given, already quoted. */
export const insertHead = (target: string, columns: readonly string[]) =>
  `INSERT INTO ${target} (${columns.map(quote).join(',')})`;

/** The `ON CONFLICT` clause of an upsert: rows whose key exists get the other columns' new values. */
export function onConflict(columns: readonly string[], keys: readonly string[]): string {
  const updates = columns.filter((c) => !keys.includes(c)).map((c) => `${quote(c)}=excluded.${quote(c)}`);
  const action = updates.length ? `DO UPDATE SET ${updates.join(',')}` : 'DO NOTHING';
  return `ON CONFLICT (${keys.map(quote).join(',')}) ${action}`;
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

/** The statements of a sorted inserter's staging table, run in this order by either driver. */
export interface SqliteStagingSql {
  /** The staging table as statements name it (`temp."staged_<table>"`), to insert rows into. */
  readonly staging: string;
  /** Makes an empty staging table, first dropping one a failed import may have left. */
  readonly create: readonly string[];
  /** Moves the staged rows into the table in order, then empties the staging table. */
  readonly move: readonly string[];
  /** Drops the staging table. */
  readonly drop: string;
}

export function sqliteStagingSql(
  table: string,
  columns: readonly string[],
  orderBy: readonly string[],
): SqliteStagingSql {
  const name = quote(`staged_${table}`);
  const staging = `temp.${name}`;
  const columnList = columns.map(quote).join(',');
  const order = orderBy.map(quote).join(',');
  return {
    staging,
    // Temporary tables belong to the connection and vanish with it, also when the import dies.
    create: [
      `DROP TABLE IF EXISTS ${staging}`,
      `CREATE TEMP TABLE ${name} AS SELECT ${columnList} FROM ${quote(table)} WHERE 0`,
    ],
    move: [
      `INSERT INTO ${quote(table)} (${columnList}) SELECT ${columnList} FROM ${staging} ORDER BY ${order}`,
      `DELETE FROM ${staging}`,
    ],
    drop: `DROP TABLE ${staging}`,
  };
}
