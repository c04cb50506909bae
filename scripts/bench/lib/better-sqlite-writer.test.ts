import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fastSqliteReadsOff } from '../../../api/src/db/fast-sqlite.ts';
import { BetterSqliteWriter } from './better-sqlite-writer.ts';
import type { BulkValue } from '../../../api/src/db/bulk/types.ts';
import { SORTED_RUNS_ORDER, feedSortedRuns } from '../../../tests/support/sorted-runs.ts';

const columns = ['name', 'amount', 'ratio', 'flag', 'note'] as const;

// better-sqlite3 crashes a Node it does not support (Node 20) at its first statement.
describe.skipIf(fastSqliteReadsOff() !== undefined)('better-sqlite3 bulk writer', () => {
  let db: Database.Database;
  let writer: BetterSqliteWriter;

  beforeEach(() => {
    db = new Database(':memory:');
    db.exec(`CREATE TABLE bulk_probe (id INTEGER PRIMARY KEY AUTOINCREMENT, name VARCHAR(200) NOT NULL,
      amount BIGINT, ratio DOUBLE, flag SMALLINT, note VARCHAR(20))`);
    db.exec('CREATE TABLE bulk_keyed (k VARCHAR(20) PRIMARY KEY, v INTEGER)');
    writer = new BetterSqliteWriter(db);
  });
  afterEach(() => db.close());

  const stored = () =>
    db
      .prepare('SELECT name, amount, ratio, flag, note, typeof(amount) AS t FROM bulk_probe ORDER BY id')
      .all();

  it('stores values as node-sqlite3 does: booleans as 1/0, integers as integers, NUL dropped', async () => {
    await writer.insert('bulk_probe', columns, [
      "O'Brien\0 Road",
      2 ** 40,
      0.1 + 0.2,
      true,
      null,
      'tab\there',
      3,
      -1.5,
      false,
      'n',
    ]);
    expect(stored()).toEqual([
      { name: "O'Brien Road", amount: 2 ** 40, ratio: 0.1 + 0.2, flag: 1, note: null, t: 'integer' },
      { name: 'tab\there', amount: 3, ratio: -1.5, flag: 0, note: 'n', t: 'integer' },
    ]);
  });

  it('writes a batch longer than one statement, with a tail shorter than the others', async () => {
    const values: BulkValue[] = [];
    for (let i = 0; i < 1003; i++) values.push(`row ${i}`, i, i / 7, i % 2 === 0, null);
    await writer.insert('bulk_probe', columns, values);
    expect(db.prepare('SELECT COUNT(*) AS n, SUM(amount) AS total FROM bulk_probe').get()).toEqual({
      n: 1003,
      total: (1003 * 1002) / 2,
    });
  });

  it('rejects, rather than throws, when the database refuses a row', async () => {
    const failing = writer.insert('bulk_probe', columns, [null, 1, 1, true, null]);
    await expect(failing).rejects.toThrow(/NOT NULL/);
  });

  it('upserts by key, replacing the other columns', async () => {
    await writer.upsert('bulk_keyed', ['k', 'v'], ['k'], ['a', 1, "b'b", 2]);
    await writer.upsert('bulk_keyed', ['k', 'v'], ['k'], ["b'b", 3, 'c', 4]);
    expect(db.prepare('SELECT k, v FROM bulk_keyed ORDER BY k').all()).toEqual([
      { k: 'a', v: 1 },
      { k: "b'b", v: 3 },
      { k: 'c', v: 4 },
    ]);
  });

  it('writes rows sorted run by run through the sorted inserter, nothing left staged', async () => {
    const inserter = writer.sortedInserter('bulk_probe', columns, ['amount', 'ratio'], { runRows: 3 });
    await feedSortedRuns(inserter);
    expect(db.prepare('SELECT name FROM bulk_probe ORDER BY id').pluck().all()).toEqual(SORTED_RUNS_ORDER);
    expect(
      db.prepare("SELECT COUNT(*) FROM sqlite_temp_master WHERE name = 'staged_bulk_probe'").pluck().get(),
    ).toBe(0);
  });
});
