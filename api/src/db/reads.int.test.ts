import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseError, QueryTypes, type Sequelize } from 'sequelize';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../../../tests/support/database.ts';
import { isDatabaseUnavailable } from './availability.ts';
import { disableFastSqliteReads } from './fast-sqlite.ts';
import { openDatabase } from './connection.ts';
import { inSnapshot, openSnapshot, readRows, selectRows } from './reads.ts';

describe('reads of an SQLite file on its own connection', () => {
  const open: Sequelize[] = [];
  const dirs: string[] = [];
  afterEach(async () => {
    for (const sequelize of open.splice(0)) await sequelize.close();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  async function store(url?: string) {
    let location = url;
    if (!location) {
      const dir = mkdtempSync(join(tmpdir(), 'cc-reads-'));
      dirs.push(dir);
      location = `sqlite:${join(dir, 'store.sqlite')}`;
    }
    const logged: string[] = [];
    const sequelize = openDatabase({ url: location, log: (sql) => logged.push(sql) });
    open.push(sequelize);
    await sequelize.query('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, n REAL)');
    return { sequelize, logged };
  }

  it('see every committed write, the same statement asked again included', async () => {
    const { sequelize, logged } = await store();
    const sql = 'SELECT id, name, n FROM t WHERE id IN (:ids) ORDER BY id';
    await sequelize.query("INSERT INTO t VALUES (1, 'a', 1.5), (2, 'b', NULL)");
    expect(await readRows(sequelize, sql, { ids: [1, 2, 3] })).toEqual([
      { id: 1, name: 'a', n: 1.5 },
      { id: 2, name: 'b', n: null },
    ]);
    await sequelize.transaction(async (transaction) => {
      await sequelize.query("INSERT INTO t VALUES (3, 'c', 3)", { transaction });
      // Not committed yet: the reader's snapshot does not have it.
      expect(await readRows(sequelize, sql, { ids: [1, 2, 3] })).toHaveLength(2);
    });
    expect((await readRows<{ id: number }>(sequelize, sql, { ids: [1, 2, 3] })).map((r) => r.id)).toEqual([
      1, 2, 3,
    ]);
    expect(logged.filter((line) => line.startsWith('Executing (reader): '))).toHaveLength(3);
  });

  it('format replacements as Sequelize does: quotes in text are data, not SQL', async () => {
    const { sequelize } = await store();
    await sequelize.query(`INSERT INTO t VALUES (1, 'it''s', 0)`);
    expect(await readRows(sequelize, 'SELECT id FROM t WHERE name = :name', { name: "it's" })).toEqual([
      { id: 1 },
    ]);
    expect(
      await readRows(sequelize, 'SELECT id FROM t WHERE name = :name', { name: "x' OR '1'='1" }),
    ).toEqual([]);
  });

  it('fail as a rejected promise, not a throw', async () => {
    const { sequelize } = await store();
    const read = readRows(sequelize, 'SELECT x FROM nowhere');
    await expect(read).rejects.toThrow(/no such table/);
  });

  it('go through Sequelize for a store in memory, which no second connection can see', async () => {
    const { sequelize, logged } = await store('sqlite::memory:');
    await sequelize.query("INSERT INTO t VALUES (7, 'm', 0)");
    expect(await readRows(sequelize, 'SELECT id FROM t')).toEqual([{ id: 7 }]);
    expect(logged.some((line) => line.startsWith('Executing (reader): '))).toBe(false);
  });
});

describe.runIf(testDialects.includes('mysql'))('reads of a MySQL store on a pooled connection', () => {
  let db: TestDatabase;
  let sequelize: Sequelize;
  const logged: string[] = [];

  beforeAll(async () => {
    db = await createTestDatabase('mysql');
    sequelize = openDatabase({ url: db.url, log: (sql) => logged.push(sql), queryTimeoutMs: 1_000 });
    await sequelize.query('CREATE TABLE t (id INTEGER PRIMARY KEY, name VARCHAR(20), n DOUBLE, c INTEGER)');
    await sequelize.query("INSERT INTO t VALUES (1, 'it''s', 1.5, 2), (2, 'b', NULL, 3)");
  });
  afterAll(async () => {
    await sequelize?.close();
    await db?.drop();
  });

  it('return the rows Sequelize returns, replacements formatted as Sequelize formats them', async () => {
    const sql =
      'SELECT id, name, n, SUM(c) AS total FROM t WHERE id IN (:ids) GROUP BY id, name, n ORDER BY id';
    const direct = await sequelize.query(sql, {
      replacements: { ids: [1, 2, 3] },
      type: QueryTypes.SELECT,
      raw: true,
      logging: false,
    });
    logged.length = 0;
    const read = await readRows(sequelize, sql, { ids: [1, 2, 3] });
    expect(read).toEqual(direct);
    expect(read).toHaveLength(2);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/^Executing \(reader\): SELECT .* IN \(1, 2, 3\)/);
    expect(
      await readRows(sequelize, 'SELECT id FROM t WHERE name = :name', { name: "x' OR '1'='1" }),
    ).toEqual([]);
  });

  it('fail as Sequelize fails: a bad statement is a DatabaseError, not a lost server', async () => {
    const failure = await readRows(sequelize, 'SELECT x FROM nowhere').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DatabaseError);
    expect((failure as Error).message).toMatch(/nowhere/);
    expect(isDatabaseUnavailable(failure)).toBe(false);
  });

  it('keep the statement timeout of the connection, and give the connection back either way', async () => {
    const failure = await readRows(sequelize, 'SELECT SLEEP(3) AS s').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DatabaseError);
    // The pool (10 connections) still serves reads after many in a row, failed ones included.
    for (let i = 0; i < 25; i++) await readRows(sequelize, 'SELECT x FROM nowhere').catch(() => {});
    expect(await readRows(sequelize, 'SELECT COUNT(*) AS n FROM t')).toEqual([{ n: 2 }]);
  });

  it('share the pool among many reads at once, failed ones included, and each gets its own rows', async () => {
    const reads = Array.from({ length: 60 }, (_, i) =>
      i % 3 === 0
        ? readRows(sequelize, 'SELECT x FROM nowhere').then(
            () => 'answered',
            (error: unknown) => (error instanceof DatabaseError ? 'failed' : 'other'),
          )
        : readRows<{ id: number }>(sequelize, 'SELECT id FROM t WHERE id = :id', { id: (i % 2) + 1 }).then(
            (rows) => (rows.length === 1 && rows[0]!.id === (i % 2) + 1 ? 'answered' : 'wrong rows'),
          ),
    );
    const outcomes = await Promise.all(reads);
    expect(outcomes.filter((o) => o === 'failed')).toHaveLength(20);
    expect(outcomes.filter((o) => o === 'answered')).toHaveLength(40);
    expect(await readRows(sequelize, 'SELECT COUNT(*) AS n FROM t')).toEqual([{ n: 2 }]);
  });
});

