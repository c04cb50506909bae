import { closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { Sequelize } from 'sequelize';
import sqlite3 from 'sqlite3';
import { readRows, readThroughFile, readThroughPool } from './reads.ts';
import { MYSQL_CHARSET, MYSQL_COLLATION, MYSQL_SESSION_STATEMENTS } from './mysql-session.ts';

export type Dialect = 'sqlite' | 'mysql';

export interface DatabaseOptions {
  /** `sqlite:<path>` (`sqlite::memory:` for a throwaway store) or `mysql://user:pass@host:port/db`. */
  url: string;
  /** Receives each SQL statement; off by default. */
  log?: (sql: string) => void;
  poolMax?: number;
  /**
   * MySQL: statements that have had no answer after this long fail and their connection is
   * dropped (a frozen server or a black-holed network otherwise holds a pooled connection, and
   * the request on it, forever). For the API's request handle only: migrations and imports may
   * rightly run for minutes.
   */
  queryTimeoutMs?: number;
}

/**
 * Every dialect quirk lives here, so features never branch on the database:
 * SQLite runs in WAL mode with a busy timeout (readers never block the importer's writer and a
 * second process waits instead of failing); MySQL talks utf8mb4 with the collation and sql_mode of
 * mysql-session.ts, in UTC. Connections are configured through Sequelize's public means only: the
 * `afterConnect` hook (MySQL) and `dialectModule` (SQLite, whose connection manager runs no hooks).
 */
export function openDatabase(options: DatabaseOptions): Sequelize {
  const logging = options.log ?? false;
  if (options.url.startsWith('mysql://')) {
    const sequelize = new Sequelize(options.url, {
      dialect: 'mysql',
      logging,
      timezone: '+00:00',
      dialectOptions: {
        charset: MYSQL_COLLATION,
        supportBigNumbers: true,
        bigNumberStrings: false,
        connectTimeout: 10_000,
      },
      // Tables Sequelize creates itself (umzug's schema_migrations) get the product's collation too.
      define: { charset: MYSQL_CHARSET, collate: MYSQL_COLLATION },
      pool: { max: options.poolMax ?? 10, min: 0, acquire: 15_000, idle: 10_000 },
      hooks: {
        afterConnect: async (connection) => {
          const driver = connection as MysqlConnection;
          for (const sql of MYSQL_SESSION_STATEMENTS) {
            await runOn(driver, sql).catch((error: Error) => {
              throw new Error(
                `The MySQL server refused "${sql}" (${error.message}). Crime Clock needs utf8mb4 and sets ` +
                  'its own sql_mode on every connection: use MySQL 5.7+ or MariaDB 10.3+.',
                { cause: error },
              );
            });
          }
          if (options.queryTimeoutMs !== undefined) limitStatements(driver, options.queryTimeoutMs);
        },
      },
    });
    readThroughPool(sequelize, options.log);
    return sequelize;
  }
  if (!options.url.startsWith('sqlite:')) throw new Error(`Unsupported database URL: ${options.url}`);
  const path = options.url.slice('sqlite:'.length);
  const storage = path === ':memory:' || path === '' ? ':memory:' : resolve(path);
  if (storage !== ':memory:') {
    mkdirSync(dirname(storage), { recursive: true });
    // The store holds admin accounts and secrets: whoever opens it first (API, importer, admin
    // CLI) creates it readable by its owner only, and SQLite gives its -wal/-shm files that mode.
    closeSync(openSync(storage, 'a', 0o600));
  }
  const sequelize = new Sequelize({
    dialect: 'sqlite',
    storage,
    logging,
    dialectModule: configuredSqlite(storage !== ':memory:'),
  });
  if (storage !== ':memory:') readThroughFile(sequelize, storage, options.log);
  return sequelize;
}

/** What this module calls on a mysql2 (callback API) connection. */
interface MysqlConnection {
  query(options: string | Record<string, unknown>, ...rest: unknown[]): unknown;
  execute(options: string | Record<string, unknown>, ...rest: unknown[]): unknown;
}

function runOn(connection: MysqlConnection, sql: string): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    connection.query(sql, (err: Error | null) => (err ? reject(err) : resolvePromise()));
  });
}

/**
 * Gives every statement sent on the connection mysql2's own per-statement `timeout`, unless it has
 * one. On expiry mysql2 fails the statement with PROTOCOL_SEQUENCE_TIMEOUT and closes the
 * connection, which the pool then replaces; the API answers 503 (db/availability.ts).
 */
function limitStatements(connection: MysqlConnection, timeoutMs: number): void {
  const withTimeout = (options: string | Record<string, unknown>) =>
    typeof options === 'string' ? { sql: options, timeout: timeoutMs } : { timeout: timeoutMs, ...options };
  const query = connection.query.bind(connection);
  const execute = connection.execute.bind(connection);
  connection.query = (options, ...rest) => query(withTimeout(options), ...rest);
  connection.execute = (options, ...rest) => execute(withTimeout(options), ...rest);
}

type SqliteDatabase = InstanceType<typeof sqlite3.Database>;

/**
 * sqlite3 with a Database that configures itself once open, before Sequelize hands it to anyone:
 * Sequelize's SQLite driver opens a connection per transaction and runs no connect hooks.
 */
function configuredSqlite(onDisk: boolean): typeof sqlite3 {
  const pragmas = ['PRAGMA foreign_keys = ON', 'PRAGMA synchronous = NORMAL', 'PRAGMA temp_store = MEMORY'];
  if (onDisk) pragmas.unshift('PRAGMA journal_mode = WAL');
  class ConfiguredDatabase extends sqlite3.Database {
    constructor(filename: string, mode: number, callback: (err: Error | null) => void) {
      super(filename, mode, (err: Error | null) => {
        if (err) return callback(err);
        const self = this as SqliteDatabase;
        self.configure('busyTimeout', 15_000);
        self.exec(pragmas.join(';'), callback);
      });
    }
  }
  return { ...sqlite3, Database: ConfiguredDatabase } as typeof sqlite3;
}

export function dialectOf(sequelize: Sequelize): Dialect {
  const dialect = sequelize.getDialect();
  if (dialect !== 'sqlite' && dialect !== 'mysql') throw new Error(`Unsupported dialect ${dialect}`);
  return dialect;
}

/**
 * True when the database answers a trivial read within the timeout. It asks the reader visitors'
 * bounded reads use (reads.ts: on an SQLite file the read-only connection, on MySQL the pool), not
 * the writer: node-sqlite3 runs one statement of the writer's queue per event-loop turn, so during
 * a sign-in flood the check waited behind the flood's counted writes (14 upserts issued at once
 * ended 57 to 198 ms later, the check behind them 152 ms), and during a long import write it would
 * call a node that serves readers fine "down".
 */
export async function isDatabaseReachable(sequelize: Sequelize, timeoutMs = 2000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      readRows(sequelize, 'SELECT 1 AS up'),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), timeoutMs);
      }),
    ]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
