import { AsyncLocalStorage } from 'node:async_hooks';
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
 * Sequelize's handling of each result (docs/benchmarks.md: the densest search's summary
 * statement 8.0 ms through Sequelize, 5.0 ms through better-sqlite3). better-sqlite3 runs on the
 * calling thread, so a read that grows with the store must not come here outside a snapshot: it
 * would hold up every other request. In WAL mode a reader never waits for the importer's writer
 * and sees every committed write. MySQL has a reader of its own (PoolReader, below); a store in
 * memory, which no second connection can see, reads through Sequelize.
 *
 * A snapshot (`inSnapshot`, below) runs every read of one answer in one read-only transaction on
 * one connection, so an answer never mixes the store before an import's commit with the store
 * after it: its count, pages and coverage always agree.
 */
const readers = new WeakMap<Sequelize, { reader: Reader; log: ((sql: string) => void) | undefined }>();

/** Runs one statement, replacements already in its text. */
interface Reader {
  all<T>(text: string): T[] | Promise<T[]>;
  /** One connection in a read-only transaction, until `end`. */
  begin(): Promise<SnapshotReader>;
}

interface SnapshotReader {
  all<T>(text: string): T[] | Promise<T[]>;
  /** Ends the transaction and gives the connection back; never fails. */
  end(): Promise<void>;
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
 * Compiled statements kept by their text, per connection: the same search asked again (a popular
 * postcode, the next page) skips SQLite's parse and plan, ~0.6 ms for a radius search's summary.
 * The least recently used goes first, kept in a Map's insertion order: `lru-cache` in its place
 * cost 0.05–0.2 ms more CPU a radius search, Map lower in 16 of 17 concurrent pairs
 * (scripts/bench/search-cpu.ts, docs/benchmarks.md).
 */
const KEPT_STATEMENTS = 200;

/**
 * Idle SQLite connections kept open for the next snapshot. Snapshots of answers being prepared at
 * once each hold one (an export holds its own while it streams); more are opened when needed and
 * closed when given back beyond this many.
 */
const IDLE_SQLITE_CONNECTIONS = 4;

/** A read-only better-sqlite3 connection with its compiled statements. */
class SqliteConnection {
  private readonly statements = new Map<string, Database.Statement>();
  private readonly db: Database.Database;

  constructor(Driver: typeof Database, path: string) {
    this.db = new Driver(path, { readonly: true, fileMustExist: true, timeout: READER_BUSY_MS });
  }

  all<T>(text: string): T[] {
    return this.statement(text).all() as T[];
  }

  run(text: string): void {
    this.db.exec(text);
  }

  get inTransaction(): boolean {
    return this.db.inTransaction;
  }

  private statement(text: string): Database.Statement {
    let statement = this.statements.get(text);
    if (statement) {
      this.statements.delete(text);
    } else {
      statement = this.db.prepare(text);
      if (this.statements.size >= KEPT_STATEMENTS)
        this.statements.delete(this.statements.keys().next().value!);
    }
    this.statements.set(text, statement);
    return statement;
  }

  close(): void {
    this.statements.clear();
    this.db.close();
  }
}

class SqliteReader implements Reader {
  private readonly idle: SqliteConnection[] = [];
  private readonly inUse = new Set<SqliteConnection>();
  // A closed store stays closed for its readers too, as Sequelize's own connections do: a read
  // after close fails instead of quietly opening the file again.
  private closed = false;

  constructor(
    private readonly Driver: typeof Database,
    private readonly path: string,
  ) {}

  all<T>(text: string): T[] {
    // Runs to its end on this thread: the connection is idle again before anything else runs.
    const connection = this.take();
    try {
      return connection.all<T>(text);
    } finally {
      this.giveBack(connection);
    }
  }

