import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../../../../tests/support/database.ts';
import {
  csvText,
  STREET_HEADER,
  streetRows,
  writeFiles,
  writeLargeStreetFile,
} from '../../../../tests/support/police-archive.ts';
import { createLeaseService, IMPORT_LEASE, LeaseHeldError } from './import-lease.ts';
import { formatSummary, importSources } from './index.ts';

/** A street row (official columns) at a given location text. */
function rowAt(location: string, month: string): string[] {
  return [
    '',
    month,
    'Kent Police',
    'Kent Police',
    '0.52',
    '51.27',
    location,
    'E01000001',
    'Kent 001A',
    'Burglary',
    '',
    '',
  ];
}

describe.each(testDialects)('an honest import on %s', (dialect) => {
  let db: TestDatabase;
  let dir: string;

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    dir = mkdtempSync(join(tmpdir(), 'crime-clock-honest-'));
  });
  afterAll(async () => {
    await db?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  const count = async (forceId: string, month: number) =>
    Number(
      (
        await db.sequelize.query<{ n: number }>(
          'SELECT COUNT(*) AS n FROM crimes WHERE force_id = ? AND month = ?',
          {
            type: QueryTypes.SELECT,
            replacements: [forceId, month],
          },
        )
      )[0]!.n,
    );
  const fileStatuses = async (importId: number) =>
    (
      await db.sequelize.query<{ path: string; status: string }>(
        'SELECT path, status FROM import_files WHERE import_id = ? ORDER BY id',
        { type: QueryTypes.SELECT, replacements: [importId] },
      )
    ).map((r) => `${r.path} ${r.status}`);

  it('imports a force-month given twice in one run once, and reports the second copy as a duplicate', async () => {
    const source = join(dir, 'twice');
    writeFiles(source, {
      'a/2024-03/2024-03-kent-street.csv': csvText(
        STREET_HEADER,
        streetRows(30, { month: '2024-03', forceName: 'Kent Police', seed: 1 }),
      ),
      'b/2024-03/2024-03-kent-street.csv': csvText(
        STREET_HEADER,
        streetRows(40, { month: '2024-03', forceName: 'Kent Police', seed: 2 }),
      ),
    });
    const first = await importSources(db.sequelize, [source]);
    expect(first.status).toBe('completed');
    expect(first.filesImported).toBe(1);
    expect(first.filesDuplicate).toBe(1);
    expect(first.sources[0]!.files[1]).toMatchObject({
      file: 'b/2024-03/2024-03-kent-street.csv',
      duplicate: { of: 'a/2024-03/2024-03-kent-street.csv', sameContent: false },
    });
    expect(formatSummary(first)).toMatch(
      /b\/2024-03\/2024-03-kent-street\.csv\s+DUPLICATE of a\/2024-03\/2024-03-kent-street\.csv \(DIFFERENT content\)/,
    );
    expect(await count('kent', 202403)).toBe(30);
    expect(await fileStatuses(first.sources[0]!.importId)).toEqual([
      'a/2024-03/2024-03-kent-street.csv imported',
      'b/2024-03/2024-03-kent-street.csv duplicate',
    ]);

    // The next run: the copy the store holds is unchanged, the other is still a duplicate.
    const again = await importSources(db.sequelize, [source]);
    expect(
      again.sources[0]!.files.map((f) => [f.unchanged !== undefined, f.duplicate !== undefined]),
    ).toEqual([
      [true, false],
      [false, true],
    ]);
    expect(await count('kent', 202403)).toBe(30);
  });

  it('reads a file that is not UTF-8 as Windows-1252 and says so; no U+FFFD or NUL reaches the store', async () => {
    const source = join(dir, 'cp1252');
    const lines = [
      STREET_HEADER,
      rowAt('On or near Caf\u00e9 Row', '2024-04'),
      rowAt('On or near St John\u2019s Road', '2024-04'),
    ];
    const text = lines.map((l) => l.join(',')).join('\r\n') + '\r\n';
    // Windows-1252 bytes: é is 0xE9 and ’ is 0x92 (Latin-1 would have a control character there).
    const bytes = Buffer.from(text.replace('\u2019', '\u0092'), 'latin1');
    expect(bytes.includes(0x92)).toBe(true);
    expect(bytes.includes(0xe9)).toBe(true);
    writeFiles(source, { '2024-04/2024-04-kent-street.csv': bytes });

    const summary = await importSources(db.sequelize, [source]);
    expect(summary.sources[0]!.files[0]!.error).toBeUndefined();
    expect(summary.status).toBe('completed');
    expect(summary.sources[0]!.files[0]).toMatchObject({ rows: 2, encoding: 'windows-1252' });
    expect(formatSummary(summary)).toMatch(/2 rows, read as Windows-1252 \(not valid UTF-8\)/);
    const stored = await db.sequelize.query<{ street: string }>(
      'SELECT street FROM crimes WHERE force_id = ? AND month = ? ORDER BY street',
      { type: QueryTypes.SELECT, replacements: ['kent', 202404] },
    );
    expect(stored.map((r) => r.street)).toEqual([
      'On or near Caf\u00e9 Row',
      'On or near St John\u2019s Road',
    ]);
  });

  it('refuses a row holding NUL (or U+FFFD) with its line, and imports the others', async () => {
    const source = join(dir, 'nul');
    const rows = [
      rowAt('On or near Park Road', '2024-05'),
      rowAt('On or near Bad\u0000Road', '2024-05'),
      rowAt('On or near Lost \uFFFD Road', '2024-05'),
      rowAt('On or near High Street', '2024-05'),
    ];
    writeFiles(source, { '2024-05/2024-05-kent-street.csv': csvText(STREET_HEADER, rows) });
    const summary = await importSources(db.sequelize, [source]);
    const file = summary.sources[0]!.files[0]!;
    expect(file).toMatchObject({ rows: 2, skipped: 2 });
    expect(file.problems).toEqual([
      { line: 3, reason: expect.stringMatching(/NUL/) },
      { line: 4, reason: expect.stringMatching(/U\+FFFD/) },
    ]);
    const stored = await db.sequelize.query<{ street: string }>(
      'SELECT street FROM crimes WHERE force_id = ? AND month = ? ORDER BY street',
      { type: QueryTypes.SELECT, replacements: ['kent', 202405] },
    );
    expect(stored.map((r) => r.street)).toEqual(['On or near High Street', 'On or near Park Road']);
  });

  it('stops when told: the file under way is rolled back, the run is "stopped", the next run finishes', async () => {
    const old = join(dir, 'old');
    writeFiles(old, {
      '2024-06/2024-06-kent-street.csv': csvText(
        STREET_HEADER,
        streetRows(100, { month: '2024-06', forceName: 'Kent Police', seed: 3 }),
      ),
    });
    await importSources(db.sequelize, [old]);
    const fresh = join(dir, 'fresh');
    writeFiles(fresh, {
      '2024-05/2024-05-surrey-street.csv': csvText(
        STREET_HEADER,
        streetRows(20, { month: '2024-05', forceName: 'Surrey Police', seed: 4 }),
      ),
    });
    await writeLargeStreetFile(join(fresh, '2024-06', '2024-06-kent-street.csv'), 60_000, {
      month: '2024-06',
      forceName: 'Kent Police',
      seed: 5,
    });
    const stop = new AbortController();
    const stopped = await importSources(db.sequelize, [fresh], {
      signal: stop.signal,
      onProgress: (event) => {
        if (event.type === 'file-rows' && event.file.includes('kent') && event.rows > 0)
          stop.abort(new Error('a test'));
      },
    });
    expect(stopped.status).toBe('stopped');
    expect(stopped.sources[0]!.error).toMatch(/stopped \(a test\) during 2024-06\/2024-06-kent-street\.csv/);
    expect(formatSummary(stopped)).toMatch(/2024-06-kent-street\.csv\s+STOPPED: rolled back/);
    expect(await count('kent', 202406)).toBe(100);
    expect(await count('surrey', 202405)).toBe(20);
    const [run] = await db.sequelize.query<{ status: string }>('SELECT status FROM imports WHERE id = ?', {
      type: QueryTypes.SELECT,
      replacements: [stopped.sources[0]!.importId],
    });
    expect(run!.status).toBe('stopped');
    expect(await fileStatuses(stopped.sources[0]!.importId)).toEqual([
      '2024-05/2024-05-surrey-street.csv imported',
      '2024-06/2024-06-kent-street.csv stopped',
    ]);
    // The lease was given back, and the next run brings in only what is missing.
    expect(await createLeaseService(db.sequelize, { name: IMPORT_LEASE }).current()).toBeUndefined();
    const rerun = await importSources(db.sequelize, [fresh]);
    expect(rerun.status).toBe('completed');
    expect(rerun.sources[0]!.files.map((f) => f.unchanged !== undefined)).toEqual([true, false]);
    expect(await count('kent', 202406)).toBe(60_000);
  });

  it('refuses to start while another import holds the lease, and leaves that one alone', async () => {
    const other = createLeaseService(db.sequelize, { name: IMPORT_LEASE, host: 'other-host', pid: 4242 });
    const held = await other.acquire();
    if (!held.acquired) throw new Error('expected the lease');
    await db.sequelize.query(
      "INSERT INTO imports (source, status, synthetic, started_at, months, forces) VALUES ('elsewhere', 'running', 0, ?, '[]', '[]')",
      { replacements: [new Date()] },
    );
    try {
      const refused = importSources(db.sequelize, [join(dir, 'fresh')]);
      await expect(refused).rejects.toBeInstanceOf(LeaseHeldError);
      await expect(refused).rejects.toThrow(
        /Another import is running: process 4242 on host other-host, since /,
      );
      const [row] = await db.sequelize.query<{ status: string }>(
        "SELECT status FROM imports WHERE source = 'elsewhere'",
        { type: QueryTypes.SELECT },
      );
      expect(row!.status).toBe('running');
      expect(await other.current()).toMatchObject({ host: 'other-host', pid: 4242, live: true });
    } finally {
      await other.release(held.lease);
      await db.sequelize.query("DELETE FROM imports WHERE source = 'elsewhere'");
    }
  });
});
