import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataStatus, GetDataStatus, type ForceDataStatus } from '../../../common/contracts/data-status.ts';
import { POLICE_FORCES } from '../../../common/police/forces.ts';
import { buildAdminTestApp } from '../../../tests/support/admin-app.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '../../../tests/support/database.ts';
import { csvText, STREET_HEADER, streetRows, writeFiles } from '../../../tests/support/police-archive.ts';
import type { App } from '../app.ts';
import { importSources } from '../police-data/import/index.ts';
import { storeDerivedTables } from '../police-data/store-derived-tables.ts';
import {
  createDataStatusService,
  UPDATES_OFF_MESSAGE,
  type DataStatusService,
} from './data-status-service.ts';

const street = (month: string, forceName: string, count: number, seed: number) =>
  csvText(STREET_HEADER, streetRows(count, { month, forceName, seed }));

/**
 * An archive as data.police.uk publishes it, imported as `npm run import <folder>` does: Kent
 * both months, Essex January (its February file is broken, so the run fails on it), Greater
 * Manchester neither (it publishes no street crime).
 */
const ARCHIVE = {
  '2024-01/2024-01-kent-street.csv': street('2024-01', 'Kent Police', 20, 1),
  '2024-01/2024-01-essex-street.csv': street('2024-01', 'Essex Police', 15, 2),
  '2024-02/2024-02-kent-street.csv': street('2024-02', 'Kent Police', 12, 3),
  '2024-02/2024-02-essex-street.csv': 'a,b,c\n1,2,3\n',
};

const forceOf = (status: DataStatus, id: string): ForceDataStatus => {
  const force = status.forces.find((f) => f.id === id);
  if (!force) throw new Error(`no force ${id}`);
  return force;
};

describe.each(testDialects)('data status on %s', (dialect) => {
  let db: TestDatabase;
  let service: DataStatusService;
  let dir: string;
  // The status's stamp after each step: every finished import run must change it.
  const stamps: string[] = [];

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    service = createDataStatusService({ sequelize: db.sequelize });
    dir = mkdtempSync(join(tmpdir(), 'cc-data-status-'));
  });
  afterAll(async () => {
    await db?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('says nothing is held in an empty store, and that scheduled updates are off', async () => {
    const status = await service.status();
    expect(status).toMatchObject({
      latestMonth: null,
      lastImportAt: null,
      nextCheckAt: null,
      lastCheck: { at: null, result: 'off', message: UPDATES_OFF_MESSAGE },
    });
    expect(status.forces).toHaveLength(POLICE_FORCES.length);
    expect(status.forces.every((f) => f.months.length === 0)).toBe(true);
    stamps.push(await service.stamp());
  });

  it('lists each force-month of the store as held, missing or not imported', async () => {
    writeFiles(join(dir, 'archive'), ARCHIVE);
    const before = Date.now();
    const summary = await importSources(db.sequelize, [join(dir, 'archive')], {
      derivedTables: storeDerivedTables,
    });
    expect(summary.status).toBe('partial');
    stamps.push(await service.stamp());

    const status = await service.status();
    expect(Value.Check(DataStatus, status)).toBe(true);
    expect(status.latestMonth).toBe('2024-02');
    const lastImport = Date.parse(status.lastImportAt!);
    expect(lastImport).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(lastImport).toBeLessThanOrEqual(Date.now());
    expect(forceOf(status, 'kent').months).toEqual([
      { month: '2024-01', crimes: 20, status: 'held' },
      { month: '2024-02', crimes: 12, status: 'held' },
    ]);
    expect(forceOf(status, 'essex').months).toEqual([
      { month: '2024-01', crimes: 15, status: 'held' },
      { month: '2024-02', crimes: null, status: 'not-imported' },
    ]);
    expect(forceOf(status, 'greater-manchester').months).toEqual([
      { month: '2024-01', crimes: null, status: 'missing' },
      { month: '2024-02', crimes: null, status: 'missing' },
    ]);
    expect(status.forces.map((f) => f.name)).toEqual(
      POLICE_FORCES.map((f) => f.name).sort((a, b) => a.localeCompare(b, 'en-GB')),
    );
  });

  it('calls a month missing again once a later run no longer fails on its file', async () => {
    // Only Kent's files: the run that is now the latest did not meet Essex's broken file.
    writeFiles(join(dir, 'kent-only'), {
      '2024-02/2024-02-kent-street.csv': street('2024-02', 'Kent Police', 14, 4),
    });
    await importSources(db.sequelize, [join(dir, 'kent-only')], { derivedTables: storeDerivedTables });
    stamps.push(await service.stamp());
    expect(new Set(stamps).size).toBe(3);
    const status = await service.status();
    expect(forceOf(status, 'kent').months[1]).toEqual({ month: '2024-02', crimes: 14, status: 'held' });
    expect(forceOf(status, 'essex').months[1]).toEqual({ month: '2024-02', crimes: null, status: 'missing' });
  });

  describe('GET /api/data-status', () => {
    let app: App;
    beforeAll(async () => {
      ({ app } = await buildAdminTestApp({ sequelize: db.sequelize, databaseUrl: db.url }));
    });
    afterAll(async () => {
      await app?.close();
    });

    it('answers the service status within its contract', async () => {
      const res = await app.inject({ method: 'GET', url: GetDataStatus.path });
      expect(res.statusCode).toBe(200);
      const body: unknown = res.json();
      expect([...Value.Errors(DataStatus, body)]).toEqual([]);
      // The app's service reads its scheduled updater's checks (api/src/data-updates/) too.
      const withChecks = createDataStatusService({ sequelize: db.sequelize, checks: app.dataUpdater });
      expect(body).toEqual(await withChecks.status());
    });

    it('carries a strong ETag and a max-age, and answers 304 to it', async () => {
      const first = await app.inject({ method: 'GET', url: GetDataStatus.path });
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"[^"]+"$/);
      expect(first.headers['cache-control']).toBe('public, max-age=60');
      const again = await app.inject({
        method: 'GET',
        url: GetDataStatus.path,
        headers: { 'if-none-match': etag },
      });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      // A failed run changes the status but no held month: the tag changes all the same.
      writeFiles(join(dir, 'broken'), { '2024-03/2024-03-kent-street.csv': 'not,a,street,file\n' });
      await importSources(db.sequelize, [join(dir, 'broken')], { derivedTables: storeDerivedTables });
      const after = await app.inject({
        method: 'GET',
        url: GetDataStatus.path,
        headers: { 'if-none-match': etag },
      });
      expect(after.statusCode).toBe(200);
      expect(after.headers.etag).not.toBe(etag);
    });
  });
});