  begin(): Promise<SnapshotReader> {
    try {
      const connection = this.take();
      // DEFERRED: the snapshot is taken at the first read, and WAL keeps it until COMMIT.
      connection.run('BEGIN');
      let ended = false;
      return Promise.resolve({
        all: <T>(text: string) => connection.all<T>(text),
        end: () => {
          if (ended) return Promise.resolve();
          ended = true;
          try {
            if (connection.inTransaction) connection.run('COMMIT');
            this.giveBack(connection);
          } catch {
            this.inUse.delete(connection);
            connection.close();
          }
          return Promise.resolve();
        },
      });
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }

  private take(): SqliteConnection {
    if (this.closed) throw new Error('The SQLite store was closed: reads are over.');
    const connection = this.idle.pop() ?? new SqliteConnection(this.Driver, this.path);
    this.inUse.add(connection);
    return connection;
  }

  private giveBack(connection: SqliteConnection): void {
    if (!this.inUse.delete(connection)) return;
    if (this.idle.length < IDLE_SQLITE_CONNECTIONS) this.idle.push(connection);
    else connection.close();
  }

  close(): void {
    this.closed = true;
    for (const connection of [...this.idle.splice(0), ...this.inUse]) connection.close();
    this.inUse.clear();
  }
}

/**
 * Gives an SQLite store on disk its reader, closed with the store (connection.ts calls this);
 * `log` receives each statement as Sequelize's logging does. Where this Node cannot run
 * better-sqlite3 (fast-sqlite.ts) the store keeps reading through Sequelize.
 */
export function readThroughFile(sequelize: Sequelize, path: string, log?: (sql: string) => void): void {
  const Driver = fastSqliteDriver();
  if (!Driver) {
    giveReader(sequelize, new TransactionReader(sequelize), undefined);
    return;
  }
  const reader = new SqliteReader(Driver, path);
  giveReader(sequelize, reader, log);
  const close = sequelize.close.bind(sequelize);
  sequelize.close = async () => {
    reader.close();
    await close();
  };
}

/**
 * Where better-sqlite3 cannot run, an SQLite file is read through Sequelize (node-sqlite3, off the
 * event loop) as before it, and a snapshot is a Sequelize transaction: its own connection, whose
 * deferred BEGIN keeps the state of its first read until COMMIT (WAL).
 */
class TransactionReader implements Reader {
  constructor(private readonly sequelize: Sequelize) {}

  all<T>(text: string): Promise<T[]> {
    return this.sequelize.query<T & object>(text, { type: QueryTypes.SELECT, raw: true });
  }

