import { createRequire } from 'node:module';
import Database from 'better-sqlite3';
import { QueryTypes, type Sequelize } from 'sequelize';
import type * as SequelizeSql from 'sequelize/lib/utils/sql';

// Sequelize's own formatting of replacements, so both paths read the same SQL. A CommonJS module
// whose names Node's ESM loader cannot see, hence require.
const { injectReplacements } = createRequire(import.meta.url)(
  'sequelize/lib/utils/sql',
) as typeof SequelizeSql;
type AbstractDialect = Parameters<typeof injectReplacements>[1];

/**
 * Reads of an SQLite file whose cost is bounded (a radius search's statements: search/sql.ts
 * `selectBounded`) go through a read-only better-sqlite3 connection of their own: they then cost
 * what SQLite costs, without node-sqlite3's hop to libuv's pool and back per statement and
 * Sequelize's handling of each result (docs/benchmarks.md, issue 20: the densest search's summary
 * statement 8.0 ms through Sequelize, 5.0 ms through better-sqlite3). better-sqlite3 runs on the
 * calling thread, so a read that grows with the store must not come here: it would hold up every
 * other request. In WAL mode a reader never waits for the importer's writer and sees every
 * committed write. MySQL, and a store in memory (which no second connection can see), read
 * through Sequelize.
 */
const readers = new WeakMap<Sequelize, SqliteReader>();

/**
 * A reader blocks the event loop while it waits, so it gives up quickly: in WAL mode only a
 * checkpoint's instant of recovery ever makes a reader wait at all.
 */
const READER_BUSY_MS = 250;

/**
 * Compiled statements kept by their text: the same search asked again (a popular postcode, the
 * next page) skips SQLite's parse and plan, ~0.6 ms for a radius search's summary.
 */
const KEPT_STATEMENTS = 200;

class SqliteReader {
  private db: Database.Database | undefined;
  private readonly statements = new Map<string, Database.Statement>();

  constructor(
    private readonly path: string,
    private readonly dialect: AbstractDialect,
    private readonly log: ((sql: string) => void) | undefined,
  ) {}

  all<T>(sql: string, replacements: Record<string, unknown>): T[] {
    this.db ??= new Database(this.path, { readonly: true, fileMustExist: true, timeout: READER_BUSY_MS });
    const text =
      Object.keys(replacements).length > 0 ? injectReplacements(sql, this.dialect, replacements) : sql;
    this.log?.(`Executing (reader): ${text}`);
    return this.statement(this.db, text).all() as T[];
  }

  private statement(db: Database.Database, text: string): Database.Statement {
    let statement = this.statements.get(text);
    if (statement) {
      this.statements.delete(text);
    } else {
      statement = db.prepare(text);
      if (this.statements.size >= KEPT_STATEMENTS)
        this.statements.delete(this.statements.keys().next().value!);
    }
    this.statements.set(text, statement);
    return statement;
  }

  close(): void {
    this.statements.clear();
    this.db?.close();
    this.db = undefined;
  }
}

/**
 * Gives an SQLite store on disk its reader, closed with the store (connection.ts calls this);
 * `log` receives each statement as Sequelize's logging does.
 */
export function readThroughFile(sequelize: Sequelize, path: string, log?: (sql: string) => void): void {
  const dialect = (sequelize as unknown as { dialect: AbstractDialect }).dialect;
  const reader = new SqliteReader(path, dialect, log);
  readers.set(sequelize, reader);
  const close = sequelize.close.bind(sequelize);
  sequelize.close = async () => {
    reader.close();
    await close();
  };
}

/**
 * Runs a read and returns plain rows; `:name` replacements as Sequelize takes them (an array
 * becomes a list), formatted by Sequelize's own code on both paths.
 */
export function readRows<T extends object>(
  sequelize: Sequelize,
  sql: string,
  replacements: Record<string, unknown> = {},
): Promise<T[]> {
  const reader = readers.get(sequelize);
  if (!reader) return sequelize.query<T>(sql, { replacements, type: QueryTypes.SELECT, raw: true });
  try {
    return Promise.resolve(reader.all<T>(sql, replacements));
  } catch (error) {
    return Promise.reject(error as Error);
  }
}
