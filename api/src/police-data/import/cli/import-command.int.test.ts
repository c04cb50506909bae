import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse';
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importSources } from '../index.ts';
import { categoryFromCode } from '../../../../../common/crime/categories.ts';
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from '../../../../../tests/support/database.ts';
import { freePort } from '../../../../../tests/support/product.ts';
import { runImportCommand } from '../../../../../tests/support/import-command.ts';
import {
  csvText,
  STREET_HEADER,
  streetRows,
  writeFiles,
  writeLargeStreetFile,
} from '../../../../../tests/support/police-archive.ts';

const BIG_ROWS = 250_000;

/** Crimes per category of a street CSV, counted with csv-parse (not the importer's parser). */
async function categoryCounts(path: string): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  const rows = createReadStream(path).pipe(parse({ columns: true }));
  for await (const row of rows as AsyncIterable<Record<string, string>>) {
    const type = row['Crime type']!;
    counts.set(type, (counts.get(type) ?? 0) + 1);
  }
  return counts;
}

async function storedCounts(db: TestDatabase, forceId: string, month: number): Promise<Map<string, number>> {
  const rows = await db.sequelize.query<{ category: number; n: number }>(
    'SELECT category, COUNT(*) AS n FROM crimes WHERE force_id = ? AND month = ? GROUP BY category',
    { type: QueryTypes.SELECT, replacements: [forceId, month] },
  );
  return new Map(rows.map((r) => [categoryFromCode(Number(r.category))!.archiveName, Number(r.n)]));
}

const total = (counts: Map<string, number>) => [...counts.values()].reduce((a, b) => a + b, 0);

