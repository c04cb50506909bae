import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../../../../tests/support/database.ts';
import { MYSQL_TABLE_OPTIONS } from '../mysql-session.ts';
import { createMysqlBulk } from './mysql.ts';
import { sqliteBulk } from './sqlite.ts';
import type { BulkDialect, BulkValue } from './types.ts';
import { SORTED_RUNS_ORDER, feedSortedRuns } from '../../../../tests/support/sorted-runs.ts';

/** Values that break naive SQL quoting or tab-separated text, each of which must come back as sent. */
const AWKWARD_TEXT = [
  "O'Brien Road",
  'back\\slash and \\N and \\t literally',
  'tab\there',
  'line\nbreak and\r\nwindows one',
  'quote " and `backtick`',
  'Ystrad Mynach – Caerffili ☕ 𝔘nicode',
  '',
  ' leading and trailing spaces ',
  'NULL',
];

const writers: { name: string; dialect: 'sqlite' | 'mysql'; bulk: BulkDialect }[] = [
  { name: 'sqlite', dialect: 'sqlite', bulk: sqliteBulk },
  ...(testDialects.includes('mysql')
    ? [
        {
          name: 'mysql, LOAD DATA LOCAL',
          dialect: 'mysql' as const,
          bulk: createMysqlBulk({ loadData: true }),
        },
        { name: 'mysql, INSERT', dialect: 'mysql' as const, bulk: createMysqlBulk({ loadData: false }) },
      ]
    : []),
];

