import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostDataUpdateCheck } from '../../../common/contracts/data-updates.ts';
import {
  buildAdminTestApp,
  createTestAdmin,
  SAME_ORIGIN,
  signInTestAdmin,
} from '../../../tests/support/admin-app.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '../../../tests/support/database.ts';
import { startPoliceApiDouble, type PoliceApiDouble } from '../../../tests/support/police-api/double.ts';
import {
  filesImported,
  FORCES,
  forcesHolding,
  holdOneMonthAndPublishAnother,
} from '../../../tests/support/new-month-archive.ts';
import type { App } from '../app.ts';
import { createLeaseService, IMPORT_LEASE } from '../police-data/import/import-lease.ts';

/**
 * Ctrl-C (the API's close) while a scheduled check's child import is writing a new month: the
 * child is stopped, what it had written of the month is taken out (a month is whole or absent),
 * the leases are free for the next check, and the check is recorded as failed (stopped), never as
 * a success.
 */

const HELD = '2024-01';
const NEW = '2024-02';

describe.each(testDialects)('a scheduled import stopped by the API closing on %s', (dialect) => {
  let db: TestDatabase;
  let police: PoliceApiDouble;
  let app: App;

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    police = await startPoliceApiDouble();
    await holdOneMonthAndPublishAnother(db.sequelize, police, HELD, NEW);
    ({ app } = await buildAdminTestApp({
      sequelize: db.sequelize,
      databaseUrl: db.url,
      env: { POLICE_API_URL: police.baseUrl, POLICE_ARCHIVE_URL: police.archiveUrl },
    }));
    await createTestAdmin(db.sequelize);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await police?.close();
    await db?.drop();
  });

  it('stops the child, takes out what it wrote of the month, frees the leases and records the check as failed', async () => {
    const stopping = await buildAdminTestApp({
      sequelize: db.sequelize,
      databaseUrl: db.url,
      env: { POLICE_API_URL: police.baseUrl, POLICE_ARCHIVE_URL: police.archiveUrl },
    });
    const importLease = createLeaseService(db.sequelize, { name: IMPORT_LEASE });
    const checking = stopping.app.dataUpdater.runCheck();
    // The child has written the first file of the new month (committed, recorded), not the last.
    await expect
      .poll(() => filesImported(db.sequelize, NEW), { timeout: 90_000, interval: 20 })
      .toBeGreaterThan(0);
    const child = await importLease.current();
    expect(child?.live).toBe(true);
    await stopping.app.close();

    const state = await checking;
    expect(state).toMatchObject({ result: 'failed' });
    expect(state?.message).toMatch(
      /was stopped \(the API was shutting down\); the \d+ force-month\(s\) it had written were taken out/,
    );
    // The child is gone, and with it its hold on the store.
    expect(() => process.kill(child!.pid, 0)).toThrow();
    expect((await importLease.current())?.live ?? false).toBe(false);
    // No half month: what the child had written of it (a file at least) is taken out again.
    expect(await forcesHolding(db.sequelize, NEW)).toBe(0);
    const status = (await app.inject({ method: 'GET', url: '/api/data-status' })).json<{
      lastCheck: { result: string; message: string };
    }>();
    expect(status.lastCheck.result).toBe('failed');

    // The next "Check now" runs, and brings the whole month in.
    const cookie = await signInTestAdmin(app);
    const res = await app.inject({
      method: PostDataUpdateCheck.method,
      url: PostDataUpdateCheck.path,
      headers: SAME_ORIGIN,
      cookies: cookie,
    });
    expect(res.statusCode).toBe(202);
    await expect
      .poll(
        async () =>
          (await app.inject({ method: 'GET', url: '/api/data-status' })).json<{
            lastCheck: { result: string };
          }>().lastCheck.result,
        { timeout: 120_000, interval: 200 },
      )
      .toBe('imported');
    expect(await forcesHolding(db.sequelize, NEW)).toBe(FORCES.length);
  }, 300_000);
});
