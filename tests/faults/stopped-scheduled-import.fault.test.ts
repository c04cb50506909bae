// Ctrl-C (SIGINT) to the built API process while its scheduled check's child import writes a new
// month: the API exits 0, the child is stopped, what it wrote of the month is taken out, the
// import lease is free and the check is recorded as failed ("was stopped"). The same through the
// app's close, with the following "Check now": api/src/data-updates/stopped-import.int.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDataUpdateState } from '../../api/src/db/data-update-checks.ts';
import { createLeaseService, IMPORT_LEASE } from '../../api/src/police-data/import/import-lease.ts';
import { startApiProcess } from '../support/api-process.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import {
  filesImported,
  FORCES,
  forcesHolding,
  holdOneMonthAndPublishAnother,
} from '../support/new-month-archive.ts';
import { startPoliceApiDouble, type PoliceApiDouble } from '../support/police-api/double.ts';

const HELD = '2024-01';
const NEW = '2024-02';

describe('SIGINT to the API during a scheduled import', () => {
  let db: TestDatabase;
  let police: PoliceApiDouble;

  beforeAll(async () => {
    db = await createTestDatabase('sqlite');
    police = await startPoliceApiDouble();
    await holdOneMonthAndPublishAnother(db.sequelize, police, HELD, NEW);
  });
  afterAll(async () => {
    await police?.close();
    await db?.drop();
  });

  it('stops the child, takes out what it wrote of the month, frees the lease and records the check as failed', async () => {
    // No check has run, so the process's first one comes soon after its start.
    const api = await startApiProcess({
      DATABASE_URL: db.url,
      POLICE_API_URL: police.baseUrl,
      POLICE_ARCHIVE_URL: police.archiveUrl,
      DATA_UPDATE_INTERVAL_MINUTES: '1440',
    });
    const importLease = createLeaseService(db.sequelize, { name: IMPORT_LEASE });
    try {
      await expect
        .poll(() => filesImported(db.sequelize, NEW), { timeout: 120_000, interval: 20 })
        .toBeGreaterThan(0);
      const child = await importLease.current();
      expect(child?.live).toBe(true);
      process.kill(api.pid, 'SIGINT');
      expect(await api.stop()).toBe(0);
      expect(() => process.kill(child!.pid, 0)).toThrow();
    } finally {
      if (api.alive()) await api.stop();
    }
    expect((await importLease.current())?.live ?? false).toBe(false);
    expect(await forcesHolding(db.sequelize, NEW)).toBe(0);
    expect(await forcesHolding(db.sequelize, HELD)).toBe(FORCES.length);
    const state = await readDataUpdateState(db.sequelize);
    expect(state.result).toBe('failed');
    expect(state.message).toMatch(/was stopped \(the API was shutting down\)/);
  });
});