describe.each(writers)('bulk writer on $name', ({ name, dialect, bulk }) => {
  let db: TestDatabase;
  const columns = ['name', 'amount', 'ratio', 'flag', 'note'] as const;

  const tableOptions = dialect === 'mysql' ? ` ${MYSQL_TABLE_OPTIONS}` : '';
  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    await db.sequelize.query(
      `CREATE TABLE bulk_probe (id INTEGER PRIMARY KEY ${dialect === 'mysql' ? 'AUTO_INCREMENT' : 'AUTOINCREMENT'},
        name VARCHAR(200) NOT NULL, amount BIGINT, ratio DOUBLE, flag SMALLINT, note VARCHAR(20))${tableOptions}`,
    );
    await db.sequelize.query(`CREATE TABLE bulk_keyed (k VARCHAR(20) PRIMARY KEY, v INTEGER)${tableOptions}`);
  });
  afterAll(async () => {
    await db?.drop();
  });

  async function insertRows(values: BulkValue[]) {
    const transaction = await bulk.begin(db.sequelize);
    try {
      await bulk.writer(transaction).insert('bulk_probe', columns, values);
      await transaction.commit();
    } catch (error) {
      await transaction.rollback();
      throw error;
    }
  }

  it('stores every value exactly as given: awkward text, NULL, big and fractional numbers, booleans', async () => {
    await db.sequelize.query('DELETE FROM bulk_probe');
    const doubles = [51.501009, -0.141588, 0.1 + 0.2, 1e-7, -123456.789012345];
    const values: BulkValue[] = [];
    AWKWARD_TEXT.forEach((text, i) => {
      values.push(text, 2 ** 40 + i, doubles[i % doubles.length]!, i % 2 === 0, i % 3 === 0 ? null : `n${i}`);
    });
    await insertRows(values);
    const rows = await db.sequelize.query<Record<string, unknown>>(
      'SELECT name, amount, ratio, flag, note FROM bulk_probe ORDER BY id',
      { type: QueryTypes.SELECT },
    );
    expect(rows.map((r) => [r.name, Number(r.amount), Number(r.ratio), Number(r.flag), r.note])).toEqual(
      AWKWARD_TEXT.map((text, i) => [
        text,
        2 ** 40 + i,
        doubles[i % doubles.length],
        i % 2 === 0 ? 1 : 0,
        i % 3 === 0 ? null : `n${i}`,
      ]),
    );
  });

  // SQLite does not enforce column widths. LOAD DATA LOCAL would truncate with a mere warning.
  it.skipIf(dialect === 'sqlite')(
    'fails the statement, and keeps nothing of it, when a value does not fit its column',
    async () => {
      await db.sequelize.query('DELETE FROM bulk_probe');
      await expect(
        insertRows(['fits', 1, 1, true, 'ok', 'too long', 2, 2, false, 'x'.repeat(50)]),
      ).rejects.toThrow();
      const counted = await db.sequelize.query<{ n: number }>('SELECT COUNT(*) AS n FROM bulk_probe', {
        type: QueryTypes.SELECT,
      });
      expect(Number(counted[0]?.n)).toBe(0);
    },
  );

  it("stores a batch of the dialect's statement size, which INSERTs split into several statements", async () => {
    await db.sequelize.query('DELETE FROM bulk_probe');
    const rows = bulk.rowsPerStatement(columns.length);
    const values: BulkValue[] = [];
    for (let i = 0; i < rows; i++) values.push(`row ${i}`, i, i / 7, i % 2 === 0, null);
    await insertRows(values);
    const stored = await db.sequelize.query<{ n: number; total: number }>(
      'SELECT COUNT(*) AS n, SUM(amount) AS total FROM bulk_probe',
      { type: QueryTypes.SELECT },
    );
    expect([Number(stored[0]?.n), Number(stored[0]?.total)]).toEqual([rows, (rows * (rows - 1)) / 2]);
  });

  it('upserts by key, replacing the other columns', async () => {
    const transaction = await bulk.begin(db.sequelize);
    const writer = bulk.writer(transaction);
    await writer.upsert('bulk_keyed', ['k', 'v'], ['k'], ['a', 1, "b'b", 2]);
    await writer.upsert('bulk_keyed', ['k', 'v'], ['k'], ["b'b", 3, 'c', 4]);
    await transaction.commit();
    const rows = await db.sequelize.query<{ k: string; v: number }>(
      'SELECT k, v FROM bulk_keyed ORDER BY k',
      {
        type: QueryTypes.SELECT,
      },
    );
    expect(rows.map((r) => [r.k, Number(r.v)])).toEqual([
      ['a', 1],
      ["b'b", 3],
      ['c', 4],
    ]);
  });

  it.skipIf(dialect !== 'sqlite')(
    'writes rows sorted run by run through the sorted inserter, every value intact, nothing left staged',
    async () => {
      await db.sequelize.query('DELETE FROM bulk_probe');
      const transaction = await bulk.begin(db.sequelize);
      const inserter = bulk.writer(transaction).sortedInserter!('bulk_probe', columns, ['amount', 'ratio'], {
        runRows: 3,
      });
      await feedSortedRuns(inserter);
      await transaction.commit();
      const rows = await db.sequelize.query<{ name: string }>('SELECT name FROM bulk_probe ORDER BY id', {
        type: QueryTypes.SELECT,
      });
      expect(rows.map((r) => r.name)).toEqual(SORTED_RUNS_ORDER);
      const staged = await db.sequelize.query<{ n: number }>(
        "SELECT COUNT(*) AS n FROM sqlite_temp_master WHERE name = 'staged_bulk_probe'",
        { type: QueryTypes.SELECT },
      );
      expect(Number(staged[0]?.n)).toBe(0);
    },
  );

  it.skipIf(name !== 'mysql, LOAD DATA LOCAL')(
    'streams rows of several batches into one LOAD DATA, awkward text intact, and fails on a value that does not fit',
    async () => {
      await db.sequelize.query('DELETE FROM bulk_probe');
      const transaction = await bulk.begin(db.sequelize);
      const load = bulk.writer(transaction).fileLoader!('bulk_probe', columns);
      for (const [i, text] of AWKWARD_TEXT.entries()) await load.add([text, i, i / 4, i % 2 === 0, null]);
      await load.finish();
      await transaction.commit();
      const rows = await db.sequelize.query<{ name: string; amount: number }>(
        'SELECT name, amount FROM bulk_probe ORDER BY id',
        { type: QueryTypes.SELECT },
      );
      expect(rows.map((r) => [r.name, Number(r.amount)])).toEqual(AWKWARD_TEXT.map((text, i) => [text, i]));

      const failing = await bulk.begin(db.sequelize);
      const bad = bulk.writer(failing).fileLoader!('bulk_probe', columns);
      await bad.add(['too long', 1, 1, true, 'x'.repeat(50)]);
      await expect(bad.finish()).rejects.toThrow(/changed or refused/);
      await failing.rollback();
    },
  );

  it.skipIf(name !== 'mysql, LOAD DATA LOCAL')(
    'stops a file load half way so that the transaction rolls back, keeping none of its rows',
    async () => {
      await db.sequelize.query('DELETE FROM bulk_probe');
      const transaction = await bulk.begin(db.sequelize);
      const load = bulk.writer(transaction).fileLoader!('bulk_probe', columns);
      await load.add(['kept?', 1, 1, true, null]);
      await load.abort!();
      // Without the abort, the LOAD DATA would still wait for rows and the rollback behind it.
      await transaction.rollback();
      const counted = await db.sequelize.query<{ n: number }>('SELECT COUNT(*) AS n FROM bulk_probe', {
        type: QueryTypes.SELECT,
      });
      expect(Number(counted[0]?.n)).toBe(0);
    },
  );

  it.skipIf(dialect !== 'mysql')('offers no sorted inserter: MySQL rows go straight in', async () => {
    const transaction = await bulk.begin(db.sequelize);
    try {
      expect(bulk.writer(transaction).sortedInserter).toBeUndefined();
    } finally {
      await transaction.rollback();
    }
  });
});
