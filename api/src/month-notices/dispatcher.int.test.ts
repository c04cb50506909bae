import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../../../tests/support/database.ts';
import { createLeaseService, IMPORT_LEASE } from '../police-data/import/import-lease.ts';
import { createMonthNoticesDispatcher, MONTH_NOTICES_LEASE, type MonthNotice } from './dispatcher.ts';

/** Two API nodes' dispatchers on one store, each with a consumer that writes one row per notice. */
describe.each(testDialects)('month notices on %s', (dialect) => {
  let db: TestDatabase;
  const heard: MonthNotice[] = [];

  const node = (name: string, failing = false) =>
    createMonthNoticesDispatcher({
      sequelize: db.sequelize,
      lease: createLeaseService(db.sequelize, { name: MONTH_NOTICES_LEASE }),
      importLease: createLeaseService(db.sequelize, { name: IMPORT_LEASE }),
      dataVersion: async () => `v-${name}`,
      consumers: [
        async (notice) => {
          return async (transaction) => {
            // Written with the month's record: both or neither.
            await db.sequelize.query(
              'INSERT INTO rate_limits (bucket, window_start, count) VALUES (?, 0, 1)',
              {
                replacements: [`notice:${notice.month}:${name}`],
                transaction,
              },
            );
            if (failing) throw new Error('consumer failed');
            heard.push(notice);
          };
        },
      ],
    });
  const hold = (month: number) =>
    db.sequelize.getQueryInterface().bulkInsert('dataset_months', [
      {
        force_id: 'kent',
        month,
        dataset: 'street',
        row_count: 1,
        skipped_count: 0,
        synthetic: true,
        import_id: null,
        imported_at: new Date(),
      },
    ]);
  const notified = async () =>
    (
      await db.sequelize.query<{ month: number }>('SELECT month FROM notified_months ORDER BY month', {
        type: QueryTypes.SELECT,
      })
    ).map((r) => Number(r.month));

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    await hold(202505);
  });
  afterAll(async () => db?.drop());

  it('records what a new store holds without announcing it', async () => {
    expect(await node('a').runOnce()).toEqual([]);
    expect(await notified()).toEqual([202505]);
    expect(heard).toEqual([]);
  });

  it('announces a new month once, however many nodes check at once', async () => {
    await hold(202506);
    const results = await Promise.all(['a', 'b', 'c', 'd'].map((name) => node(name).runOnce()));
    expect(results.flat()).toEqual(['2025-06']);
    expect(heard.map((n) => n.month)).toEqual(['2025-06']);
    expect(await notified()).toEqual([202505, 202506]);
  });

  it('waits while an import runs, and keeps a month whose consumers failed for the next check', async () => {
    await hold(202507);
    const importLease = createLeaseService(db.sequelize, { name: IMPORT_LEASE });
    const taken = await importLease.acquire();
    expect(taken.acquired).toBe(true);
    expect(await node('a').runOnce()).toEqual([]);
    if (taken.acquired) await importLease.release(taken.lease);

    await expect(node('a', true).runOnce()).rejects.toThrow('consumer failed');
    expect(await notified()).toEqual([202505, 202506]);
    expect(await node('b').runOnce()).toEqual(['2025-07']);
    expect(heard.map((n) => n.month)).toEqual(['2025-06', '2025-07']);
    expect(heard[1]!.dataVersion).toBe('v-b');
  });
});
