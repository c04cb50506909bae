import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { Sequelize } from 'sequelize';

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
 * second process waits instead of failing); MySQL talks utf8mb4 in UTC.
 */
export function openDatabase(options: DatabaseOptions): Sequelize {
  const logging = options.log ?? false;
  if (options.url.startsWith('mysql://')) {
    const sequelize = new Sequelize(options.url, {
      dialect: 'mysql',
      logging,
      timezone: '+00:00',
      dialectOptions: {
        charset: 'utf8mb4',
        supportBigNumbers: true,
        bigNumberStrings: false,
        connectTimeout: 10_000,
      },
      define: { charset: 'utf8mb4', collate: 'utf8mb4_unicode_ci' },
      pool: { max: options.poolMax ?? 10, min: 0, acquire: 15_000, idle: 10_000 },
    });
    if (options.queryTimeoutMs !== undefined) limitMysqlStatements(sequelize, options.queryTimeoutMs);
    return sequelize;
  }
  if (!options.url.startsWith('sqlite:')) throw new Error(`Unsupported database URL: ${options.url}`);
  const path = options.url.slice('sqlite:'.length);
  const storage = path === ':memory:' || path === '' ? ':memory:' : resolve(path);
  if (storage !== ':memory:') mkdirSync(dirname(storage), { recursive: true });
  const sequelize = new Sequelize({ dialect: 'sqlite', storage, logging });
  // Sequelize's SQLite driver opens a connection per transaction and runs no connect hooks, so
  // each new connection is configured here, once, before anyone uses it.
  const manager = sequelize.connectionManager as unknown as {
    getConnection(options?: unknown): Promise<SqliteConnection>;
  };
  const openConnection = manager.getConnection.bind(manager);
  const configured = new WeakSet<SqliteConnection>();
  manager.getConnection = async (connectionOptions?: unknown) => {
    const connection = await openConnection(connectionOptions);
    if (!configured.has(connection)) {
      configured.add(connection);
      await configureSqliteConnection(connection, storage !== ':memory:');
    }
    return connection;
  };
  return sequelize;
}

/** What Sequelize calls on a mysql2 connection to run a statement. */
interface MysqlConnection {
  query(options: string | Record<string, unknown>, ...rest: unknown[]): unknown;
  execute(options: string | Record<string, unknown>, ...rest: unknown[]): unknown;
}

/**
 * Gives every statement sent on the handle's connections mysql2's `timeout`, unless it has one.
 * On expiry mysql2 fails the statement with PROTOCOL_SEQUENCE_TIMEOUT and closes the connection,
 * which the pool then replaces; the API answers 503 (db/availability.ts).
 */
function limitMysqlStatements(sequelize: Sequelize, timeoutMs: number): void {
  const manager = sequelize.connectionManager as unknown as {
    getConnection(options?: unknown): Promise<MysqlConnection>;
  };
  const openConnection = manager.getConnection.bind(manager);
  const limited = new WeakSet<MysqlConnection>();
  const withTimeout = (options: string | Record<string, unknown>) =>
    typeof options === 'string' ? { sql: options, timeout: timeoutMs } : { timeout: timeoutMs, ...options };
  manager.getConnection = async (connectionOptions?: unknown) => {
    const connection = await openConnection(connectionOptions);
    if (!limited.has(connection)) {
      limited.add(connection);
      const query = connection.query.bind(connection);
      const execute = connection.execute.bind(connection);
      connection.query = (options, ...rest) => query(withTimeout(options), ...rest);
      connection.execute = (options, ...rest) => execute(withTimeout(options), ...rest);
    }
    return connection;
  };
}

interface SqliteConnection {
  configure(option: 'busyTimeout', ms: number): void;
  exec(sql: string, callback: (err: Error | null) => void): void;
}

function configureSqliteConnection(connection: SqliteConnection, onDisk: boolean): Promise<void> {
  connection.configure('busyTimeout', 15_000);
  const pragmas = ['PRAGMA foreign_keys = ON', 'PRAGMA synchronous = NORMAL', 'PRAGMA temp_store = MEMORY'];
  if (onDisk) pragmas.unshift('PRAGMA journal_mode = WAL');
  return new Promise((resolvePromise, reject) =>
    connection.exec(pragmas.join(';'), (err) => (err ? reject(err) : resolvePromise())),
  );
}

export function dialectOf(sequelize: Sequelize): Dialect {
  const dialect = sequelize.getDialect();
  if (dialect !== 'sqlite' && dialect !== 'mysql') throw new Error(`Unsupported dialect ${dialect}`);
  return dialect;
}

/** True when the database answers a trivial query within the timeout. */
export async function isDatabaseReachable(sequelize: Sequelize, timeoutMs = 2000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      sequelize.query('SELECT 1'),
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
