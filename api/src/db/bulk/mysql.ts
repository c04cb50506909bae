import { PassThrough, Readable } from 'node:stream';
import { once } from 'node:events';
import type { Sequelize } from 'sequelize';
import {
  driverConnectionOf,
  type BulkDialect,
  type BulkValue,
  type BulkWriter,
  type SortedInserter,
} from './types.ts';
import { tabSeparatedRows, valuesList } from './row-text.ts';

type Callback<T = unknown> = (err: Error | null, result?: T) => void;

/** The parts of mysql2's callback connection this module uses. */
interface MysqlConnection {
  query(sql: string, callback: Callback): unknown;
  query(
    options: { sql: string; infileStreamFactory: (path: string) => Readable },
    callback: Callback,
  ): unknown;
  escape(value: string): string;
}

const quote = (name: string) => `\`${name}\``;

/**
 * Values a batch. A multi-row INSERT measured fastest at ~10,000 (about 1 MB of SQL, far below
 * max_allowed_packet). LOAD DATA once took 100,000 a statement to pay for its round trips, but
 * a file's rows now stream into one statement (MysqlStreamedLoad), where a batch is only what
 * the client holds at a time: 1M street rows, 100,000 values a batch against 20,000 and 5,000,
 * 131k / 133k / 137k rows/s with peak RSS 311 / 246 / 241 MB of the 300 MB budget
 * (docs/benchmarks.md).
 */
const BATCH_VALUES = 10_000;

/**
 * Plain rows go in with `LOAD DATA LOCAL INFILE` fed from memory through mysql2's stream factory:
 * measured on MariaDB 10.11 here, 500k street rows loaded in 6.3–7.0 s against 10.6–12.0 s as
 * multi-row INSERTs (docs/benchmarks.md). Servers that refuse it (`local_infile` is OFF by
 * default on MySQL 8) get the INSERTs. LOAD DATA LOCAL turns bad values into warnings instead of
 * errors, so any warning fails the statement, as strict mode fails an INSERT.
 */
class MysqlWriter implements BulkWriter {
  private readonly literal: (value: string) => string;
  readonly fileLoader?: (table: string, columns: readonly string[]) => SortedInserter;

  constructor(
    private readonly connection: MysqlConnection,
    private readonly loadData: boolean,
  ) {
    this.literal = (value) => connection.escape(value);
    if (loadData) this.fileLoader = (table, columns) => new MysqlStreamedLoad(connection, table, columns);
  }

  insert(table: string, columns: readonly string[], values: readonly BulkValue[]): Promise<void> {
    if (values.length === 0) return Promise.resolve();
    const names = columns.map(quote).join(',');
    if (this.loadData) {
      const text = tabSeparatedRows(columns.length, values);
      return this.load(loadDataSql(table, columns), () => Readable.from([Buffer.from(text, 'utf8')]));
    }
    return this.insertStatements(table, names, columns.length, values);
  }

  upsert(table: string, columns: readonly string[], keys: readonly string[], values: readonly BulkValue[]) {
    const updates = columns.filter((c) => !keys.includes(c)).map((c) => `${quote(c)}=VALUES(${quote(c)})`);
    // With every column in the key there is nothing to update; a self-assignment keeps the row.
    const first = quote(keys[0] ?? columns[0] ?? '');
    const onDuplicate = updates.length ? updates.join(',') : `${first}=${first}`;
    return this.insertStatements(
      table,
      columns.map(quote).join(','),
      columns.length,
      values,
      ` ON DUPLICATE KEY UPDATE ${onDuplicate}`,
    );
  }

  /** A batch of any size goes in as INSERTs of at most BATCH_VALUES values each. */
  private async insertStatements(
    table: string,
    names: string,
    columns: number,
    values: readonly BulkValue[],
    suffix = '',
  ): Promise<void> {
    const step = Math.max(1, Math.floor(BATCH_VALUES / columns)) * columns;
    for (let start = 0; start < values.length; start += step) {
      const list = valuesList(columns, values.slice(start, start + step), this.literal);
      await this.query(`INSERT INTO ${quote(table)} (${names}) VALUES ${list}${suffix}`);
    }
  }

  private load(sql: string, rows: () => Readable): Promise<void> {
    return loadData(this.connection, sql, rows);
  }

  private query(sql: string): Promise<void> {
    return run<void>(this.connection, sql);
  }
}

function loadDataSql(table: string, columns: readonly string[]): string {
  return `LOAD DATA LOCAL INFILE 'rows.tsv' INTO TABLE ${quote(table)} CHARACTER SET utf8mb4
         FIELDS TERMINATED BY '\\t' ESCAPED BY '\\\\' LINES TERMINATED BY '\\n' (${columns.map(quote).join(',')})`;
}

