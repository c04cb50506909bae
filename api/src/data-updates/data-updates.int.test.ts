import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sequelize } from 'sequelize';
import { PostDataUpdateCheck } from '../../../common/contracts/data-updates.ts';
import {
  buildAdminTestApp,
  createTestAdmin,
  signInTestAdmin,
  SAME_ORIGIN,
} from '../../../tests/support/admin-app.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '../../../tests/support/database.ts';
import { startLocalSmtp, unusedPort, type LocalSmtp } from '../../../tests/support/local-smtp.ts';
import { startPoliceApiDouble, type PoliceApiDouble } from '../../../tests/support/police-api/double.ts';
import {
  archiveEntries,
  csvText,
  STREET_HEADER,
  streetRows,
  zipArchive,
} from '../../../tests/support/police-archive.ts';
import type { App } from '../app.ts';
import type { MailServices } from '../composition/mail.ts';
import { composePoliceApi } from '../composition/police-api.ts';
import { createLeaseService, IMPORT_LEASE } from '../police-data/import/import-lease.ts';
import { importSources } from '../police-data/import/index.ts';
import { storeDerivedTables } from '../police-data/store-derived-tables.ts';
import { alertAdminsThrough } from './admin-alert.ts';
import {
  CHECK_LEASE,
  createDataUpdater,
  FAILURES_BEFORE_EMAIL,
  type DataUpdaterOptions,
} from './data-updater.ts';
import { importProcess } from './import-process.ts';

const METRICS_TOKEN = 'test-metrics-token-0123456789abcdef';

const street = (month: string, forceName: string, count: number, seed: number) =>
  csvText(STREET_HEADER, streetRows(count, { month, forceName, seed }));

/** data.police.uk's archive of the given months, in its layout (YYYY-MM/YYYY-MM-<force>-street.csv). */
const archiveOf = (months: string[]) =>
  zipArchive(
    archiveEntries(
      Object.fromEntries(
        months.flatMap((month, i) => [
          [`${month}/${month}-kent-street.csv`, street(month, 'Kent Police', 10 + i, i + 1)],
          [`${month}/${month}-essex-street.csv`, street(month, 'Essex Police', 8 + i, i + 20)],
        ]),
      ),
    ),
  );
const datesOf = (months: string[]) =>
  [...months].reverse().map((date) => ({ date, 'stop-and-search': ['kent'] }));

function logSpy() {
  const lines: { level: string; message: string }[] = [];
  const at = (level: string) => (a: unknown, b?: unknown) =>
    void lines.push({ level, message: String(typeof a === 'string' ? a : b) });
  return {
    lines,
    log: { info: at('info'), warn: at('warn'), error: at('error') } as DataUpdaterOptions['log'],
  };
}

async function importReal(sequelize: Sequelize, archive: Buffer, dir: string) {
  const folder = mkdtempSync(join(tmpdir(), dir));
  const file = join(folder, 'archive.zip');
  writeFileSync(file, archive);
  return importSources(sequelize, [file], { derivedTables: storeDerivedTables });
}