/**
 * An import may commit while a search reads, so one answer's reads see one state of the store. A
 * write committed by another connection between two reads of a snapshot is not seen by the second
 * (nor by a read asked through Sequelize's path, `selectRows`); the next snapshot sees it.
 */
// Last in the file: the case without better-sqlite3 turns it off for the rest of this worker.
const snapshotCases = [
  ...testDialects.map((dialect) => ({
    dialect,
    how: dialect === 'mysql' ? 'a pooled connection' : 'better-sqlite3',
  })),
  { dialect: 'sqlite' as const, how: 'Sequelize, where better-sqlite3 cannot run' },
];
describe.each(snapshotCases)('a snapshot of the store, on $dialect through $how', ({ dialect, how }) => {
  let db: TestDatabase;
  let sequelize: Sequelize;
  let writer: Sequelize;

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    if (how.startsWith('Sequelize')) disableFastSqliteReads('the test of the fallback');
    // The API's handle: a file store gets its reader, MySQL its pool and statement limit.
    sequelize = openDatabase({ url: db.url, queryTimeoutMs: dialect === 'mysql' ? 1_000 : undefined });
    writer = db.sequelize;
    await writer.query('CREATE TABLE t (id INTEGER PRIMARY KEY, n INTEGER)');
    await writer.query('INSERT INTO t VALUES (1, 10)');
  });
  afterAll(async () => {
    await sequelize?.close();
    await db?.drop();
  });

  const total = async (read: typeof readRows) =>
    Number((await read<{ n: number }>(sequelize, 'SELECT SUM(n) AS n FROM t'))[0]!.n);

  it('reads the state of its first read to its end, whatever is committed meanwhile', async () => {
    const seen = await inSnapshot(sequelize, async () => {
      const first = await total(readRows);
      await writer.query('INSERT INTO t VALUES (2, 5)');
      // Asked together, as a search asks its statements.
      const [second, third] = await Promise.all([total(readRows), total(selectRows)]);
      return [first, second, third];
    });
    expect(seen).toEqual([10, 10, 10]);
    expect(await total(readRows)).toBe(15);
    expect(await inSnapshot(sequelize, () => total(selectRows))).toBe(15);
  });

  it('is shared by the work it starts, and one opened inside it is the same one', async () => {
    const snapshot = await openSnapshot(sequelize);
    try {
      const before = await snapshot.run(() => total(readRows));
      await writer.query('INSERT INTO t VALUES (3, 1)');
      const later = await snapshot.run(
        () =>
          new Promise<number>((resolve, reject) => {
            setTimeout(() => inSnapshot(sequelize, () => total(selectRows)).then(resolve, reject), 10);
          }),
      );
      expect(later).toBe(before);
      expect(await total(readRows)).toBe(before + 1);
    } finally {
      await snapshot.end();
      await snapshot.end();
    }
  });

  it('gives its connection back when its work fails, and the next snapshot reads on', async () => {
    for (let i = 0; i < 30; i++) {
      await expect(inSnapshot(sequelize, () => readRows(sequelize, 'SELECT x FROM nowhere'))).rejects.toThrow(
        /nowhere/,
      );
    }
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => inSnapshot(sequelize, () => total(readRows))),
    );
    expect(new Set(answers).size).toBe(1);
  });

  it.runIf(dialect === 'mysql')('keeps the statement time limit, and the pool goes on', async () => {
    const failure = await inSnapshot(sequelize, () => readRows(sequelize, 'SELECT SLEEP(3) AS s')).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(DatabaseError);
    expect(String((failure as Error).message)).toMatch(/timeout|timed out/i);
    expect(await inSnapshot(sequelize, () => total(readRows))).toBeGreaterThan(0);
  });
});