  async begin(): Promise<SnapshotReader> {
    const transaction = await this.sequelize.transaction();
    let ended = false;
    return {
      all: <T>(text: string) =>
        this.sequelize.query<T & object>(text, { type: QueryTypes.SELECT, raw: true, transaction }),
      end: async () => {
        if (ended) return;
        ended = true;
        await transaction.commit().catch(() => undefined);
      },
    };
  }
}

interface Snapshot {
  sequelize: Sequelize;
  reader: SnapshotReader;
}

/** The snapshot the current answer reads in, if any (AsyncLocalStorage follows its awaits). */
const snapshots = new AsyncLocalStorage<Snapshot>();

function snapshotOf(sequelize: Sequelize): Snapshot | undefined {
  const snapshot = snapshots.getStore();
  return snapshot?.sequelize === sequelize ? snapshot : undefined;
}

function statementText(sequelize: Sequelize, sql: string, replacements: Record<string, unknown>): string {
  const dialect = (sequelize as unknown as { dialect: AbstractDialect }).dialect;
  return Object.keys(replacements).length > 0 ? injectReplacements(sql, dialect, replacements) : sql;
}

function readOn<T>(
  run: (text: string) => T[] | Promise<T[]>,
  sequelize: Sequelize,
  sql: string,
  replacements: Record<string, unknown>,
  log: ((sql: string) => void) | undefined,
): Promise<T[]> {
  try {
    const text = statementText(sequelize, sql, replacements);
    log?.(`Executing (reader): ${text}`);
    return Promise.resolve(run(text));
  } catch (error) {
    return Promise.reject(error as Error);
  }
}

/**
 * Runs a read and returns plain rows; `:name` replacements as Sequelize takes them (an array
 * becomes a list), formatted by Sequelize's own code on both paths. For reads whose cost is
 * bounded: on SQLite they run on the calling thread.
 */
export function readRows<T extends object>(
  sequelize: Sequelize,
  sql: string,
  replacements: Record<string, unknown> = {},
): Promise<T[]> {
  const given = readers.get(sequelize);
  if (!given) return sequelize.query<T>(sql, { replacements, type: QueryTypes.SELECT, raw: true });
  const snapshot = snapshotOf(sequelize);
  const run = snapshot ? snapshot.reader.all.bind(snapshot.reader) : given.reader.all.bind(given.reader);
  return readOn<T>(run, sequelize, sql, replacements, given.log);
}

/**
 * Runs a read that may grow with the store (a force-wide map, a deep page, an export batch) and
 * returns plain rows. Outside a snapshot it goes through Sequelize, on SQLite on libuv's pool, off
 * the event loop. Inside one it must read the snapshot's connection like every other read of the
 * answer: on SQLite that is the calling thread (SQLite cannot share a snapshot between two
 * connections), which is the price of one consistent answer there.
 */
export function selectRows<T extends object>(
  sequelize: Sequelize,
  sql: string,
  replacements: Record<string, unknown> = {},
): Promise<T[]> {
  const snapshot = snapshotOf(sequelize);
  if (!snapshot) return sequelize.query<T>(sql, { replacements, type: QueryTypes.SELECT, raw: true });
  const run = snapshot.reader.all.bind(snapshot.reader);
  return readOn<T>(run, sequelize, sql, replacements, readers.get(sequelize)?.log);
}

/** A snapshot opened for work that outlives one call (an export streaming its file). */
export interface OpenSnapshot {
  /** Runs `work` with every read of `sequelize` in it (and what it starts) in the snapshot. */
  run<T>(work: () => T): T;
  /** Ends the snapshot and gives its connection back; again is harmless. */
  end(): Promise<void>;
}

/**
 * Opens one consistent state of the store for reads that outlive a call: MySQL/MariaDB
 * `START TRANSACTION READ ONLY, WITH CONSISTENT SNAPSHOT` at REPEATABLE READ on one pooled
 * connection, SQLite a read transaction on one better-sqlite3 connection (WAL keeps its state).
 * Inside an open snapshot of the same store, the same snapshot is used (and ended by its opener).
 * A store in memory has one connection and no snapshot: its reads run as they come.
 */
export async function openSnapshot(sequelize: Sequelize): Promise<OpenSnapshot> {
  const given = readers.get(sequelize);
  const outer = snapshotOf(sequelize);
  if (!given || outer) {
    return { run: (work) => (outer ? snapshots.run(outer, work) : work()), end: () => Promise.resolve() };
  }
  const snapshot: Snapshot = { sequelize, reader: await given.reader.begin() };
  return { run: (work) => snapshots.run(snapshot, work), end: () => snapshot.reader.end() };
}

/**
 * Runs `work` with all its reads of the store in one snapshot (openSnapshot): every search, map,
 * clock definition and export summary reads one state of the store, never a mix of the states on
 * either side of an import's commit. Statements that ran side by side on separate connections
 * run one after another on the snapshot's connection.
 */
export async function inSnapshot<T>(sequelize: Sequelize, work: () => Promise<T>): Promise<T> {
  const snapshot = await openSnapshot(sequelize);
  try {
    return await snapshot.run(work);
  } finally {
    await snapshot.end();
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

function sendOn<T>(connection: MysqlConnection, text: string): Promise<T[]> {
  return new Promise<T[]>((resolve, reject) => {
    connection.query({ sql: text }, (error, rows) =>
      error ? reject(new DatabaseError(Object.assign(error, { sql: text }))) : resolve(rows as T[]),
    );
  });
}

/**
 * A snapshot's isolation is stated for its own transaction: a pooled connection may come from a
 * Sequelize transaction that set another level for its session.
 */
const MYSQL_SNAPSHOT_STATEMENTS = [
  'SET TRANSACTION ISOLATION LEVEL REPEATABLE READ',
  'START TRANSACTION READ ONLY, WITH CONSISTENT SNAPSHOT',
];

/**
 * On MySQL the same reads take a connection from Sequelize's pool and send the statement on it
 * directly: the connection's own settings (session statements, typeCast, statement timeout) apply
 * as for any query, without Sequelize's handling of each result. The densest search's service
 * time, A and B alternating: p50 7.7 → 7.1 ms, p95 10.8–11.1 → 10.1–10.3 ms (docs/benchmarks.md).
 * A failure is Sequelize's DatabaseError, as through Sequelize, so db/availability.ts
 * tells a lost server from a bad statement the same way. A snapshot's statements queue on its one
 * connection (mysql2 sends each when the last is answered), each with the statement timeout.
 */
class PoolReader implements Reader {
  constructor(private readonly connections: PooledConnections) {}

  async all<T>(text: string): Promise<T[]> {
    const connection = await this.connections.getConnection({ type: 'read' });
    try {
      return await sendOn<T>(connection, text);
    } finally {
      this.connections.releaseConnection(connection);
    }
  }

  async begin(): Promise<SnapshotReader> {
    const connection = await this.connections.getConnection({ type: 'read' });
    try {
      for (const statement of MYSQL_SNAPSHOT_STATEMENTS) await sendOn(connection, statement);
    } catch (error) {
      this.connections.releaseConnection(connection);
      throw error;
    }
    let ended = false;
    return {
      all: <T>(text: string) => sendOn<T>(connection, text),
      end: async () => {
        if (ended) return;
        ended = true;
        // A connection whose statement timed out is closed already; the pool drops it.
        await sendOn(connection, 'COMMIT').catch(() => undefined);
        this.connections.releaseConnection(connection);
      },
    };
  }
}

/** Gives a MySQL store its reader over Sequelize's own pool (connection.ts calls this). */
export function readThroughPool(sequelize: Sequelize, log?: (sql: string) => void): void {
  const { connectionManager } = sequelize as unknown as { connectionManager: PooledConnections };
  giveReader(sequelize, new PoolReader(connectionManager), log);
}