describe.each(testDialects)('scheduled data update on %s', (dialect) => {
  let db: TestDatabase;
  let police: PoliceApiDouble;
  let app: App;
  let mail: MailServices;
  let cookie: Record<string, string>;
  let smtp: LocalSmtp;
  let smtpPort: number;

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    police = await startPoliceApiDouble();
    police.data.crimesStreetDates = datesOf(['2024-01']);
    police.archive = archiveOf(['2024-01']);
    smtpPort = await unusedPort();
    ({ app, ...mail } = await buildAdminTestApp({
      sequelize: db.sequelize,
      databaseUrl: db.url,
      env: {
        POLICE_API_URL: police.baseUrl,
        POLICE_ARCHIVE_URL: police.archiveUrl,
        SMTP_ALLOWED_PORTS: String(smtpPort),
        METRICS_TOKEN,
      },
    }));
    await createTestAdmin(db.sequelize);
    cookie = await signInTestAdmin(app);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await police?.close();
    await smtp?.close();
    await db?.drop();
  });

  const dataStatus = async () =>
    (await app.inject({ method: 'GET', url: '/api/data-status' })).json<{
      latestMonth: string | null;
      lastCheck: { at: string | null; result: string; message: string };
      nextCheckAt: string | null;
    }>();
  const version = async () =>
    (await app.inject({ method: 'GET', url: '/api/clock-data-version' })).json<{ version: string }>().version;

  it('stays off on the synthetic sample, and turns on by default once the store holds real data', async () => {
    expect(await app.dataUpdater.enabled()).toBe(false);
    expect((await dataStatus()).lastCheck.result).toBe('off');

    await db.sequelize.query(
      `INSERT INTO dataset_months (force_id, month, dataset, row_count, synthetic, imported_at) VALUES ('kent', 202301, 'street', 5, ?, ?)`,
      { replacements: [true, new Date()] },
    );
    expect(await app.dataUpdater.enabled()).toBe(false);
    await db.sequelize.query(`DELETE FROM dataset_months WHERE month = 202301`);

    expect((await importReal(db.sequelize, archiveOf(['2024-01']), 'cc-update-')).status).toBe('completed');
    expect(await app.dataUpdater.enabled()).toBe(true);
    const off = createDataUpdater({ ...updaterOptions(), intervalMinutes: 0 });
    expect(await off.enabled()).toBe(false);
  });

  const updaterOptions = (): DataUpdaterOptions => ({
    sequelize: db.sequelize,
    checkLease: createLeaseService(db.sequelize, { name: CHECK_LEASE }),
    importLease: createLeaseService(db.sequelize, { name: IMPORT_LEASE }),
    // A client of its own over the double, as the root builds the app's (short back-off).
    policeApi: composePoliceApi({
      baseUrl: police.baseUrl,
      sequelize: db.sequelize,
      retry: { baseDelayMs: 1, maxDelayMs: 1 },
    }),
    archiveUrl: police.archiveUrl,
    intervalMinutes: undefined,
    runImport: importProcess({ databaseUrl: db.url }),
    log: logSpy().log,
    metrics: { countDataUpdateCheck: () => {} },
  });

  /** The app's metrics of the checks, as /metrics serves them. */
  const checkMetrics = async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    return res.body.split('\n').filter((line) => line.startsWith('crime_clock_data_update_'));
  };

  it('finds nothing new when the store holds every listed month, and downloads nothing', async () => {
    const counted = await checkMetrics();
    expect(counted).toContain('crime_clock_data_update_checks_total{result="up-to-date"} 0');
    const before = police.requests.length;
    const state = await app.dataUpdater.runCheck();
    expect(state?.result).toBe('up-to-date');
    // Counted in the app's metrics, with the store's last success.
    const after = await checkMetrics();
    expect(after).toContain('crime_clock_data_update_checks_total{result="up-to-date"} 1');
    expect(after).toContain('crime_clock_data_update_checks_total{result="failed"} 0');
    expect(after).toContain(
      `crime_clock_data_update_last_success_timestamp_seconds ${state!.lastSuccessAt! / 1000}`,
    );
    const paths = police.requests.slice(before).map((r) => r.path);
    expect(paths).toEqual(['/api/crimes-street-dates']);
    const status = await dataStatus();
    expect(status.lastCheck.result).toBe('up-to-date');
    expect(Date.parse(status.nextCheckAt!) - Date.parse(status.lastCheck.at!)).toBe(1440 * 60_000);
  });

  it('imports a newly published month in a child import, and the clock data version changes without a restart', async () => {
    const versionBefore = await version();
    police.data.crimesStreetDates = datesOf(['2024-01', '2024-02']);
    police.archive = archiveOf(['2024-01', '2024-02']);
    const state = await app.dataUpdater.runCheck();
    expect(state).toMatchObject({ result: 'imported', message: 'Imported 2024-02.' });
    expect(await version()).not.toBe(versionBefore);
    const status = await dataStatus();
    expect(status.latestMonth).toBe('2024-02');
    expect(status.lastCheck).toMatchObject({ result: 'imported', message: 'Imported 2024-02.' });
  }, 120_000);

  it('says partial when some files of the new month fail', async () => {
    police.data.crimesStreetDates = datesOf(['2024-01', '2024-02', '2024-03']);
    police.archive = zipArchive(
      archiveEntries({
        '2024-03/2024-03-kent-street.csv': street('2024-03', 'Kent Police', 7, 40),
        '2024-03/2024-03-essex-street.csv': 'a,b,c\n1,2,3\n',
      }),
    );
    const state = await app.dataUpdater.runCheck();
    expect(state).toMatchObject({ result: 'partial' });
    expect(state?.message).toMatch(/Imported 2024-03; some files were not imported/);
  }, 120_000);

  it('refuses a check or an import while another import holds the lease', async () => {
    const leases = createLeaseService(db.sequelize, { name: IMPORT_LEASE });
    const taken = await leases.acquire();
    expect(taken.acquired).toBe(true);
    try {
      const res = await app.inject({
        method: PostDataUpdateCheck.method,
        url: PostDataUpdateCheck.path,
        headers: SAME_ORIGIN,
        cookies: cookie,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json<{ error: string }>().error).toMatch(/An import is running/);
      const typed = await importProcess({ databaseUrl: db.url })(police.archiveUrl);
      expect(typed.status).toBe('busy');
      expect(typed.output).toMatch(/Another import is running/);
    } finally {
      if (taken.acquired) await leases.release(taken.lease);
    }
  }, 120_000);

  it('starts a check from the dashboard: admins only, 202, then the result in data-status', async () => {
    const anonymous = await app.inject({
      method: 'POST',
      url: PostDataUpdateCheck.path,
      headers: SAME_ORIGIN,
    });
    expect(anonymous.statusCode).toBe(401);
    police.data.crimesStreetDates = datesOf(['2024-01', '2024-02']);
    const before = (await dataStatus()).lastCheck.at;
    const res = await app.inject({
      method: 'POST',
      url: PostDataUpdateCheck.path,
      headers: SAME_ORIGIN,
      cookies: cookie,
    });
    expect(res.statusCode).toBe(202);
    await expect.poll(async () => (await dataStatus()).lastCheck.at, { timeout: 10_000 }).not.toBe(before);
    expect((await dataStatus()).lastCheck.result).toBe('up-to-date');
  });

  it('logs one line per failing check, and after 3 in a row the admins get one email', async () => {
    smtp = await startLocalSmtp({ username: 'u', password: 'p', port: smtpPort });
    await mail.smtpSettings.save({
      host: '127.0.0.1',
      port: smtpPort,
      user: 'u',
      pass: 'p',
      fromEmail: 'clock@example.org',
      adminEmail: 'admin@example.org',
    });
    const spy = logSpy();
    const updater = createDataUpdater({
      ...updaterOptions(),
      log: spy.log,
      alertAdmins: alertAdminsThrough(mail),
    });
    police.failAlways({ status: 503 });
    try {
      for (let i = 1; i <= FAILURES_BEFORE_EMAIL + 1; i++) {
        const state = await updater.runCheck();
        expect(state).toMatchObject({ result: 'failed', failuresInRow: i });
        expect(spy.lines).toHaveLength(i);
      }
    } finally {
      police.failAlways(undefined);
    }
    expect(spy.lines.every((l) => l.level === 'warn' && /answered 503/.test(l.message))).toBe(true);
    expect((await dataStatus()).lastCheck).toMatchObject({ result: 'failed' });
    expect(await mail.worker.runOnce()).toEqual({ sent: 1, failed: 0 });
    const [received] = await smtp.waitFor(1);
    expect(received!.to).toEqual(['admin@example.org']);
    expect(received!.headers['subject']).toMatch(/scheduled police data update keeps failing/);
    expect(received!.text).toMatch(/answered 503/);

    // The next check that does not fail ends the run of failures.
    expect(await updater.runCheck()).toMatchObject({ result: 'up-to-date', failuresInRow: 0 });
  });

  it('runs its first check soon after start, on its own', async () => {
    const updater = createDataUpdater({ ...updaterOptions(), firstCheckDelayMs: 50, pollMs: 50 });
    await db.sequelize.query('DELETE FROM data_update_checks');
    updater.start();
    try {
      await expect
        .poll(async () => (await dataStatus()).lastCheck.result, { timeout: 10_000 })
        .toBe('up-to-date');
    } finally {
      await updater.stop();
    }
  });
});
