import type Database from 'better-sqlite3';
import type { BulkValue, BulkWriter, SortedInserter } from '../../../api/src/db/bulk/types.ts';
import {
  insertHead,
  onConflict,
  quote,
  SQLITE_SORTED_RUN_ROWS,
  sqliteStagingSql,
  type SqliteStagingSql,
} from '../../../api/src/db/bulk/sqlite-sql.ts';

/**
 * The SQLite bulk writer on better-sqlite3, for measuring against node-sqlite3
 * (docs/benchmarks.md, import drivers). better-sqlite3 runs each statement on the
 * calling thread, so there is no hop to libuv's pool per statement, and a prepared statement is
 * cheap to run again, so rows are bound as parameters instead of written into the SQL text.
 * Not the importer's path: its file transaction also deletes, refreshes derived tables and
 * records the month through Sequelize, whose SQLite dialect only speaks node-sqlite3.
 */
export class BetterSqliteWriter implements BulkWriter {
  private readonly statements = new Map<string, Database.Statement>();

  constructor(private readonly db: Database.Database) {}

  insert(table: string, columns: readonly string[], values: readonly BulkValue[]): Promise<void> {
    return settled(() => this.insertInto(quote(table), columns, values));
  }

  upsert(table: string, columns: readonly string[], keys: readonly string[], values: readonly BulkValue[]) {
    const suffix = ` ${onConflict(columns, keys)}`;
    // One row a statement: a VALUES list before ON CONFLICT needs SQLite's `SELECT … WHERE true`
    // detour, and single-row statements cost little when nothing crosses a thread.
    return settled(() => {
      const head = insertHead(quote(table), columns);
      const statement = this.prepare(`${head} VALUES ${placeholders(columns.length, 1)}${suffix}`);
      for (let start = 0; start < values.length; start += columns.length) {
        statement.run(bindable(values, start, columns.length));
      }
    });
  }

  sortedInserter(
    table: string,
    columns: readonly string[],
    orderBy: readonly string[],
    options: { runRows?: number } = {},
  ): SortedInserter {
    return new BetterSqliteSortedInserter(this, table, columns, orderBy, options.runRows);
  }

  /** Rows through one prepared multi-row statement per batch size; a batch's tail gets its own. */
  insertInto(target: string, columns: readonly string[], values: readonly BulkValue[]): void {
    const width = columns.length;
    const rows = values.length / width;
    const full = Math.min(rows, ROWS_PER_STATEMENT);
    const head = insertHead(target, columns);
    let start = 0;
    for (; start + full * width <= values.length && full > 0; start += full * width) {
      this.prepare(`${head} VALUES ${placeholders(width, full)}`).run(bindable(values, start, full * width));
    }
    const rest = (values.length - start) / width;
    if (rest > 0)
      this.prepare(`${head} VALUES ${placeholders(width, rest)}`).run(bindable(values, start, rest * width));
  }

  exec(sql: string): void {
    this.db.exec(sql);
  }

  private prepare(sql: string): Database.Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }
}

/** Rows a statement: ~5,000 parameters, as for node-sqlite3's literal statements. */
const ROWS_PER_STATEMENT = 400;

/** A synchronous step as the writer interface's promise, its error a rejection rather than a throw. */
function settled(step: () => void): Promise<void> {
  try {
    step();
    return Promise.resolve();
  } catch (error) {
    return Promise.reject(error as Error);
  }
}

function placeholders(columns: number, rows: number): string {
  const row = `(${new Array<string>(columns).fill('?').join(',')})`;
  return new Array<string>(rows).fill(row).join(',');
}

/**
 * The values as better-sqlite3 binds them: booleans as 1/0 (it refuses booleans), NUL removed
 * from text, as node-sqlite3's writer does, so both drivers store the same thing.
 */
function bindable(values: readonly BulkValue[], start: number, count: number): (string | number | null)[] {
  const out = new Array<string | number | null>(count);
  for (let i = 0; i < count; i++) {
    const value = values[start + i] ?? null;
    if (typeof value === 'boolean') out[i] = value ? 1 : 0;
    else if (typeof value === 'string' && value.includes('\0')) out[i] = value.replaceAll('\0', '');
    else out[i] = value;
  }
  return out;
}

/** The staging and sorted move of node-sqlite3's SqliteSortedInserter, on better-sqlite3. */
class BetterSqliteSortedInserter implements SortedInserter {
  private readonly sql: SqliteStagingSql;
  private staged = 0;
  private created = false;

  constructor(
    private readonly writer: BetterSqliteWriter,
    table: string,
    private readonly columns: readonly string[],
    orderBy: readonly string[],
    private readonly runRows = SQLITE_SORTED_RUN_ROWS,
  ) {
    this.sql = sqliteStagingSql(table, columns, orderBy);
  }

  add(values: readonly BulkValue[]): Promise<void> {
    return settled(() => this.addNow(values));
  }

  finish(): Promise<void> {
    return settled(() => {
      if (!this.created) return;
      this.move();
      this.writer.exec(this.sql.drop);
      this.created = false;
    });
  }

  private addNow(values: readonly BulkValue[]): void {
    if (values.length === 0) return;
    if (!this.created) {
      this.run(this.sql.create);
      this.created = true;
    }
    this.writer.insertInto(this.sql.staging, this.columns, values);
    this.staged += values.length / this.columns.length;
    if (this.staged >= this.runRows) this.move();
  }

  private move(): void {
    if (this.staged === 0) return;
    this.run(this.sql.move);
    this.staged = 0;
  }

  private run(statements: readonly string[]): void {
    for (const statement of statements) this.writer.exec(statement);
  }
}