describe.each(testDialects)('npm run import on %s', (dialect) => {
  let db: TestDatabase;
  let dir: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    dir = mkdtempSync(join(tmpdir(), 'crime-clock-cli-'));
    env = { DATABASE_URL: db.url, NODE_ENV: 'test' };
  });
  afterAll(async () => {
    await db?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it(
    'survives kill -9 half way through a file, and a second run finishes the job',
    { timeout: 240_000 },
    async () => {
      // The store already holds an older release of the big force-month.
      const old = { month: '2024-05', forceName: 'Big Force', seed: 1 };
      writeFiles(join(dir, 'old'), {
        '2024-05/2024-05-big-force-street.csv': csvText(STREET_HEADER, streetRows(1000, old)),
      });
      await importSources(db.sequelize, [join(dir, 'old')]);
      const before = await storedCounts(db, 'big-force', 202405);
      expect(total(before)).toBe(1000);

      const fresh = join(dir, 'fresh');
      writeFiles(fresh, {
        '2024-04/2024-04-kent-street.csv': csvText(
          STREET_HEADER,
          streetRows(150, { month: '2024-04', forceName: 'Kent Police', seed: 2 }),
        ),
      });
      const bigFile = join(fresh, '2024-05', '2024-05-big-force-street.csv');
      await writeLargeStreetFile(bigFile, BIG_ROWS, { month: '2024-05', forceName: 'Big Force', seed: 3 });

      const killed = await runImportCommand([fresh, '--progress-interval', '0.1'], env, {
        killWhen: /2024-05-big-force-street\.csv: [\d,]+ rows so far/,
      });
      expect(killed.signal).toBe('SIGKILL');
      expect(killed.stderr).not.toMatch(/2024-05-big-force-street\.csv: [\d,]+ rows, /);
      // The force-month being replaced is exactly as before; the file committed before it is in.
      expect(await storedCounts(db, 'big-force', 202405)).toEqual(before);
      expect(total(await storedCounts(db, 'kent', 202404))).toBe(150);
      const [running] = await db.sequelize.query<{ status: string }>(
        'SELECT status FROM imports ORDER BY id DESC LIMIT 1',
        { type: QueryTypes.SELECT },
      );
      expect(running!.status).toBe('running');

      const rerun = await runImportCommand([fresh], env);
      expect(rerun.code).toBe(0);
      expect(rerun.stdout).toMatch(/Import summary/);
      const expected = await categoryCounts(bigFile);
      expect(total(expected)).toBe(BIG_ROWS);
      expect(await storedCounts(db, 'big-force', 202405)).toEqual(expected);
      expect(total(await storedCounts(db, 'kent', 202404))).toBe(150);
      const statuses = await db.sequelize.query<{ status: string }>(
        'SELECT status FROM imports ORDER BY id',
        {
          type: QueryTypes.SELECT,
        },
      );
      expect(statuses.map((s) => s.status)).toEqual(['completed', 'interrupted', 'completed']);
    },
  );

  it(
    'runs one import at a time: of two started at once, one is refused naming the other, which completes',
    { timeout: 240_000 },
    async () => {
      const source = join(dir, 'at-once');
      await writeLargeStreetFile(join(source, '2024-07', '2024-07-big-force-street.csv'), 100_000, {
        month: '2024-07',
        forceName: 'Big Force',
        seed: 7,
      });
      const [runsBefore] = await db.sequelize.query<{ n: number }>('SELECT COUNT(*) AS n FROM imports', {
        type: QueryTypes.SELECT,
      });
      const a = runImportCommand([source], env);
      const b = runImportCommand([source], env);
      const runs = await Promise.all([a, b]);
      const refused = runs.findIndex((r) => r.code === 1);
      expect(refused).not.toBe(-1);
      const other = runs[1 - refused]!;
      const otherPid = [a.pid, b.pid][1 - refused];
      expect(runs[refused]!.stderr).toMatch(
        new RegExp(
          `Another import is running: process ${otherPid} on host \\S+, since \\d{4}-\\d\\d-\\d\\dT`,
        ),
      );
      expect(runs[refused]!.stderr).not.toMatch(/\n\s+at /); // no stack
      expect(other.code).toBe(0);
      expect(other.stdout).toMatch(/2024-07-big-force-street\.csv\s+100,000 rows/);
      // The refused one recorded no run and marked nothing: one new run, completed.
      const statuses = await db.sequelize.query<{ status: string }>(
        'SELECT status FROM imports ORDER BY id',
        {
          type: QueryTypes.SELECT,
        },
      );
      expect(statuses.slice(Number(runsBefore!.n)).map((s) => s.status)).toEqual(['completed']);
    },
  );

  it(
    'Ctrl-C during a file: the run is "stopped", the file rolled back, exit 130; the next run completes',
    { timeout: 240_000 },
    async () => {
      const source = join(dir, 'ctrl-c');
      writeFiles(join(dir, 'ctrl-c-old'), {
        '2024-08/2024-08-big-force-street.csv': csvText(
          STREET_HEADER,
          streetRows(500, { month: '2024-08', forceName: 'Big Force', seed: 8 }),
        ),
      });
      expect((await runImportCommand([join(dir, 'ctrl-c-old')], env)).code).toBe(0);
      const before = await storedCounts(db, 'big-force', 202408);
      const bigFile = join(source, '2024-08', '2024-08-big-force-street.csv');
      await writeLargeStreetFile(bigFile, BIG_ROWS, { month: '2024-08', forceName: 'Big Force', seed: 9 });

      const stopped = await runImportCommand([source, '--progress-interval', '0.1'], env, {
        killWhen: /2024-08-big-force-street\.csv: [\d,]+ rows so far/,
        signal: 'SIGINT',
      });
      expect(stopped.code).toBe(130);
      expect(stopped.stdout).toMatch(/2024-08-big-force-street\.csv\s+STOPPED: rolled back/);
      expect(stopped.stdout).toMatch(/Import STOPPED/);
      expect(await storedCounts(db, 'big-force', 202408)).toEqual(before);
      const [last] = await db.sequelize.query<{ status: string }>(
        'SELECT status FROM imports ORDER BY id DESC LIMIT 1',
        { type: QueryTypes.SELECT },
      );
      expect(last!.status).toBe('stopped');
      const leases = await db.sequelize.query('SELECT * FROM leases', { type: QueryTypes.SELECT });
      expect(leases).toEqual([]);

      const rerun = await runImportCommand([source], env);
      expect(rerun.code).toBe(0);
      expect(await storedCounts(db, 'big-force', 202408)).toEqual(await categoryCounts(bigFile));
    },
  );

  it('says clearly that the machine is offline when --latest cannot reach the archive', async () => {
    const closed = await freePort();
    const run = await runImportCommand(['--latest'], {
      ...env,
      POLICE_ARCHIVE_URL: `http://127.0.0.1:${closed}/latest.zip`,
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/offline/);
    expect(run.stderr).toMatch(/npm run import -- \/path\/to\/latest\.zip/);
  });

  it('exits 2 when some files were not imported, 1 when nothing was, and prints a summary', async () => {
    writeFiles(join(dir, 'mixed'), {
      '2024-06/2024-06-kent-street.csv': csvText(
        STREET_HEADER,
        streetRows(20, { month: '2024-06', forceName: 'Kent Police', seed: 4 }),
      ),
      '2024-06/2024-06-surrey-street.csv': 'not,the,header\n1,2,3\n',
    });
    const mixed = await runImportCommand([join(dir, 'mixed')], env);
    expect(mixed.code).toBe(2);
    expect(mixed.stdout).toMatch(/: partial in /);
    expect(mixed.stdout).toMatch(/Import PARTIAL/);
    expect(mixed.stdout).toMatch(/2024-06-kent-street\.csv\s+20 rows/);
    expect(mixed.stdout).toMatch(/2024-06-surrey-street\.csv\s+NOT IMPORTED: the header lacks/);

    // Mended, the same command brings in only the file that was missing and exits 0.
    writeFiles(join(dir, 'mixed'), {
      '2024-06/2024-06-surrey-street.csv': csvText(
        STREET_HEADER,
        streetRows(12, { month: '2024-06', forceName: 'Surrey Police', seed: 5 }),
      ),
    });
    const mended = await runImportCommand([join(dir, 'mixed')], env);
    expect(mended.code).toBe(0);
    expect(mended.stdout).toMatch(/2024-06-kent-street\.csv\s+unchanged since import #\d+/);
    expect(mended.stdout).toMatch(/2024-06-surrey-street\.csv\s+12 rows/);
    expect(mended.stdout).toMatch(/Import completed\./);
    expect(total(await storedCounts(db, 'kent', 202406))).toBe(20);

    const nothing = await runImportCommand([join(dir, 'does-not-exist')], env);
    expect(nothing.code).toBe(1);
    expect(nothing.stdout).toMatch(/does not exist/);
  });
});
