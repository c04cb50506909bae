import { createRequire } from 'node:module';
import type Database from 'better-sqlite3';
import { DatabaseError, QueryTypes, type Sequelize } from 'sequelize';
import type * as SequelizeSql from 'sequelize/lib/utils/sql';
import { fastSqliteDriver } from './fast-sqlite.ts';

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
 * committed write. MySQL has a reader of its own (PoolReader, below); a store in memory, which
 * no second connection can see, reads through Sequelize.
 */
const readers = new WeakMap<Sequelize, { reader: Reader; log: ((sql: string) => void) | undefined }>();

/** Runs one statement, replacements already in its text. */
interface Reader {
  all<T>(text: string): T[] | Promise<T[]>;
}

function giveReader(sequelize: Sequelize, reader: Reader, log: ((sql: string) => void) | undefined): void {
  readers.set(sequelize, { reader, log });
}

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

class SqliteReader implements Reader {
  private db: Database.Database | undefined;
  private readonly statements = new Map<string, Database.Statement>();

  constructor(
    private readonly Driver: typeof Database,
    private readonly path: string,
  ) {}

  all<T>(text: string): T[] {
    this.db ??= new this.Driver(this.path, { readonly: true, fileMustExist: true, timeout: READER_BUSY_MS });
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
 * `log` receives each statement as Sequelize's logging does. Where this Node cannot run
 * better-sqlite3 (fast-sqlite.ts) the store keeps reading through Sequelize.
 */
export function readThroughFile(sequelize: Sequelize, path: string, log?: (sql: string) => void): void {
  const Driver = fastSqliteDriver();
  if (!Driver) return;
  const reader = new SqliteReader(Driver, path);
  giveReader(sequelize, reader, log);
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
  const given = readers.get(sequelize);
  if (!given) return sequelize.query<T>(sql, { replacements, type: QueryTypes.SELECT, raw: true });
  try {
    const dialect = (sequelize as unknown as { dialect: AbstractDialect }).dialect;
    const text = Object.keys(replacements).length > 0 ? injectReplacements(sql, dialect, replacements) : sql;
    given.log?.(`Executing (reader): ${text}`);
    return Promise.resolve(given.reader.all<T>(text));
  } catch (error) {
    return Promise.reject(error as Error);
  }
}

/** The parts of Sequelize's connection manager and of a mysql2 connection the MySQL reader uses. */
interface PooledConnections {
  getConnection(options: { type: 'read' }): Promise<MysqlConnection>;
  releaseConnection(connection: MysqlConnection): void;
}
interface MysqlConnection {
  query(options: { sql: string }, callback: (error: Error | null, rows: unknown) => void): unknown;
}

/**
 * On MySQL the same reads take a connection from Sequelize's pool and send the statement on it
 * directly: the connection's own settings (session statements, typeCast, statement timeout) apply
 * as for any query, without Sequelize's handling of each result. The densest search's service
 * time, A and B alternating: p50 7.7 → 7.1 ms, p95 10.8–11.1 → 10.1–10.3 ms (docs/benchmarks.md,
 * issue 20). A failure is Sequelize's DatabaseError, as through Sequelize, so db/availability.ts
 * tells a lost server from a bad statement the same way.
 */
class PoolReader implements Reader {
  constructor(private readonly connections: PooledConnections) {}

  async all<T>(text: string): Promise<T[]> {
    const connection = await this.connections.getConnection({ type: 'read' });
    try {
      return await new Promise<T[]>((resolve, reject) => {
        connection.query({ sql: text }, (error, rows) =>
          error ? reject(new DatabaseError(Object.assign(error, { sql: text }))) : resolve(rows as T[]),
        );
      });
    } finally {
      this.connections.releaseConnection(connection);
    }
  }
}

/** Gives a MySQL store its reader over Sequelize's own pool (connection.ts calls this). */
export function readThroughPool(sequelize: Sequelize, log?: (sql: string) => void): void {
  const { connectionManager } = sequelize as unknown as { connectionManager: PooledConnections };
  giveReader(sequelize, new PoolReader(connectionManager), log);
}