async function loadData(connection: MysqlConnection, sql: string, rows: () => Readable): Promise<void> {
  const result = await new Promise<{ warningStatus?: number } | undefined>((resolve, reject) => {
    connection.query(
      // Whatever file name the server asks for, it gets these rows and nothing from the disk.
      // mysql2 copies each chunk into a packet, so the chunks must be Buffers.
      { sql, infileStreamFactory: rows },
      (err, res) => (err ? reject(err) : resolve(res as { warningStatus?: number } | undefined)),
    );
  });
  if (result?.warningStatus) {
    const warnings = await run<{ Message: string }[]>(connection, 'SHOW WARNINGS LIMIT 3');
    throw new Error(`the database changed or refused values: ${warnings.map((w) => w.Message).join('; ')}`);
  }
}

/**
 * One `LOAD DATA LOCAL INFILE` for a whole file, fed while the file is parsed: the server loads
 * while the client parses, with no round trip per batch. Measured against one statement per
 * batch built in memory, interleaved in one run: +11 to +49 % rows/s for the same client CPU
 * and peak RSS (docs/benchmarks.md, import drivers).
 */
export class MysqlStreamedLoad implements SortedInserter {
  private stream: PassThrough | undefined;
  private done: Promise<void> | undefined;
  private failure: Error | undefined;

  constructor(
    private readonly connection: MysqlConnection,
    private readonly table: string,
    private readonly columns: readonly string[],
  ) {}

  async add(values: readonly BulkValue[]): Promise<void> {
    if (values.length === 0) return;
    if (this.failure) throw this.failure;
    const stream = this.stream ?? this.start();
    // Waiting for the server to drain the stream keeps only a few batches in memory.
    if (!stream.write(Buffer.from(tabSeparatedRows(this.columns.length, values), 'utf8'))) {
      await Promise.race([once(stream, 'drain'), this.done]);
    }
    if (this.failure) throw this.failure;
  }

  async finish(): Promise<void> {
    if (!this.stream || !this.done) return;
    this.stream.end();
    await this.done;
  }

  async abort(): Promise<void> {
    if (!this.stream || !this.done) return;
    // Ending the rows lets the statement complete; the rollback that follows takes them out.
    // (Destroying the stream instead hangs when the server has not asked for the rows yet: mysql2
    // would then listen to a stream that has already ended in error.)
    this.stream.end();
    await this.done.catch(() => {});
  }

  private start(): PassThrough {
    const stream = new PassThrough({ highWaterMark: 4 * 1024 * 1024 });
    this.stream = stream;
    this.done = loadData(this.connection, loadDataSql(this.table, this.columns), () => stream).catch(
      (error: Error) => {
        this.failure = error;
        throw error;
      },
    );
    // A failure also surfaces through add() or finish(); this keeps it from being unhandled meanwhile.
    this.done.catch(() => {});
    return stream;
  }
}

function run<T>(connection: MysqlConnection, sql: string): Promise<T> {
  return new Promise((resolve, reject) => {
    connection.query(sql, (err, result) => (err ? reject(err) : resolve(result as T)));
  });
}

/** Whether the server takes LOAD DATA LOCAL, asked once per connection. */
const acceptsLocalInfile = new WeakMap<MysqlConnection, boolean>();

async function serverAcceptsLocalInfile(connection: MysqlConnection): Promise<boolean> {
  const known = acceptsLocalInfile.get(connection);
  if (known !== undefined) return known;
  const rows = await run<{ on: number | string }[]>(connection, 'SELECT @@local_infile AS `on`');
  const accepts = Number(rows[0]?.on) === 1;
  acceptsLocalInfile.set(connection, accepts);
  return accepts;
}

/** `loadData: false` keeps to INSERTs even where the server would take LOAD DATA (tests use it). */
export function createMysqlBulk(options: { loadData: boolean }): BulkDialect {
  return {
    oneWriter: false,
    rowsPerStatement: (columns) => Math.max(1, Math.floor(BATCH_VALUES / columns)),
    async begin(sequelize: Sequelize) {
      const transaction = await sequelize.transaction();
      try {
        // Asked here, because writers are made synchronously from the transaction.
        if (options.loadData) await serverAcceptsLocalInfile(driverConnectionOf(transaction));
      } catch (error) {
        await transaction.rollback();
        throw error;
      }
      return transaction;
    },
    writer(transaction) {
      const connection = driverConnectionOf<MysqlConnection>(transaction);
      return new MysqlWriter(connection, options.loadData && acceptsLocalInfile.get(connection) === true);
    },
  };
}

export const mysqlBulk = createMysqlBulk({ loadData: true });
