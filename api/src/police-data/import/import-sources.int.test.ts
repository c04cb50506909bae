import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoryFromArchiveName } from '../../../../common/crime/categories.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '../../../../tests/support/database.ts';
import { freePort } from '../../../../tests/support/product.ts';
import {
  archiveEntries,
  csvText,
  OUTCOMES_HEADER,
  outcomeRows,
  STOP_AND_SEARCH_HEADER,
  stopAndSearchRows,
  STREET_HEADER,
  streetRows,
  writeFiles,
  zipArchive,
} from '../../../../tests/support/police-archive.ts';
import type { DerivedTable } from '../derived-tables.ts';
import { importSources } from './index.ts';

const FORCES = [
  { id: 'kent', name: 'Kent Police', lat: 51.27, lng: 0.52 },
  { id: 'city-of-london', name: 'City of London Police', lat: 51.515, lng: -0.09 },
];
const MONTHS = ['2024-01', '2024-02'];

/** The archive layout, with LF in one month and CRLF (and a BOM) in the other, like real releases. */
function policeArchive(): Record<string, string> {
  const files: Record<string, string> = { 'SYNTHETIC.txt': 'Synthetic test data.\n' };
  FORCES.forEach((force, f) => {
    MONTHS.forEach((month, m) => {
      const options = {
        month,
        forceName: force.name,
        seed: 100 * f + m,
        lat: force.lat,
        lng: force.lng,
        noLocation: 0.1,
      };
      const eol = m === 0 ? '\n' : '\r\n';
      const base = `${month}/${month}-${force.id}`;
      files[`${base}-street.csv`] = csvText(STREET_HEADER, streetRows(300 + 50 * f + 20 * m, options), {
        eol,
        bom: m === 1 && f === 0,
      });
      files[`${base}-outcomes.csv`] = csvText(OUTCOMES_HEADER, outcomeRows(80 + m, options), { eol });
      files[`${base}-stop-and-search.csv`] = csvText(
        STOP_AND_SEARCH_HEADER,
        stopAndSearchRows(40 + f, options),
        {
          eol,
        },
      );
    });
  });
  files['postcodes.csv'] = csvText(
    ['pcds', 'lat', 'long'],
    [
      ['M1 1AE', '53.481093', '-2.236698'],
      ['b33 8th', '52.483101', '-1.788213'],
      ['NOT A CODE', '51', '0'],
      ['CR2 6XH', '99.999999', '0.000000'],
    ],
  );
  // Code-Point Open: no header; postcode, quality, easting, northing, then codes.
  files['codepo_gb/Data/CSV/sw.csv'] =
    '"SW1A1AA",10,529090,179645,"E92000001","E19000003","E18000007","","E09000033","E05013806"\r\n';
  files['lsoa-population.csv'] =
    '\uFEFF"LSOA code","LSOA name","population"\r\n"E01000001","City of London 001A","1,954"\r\n"W01000002","Somewhere 001B","12,345"\r\n"E01000003","Bad","many"\r\n';
  files['neighbourhoods.geojson'] = JSON.stringify({
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        properties: { force: 'kent', id: 'KN01', name: 'Maidstone Town' },
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [0.5, 51.2],
              [0.6, 51.2],
              [0.6, 51.3],
              [0.5, 51.2],
            ],
          ],
        },
      },
      {
        type: 'Feature',
        properties: { force: 'kent', id: 'KN02', name: 'Islands "North"' },
        geometry: {
          type: 'MultiPolygon',
          coordinates: [
            [
              [
                [0.7, 51.4],
                [0.8, 51.4],
                [0.8, 51.45],
                [0.7, 51.4],
              ],
            ],
            [
              [
                [0.9, 51.35],
                [1.0, 51.35],
                [1.0, 51.5],
                [0.9, 51.35],
              ],
            ],
          ],
        },
      },
      { type: 'Feature', properties: { force: 'kent', name: 'No id' }, geometry: null },
      {
        type: 'Feature',
        properties: { force: 'city-of-london', id: 'COL1', name: 'Cheap' },
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [-0.1, 51.51],
              [-0.09, 51.51],
              [-0.09, 51.52],
              [-0.1, 51.51],
            ],
          ],
        },
      },
    ],
  });
  return files;
}

type Row = Record<string, string>;
const readRows = (text: string): Row[] => parse(text, { columns: true, bom: true, skip_empty_lines: true });

/** Expected crimes per force|yyyymm|category, read from the CSV text with csv-parse. */
function expectedStreetCounts(files: Record<string, string>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const [name, text] of Object.entries(files)) {
    const match = /(\d{4}-\d{2})-(.+)-street\.csv$/.exec(name);
    if (!match) continue;
    for (const row of readRows(text)) {
      const code = categoryFromArchiveName(row['Crime type']!)!.code;
      const key = `${match[2]}|${row.Month!.replace('-', '')}|${code}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  return counts;
}

function expectedPerForceMonth(files: Record<string, string>, dataset: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const [name, text] of Object.entries(files)) {
    const match = new RegExp(`(\\d{4})-(\\d{2})-(.+)-${dataset}\\.csv$`).exec(name);
    if (match) counts.set(`${match[3]}|${match[1]}${match[2]}`, readRows(text).length);
  }
  return counts;
}

async function storedStreetCounts(db: TestDatabase): Promise<Map<string, number>> {
  const rows = await db.sequelize.query<{ force_id: string; month: number; category: number; n: number }>(
    'SELECT force_id, month, category, COUNT(*) AS n FROM crimes GROUP BY force_id, month, category',
    { type: QueryTypes.SELECT },
  );
  return new Map(rows.map((r) => [`${r.force_id}|${r.month}|${r.category}`, Number(r.n)]));
}

async function storedPerForceMonth(db: TestDatabase, table: string): Promise<Map<string, number>> {
  const rows = await db.sequelize.query<{ force_id: string; month: number; n: number }>(
    `SELECT force_id, month, COUNT(*) AS n FROM ${table} GROUP BY force_id, month`,
    { type: QueryTypes.SELECT },
  );
  return new Map(rows.map((r) => [`${r.force_id}|${r.month}`, Number(r.n)]));
}

async function scalar(db: TestDatabase, sql: string, replacements: unknown[] = []): Promise<number> {
  const [row] = await db.sequelize.query<{ n: number }>(sql, { type: QueryTypes.SELECT, replacements });
  return Number(row?.n);
}

describe.each(testDialects)('importSources on %s', (dialect) => {
  let db: TestDatabase;
  let dir: string;
  let archiveDir: string;
  const files = policeArchive();

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    dir = mkdtempSync(join(tmpdir(), 'crime-clock-import-'));
    archiveDir = join(dir, 'archive');
    writeFiles(archiveDir, files);
  });
  afterAll(async () => {
    await db?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stores exactly the rows of the files, per force, month and category', async () => {
    const summary = await importSources(db.sequelize, [archiveDir]);
    expect(summary.filesFailed).toBe(0);
    expect(summary.sources[0]!.synthetic).toBe(true);
    expect(await storedStreetCounts(db)).toEqual(expectedStreetCounts(files));
    expect(await storedPerForceMonth(db, 'outcomes')).toEqual(expectedPerForceMonth(files, 'outcomes'));
    expect(await storedPerForceMonth(db, 'stop_searches')).toEqual(
      expectedPerForceMonth(files, 'stop-and-search'),
    );
  });

  it('records each force-month in dataset_months with its row count', async () => {
    const rows = await db.sequelize.query<{
      force_id: string;
      month: number;
      dataset: string;
      row_count: number;
      synthetic: unknown;
    }>("SELECT force_id, month, dataset, row_count, synthetic FROM dataset_months WHERE dataset = 'street'", {
      type: QueryTypes.SELECT,
    });
    const expected = expectedPerForceMonth(files, 'street');
    expect(new Map(rows.map((r) => [`${r.force_id}|${r.month}`, Number(r.row_count)]))).toEqual(expected);
    expect(rows.every((r) => Number(r.synthetic) === 1)).toBe(true);
  });

  it('keeps rows without a location, with no position, cell or street', async () => {
    let expected = 0;
    for (const [name, text] of Object.entries(files)) {
      if (name.endsWith('-street.csv'))
        expected += readRows(text).filter((r) => r.Location === 'No Location').length;
    }
    expect(expected).toBeGreaterThan(0);
    const stored = await scalar(
      db,
      'SELECT COUNT(*) AS n FROM crimes WHERE lat IS NULL AND lng IS NULL AND cell IS NULL AND street IS NULL',
    );
    expect(stored).toBe(expected);
    const asb = await scalar(db, 'SELECT COUNT(*) AS n FROM crimes WHERE crime_ref IS NULL AND category = 1');
    expect(asb).toBeGreaterThan(0);
  });

  it('reads quoted fields and the stop-and-search flags', async () => {
    const quoted = await scalar(
      db,
      "SELECT COUNT(*) AS n FROM crimes WHERE street = 'On or near Station Road, Lower End'",
    );
    expect(quoted).toBeGreaterThan(0);
    let flagged = 0;
    for (const [name, text] of Object.entries(files)) {
      if (name.endsWith('-stop-and-search.csv')) {
        flagged += readRows(text).filter((r) => r['Part of a policing operation'] === 'True').length;
      }
    }
    expect(await scalar(db, 'SELECT COUNT(*) AS n FROM stop_searches WHERE operation = 1')).toBe(flagged);
  });

  it('imports postcodes, converting Code-Point Open grid references to WGS84', async () => {
    const rows = await db.sequelize.query<{ postcode: string; compact: string; lat: number; lng: number }>(
      'SELECT postcode, compact, lat, lng FROM postcodes ORDER BY postcode',
      { type: QueryTypes.SELECT },
    );
    expect(rows.map((r) => r.postcode)).toEqual(['B33 8TH', 'M1 1AE', 'SW1A 1AA']);
    const sw1a = rows.find((r) => r.compact === 'SW1A1AA')!;
    expect(Math.abs(sw1a.lat - 51.501)).toBeLessThan(0.0005);
    expect(Math.abs(sw1a.lng - -0.1416)).toBeLessThan(0.0005);
  });

  it('imports LSOA populations written with thousands separators', async () => {
    expect(
      await scalar(db, "SELECT population AS n FROM lsoa_populations WHERE lsoa_code = 'E01000001'"),
    ).toBe(1954);
    expect(
      await scalar(db, "SELECT population AS n FROM lsoa_populations WHERE lsoa_code = 'W01000002'"),
    ).toBe(12345);
    expect(await scalar(db, 'SELECT COUNT(*) AS n FROM lsoa_populations')).toBe(2);
  });

  it('imports neighbourhood boundaries with their bounding boxes', async () => {
    const rows = await db.sequelize.query<{
      force_id: string;
      id: string;
      name: string;
      min_lat: number;
      max_lng: number;
      boundary: string;
    }>('SELECT force_id, id, name, min_lat, max_lng, boundary FROM neighbourhoods ORDER BY force_id, id', {
      type: QueryTypes.SELECT,
    });
    expect(rows.map((r) => `${r.force_id}/${r.id}`)).toEqual([
      'city-of-london/COL1',
      'kent/KN01',
      'kent/KN02',
    ]);
    const islands = rows.find((r) => r.id === 'KN02')!;
    expect(islands.name).toBe('Islands "North"');
    expect(islands.min_lat).toBe(51.35);
    expect(islands.max_lng).toBe(1.0);
    expect(JSON.parse(islands.boundary).type).toBe('MultiPolygon');
  });

  it('brings in nothing again when the same files are imported again, and keeps every row', async () => {
    const before = await storedStreetCounts(db);
    const summary = await importSources(db.sequelize, [archiveDir]);
    expect(summary.filesFailed).toBe(0);
    expect(summary.status).toBe('completed');
    const monthFiles = Object.keys(files).filter((name) =>
      /-(street|outcomes|stop-and-search)\.csv$/.test(name),
    );
    expect(summary.filesUnchanged).toBe(monthFiles.length);
    expect(
      summary.sources[0]!.files.filter((f) => f.unchanged)
        .map((f) => f.file)
        .sort(),
    ).toEqual(monthFiles.sort());
    expect(await storedStreetCounts(db)).toEqual(before);
    expect(await storedStreetCounts(db)).toEqual(expectedStreetCounts(files));
    expect(await storedPerForceMonth(db, 'outcomes')).toEqual(expectedPerForceMonth(files, 'outcomes'));
    expect(await scalar(db, 'SELECT COUNT(*) AS n FROM postcodes')).toBe(3);
    expect(await scalar(db, 'SELECT COUNT(*) AS n FROM neighbourhoods')).toBe(3);
  });

  it('imports a changed month file again, replacing its force-month', async () => {
    const name = '2024-01/2024-01-kent-street.csv';
    const changed = {
      ...files,
      [name]: csvText(STREET_HEADER, streetRows(7, { month: '2024-01', forceName: 'Kent Police', seed: 99 })),
    };
    const changedDir = join(dir, 'changed');
    writeFiles(changedDir, changed);
    const summary = await importSources(db.sequelize, [changedDir]);
    expect(
      summary.sources[0]!.files.filter((f) => !f.unchanged && f.kind === 'street').map((f) => f.file),
    ).toEqual([name]);
    expect(await storedStreetCounts(db)).toEqual(expectedStreetCounts(changed));
    // and back: the original file is not what the store holds now, so it is imported again
    await importSources(db.sequelize, [archiveDir]);
    expect(await storedStreetCounts(db)).toEqual(expectedStreetCounts(files));
  });

  it('records every run in imports', async () => {
    const runs = await db.sequelize.query<{
      status: string;
      months: string;
      forces: string;
      files: number;
      rows_imported: number;
      synthetic: unknown;
      source: string;
    }>('SELECT status, months, forces, files, rows_imported, synthetic, source FROM imports ORDER BY id', {
      type: QueryTypes.SELECT,
    });
    expect(runs).toHaveLength(4);
    const fileCount = Object.keys(files).length - 1; // all but SYNTHETIC.txt
    const referenceFiles = Object.keys(files).filter(
      (name) => !/\d{4}-\d{2}\//.test(name) && name !== 'SYNTHETIC.txt',
    );
    // every file the first time; the reference files (upserted, not compared) on the same re-run
    expect(runs.map((run) => Number(run.files))).toEqual([
      fileCount,
      referenceFiles.length,
      referenceFiles.length + 1,
      referenceFiles.length + 1,
    ]);
    for (const run of runs) {
      expect(run.status).toBe('completed');
      expect(JSON.parse(run.months)).toEqual([202401, 202402]);
      expect(JSON.parse(run.forces)).toEqual(['city-of-london', 'kent']);
      expect(Number(run.synthetic)).toBe(1);
    }
  });
});

describe.each(testDialects)('importSources of two copies of one force-month on %s', (dialect) => {
  let db: TestDatabase;
  let dir: string;

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    dir = mkdtempSync(join(tmpdir(), 'crime-clock-import-copies-'));
  });
  afterAll(async () => {
    await db?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('imports the first copy of a force-month given twice, also when the second is what the store holds', async () => {
    const name = '2024-01/2024-01-kent-street.csv';
    const street = (rows: number, seed: number) =>
      csvText(STREET_HEADER, streetRows(rows, { month: '2024-01', forceName: 'Kent Police', seed }));
    const earlier = street(30, 1);
    writeFiles(join(dir, 'earlier'), { [name]: earlier });
    await importSources(db.sequelize, [join(dir, 'earlier')]);
    // Two downloads side by side: a newer one first, and a copy of what the store already holds.
    // The second is a duplicate within the run, neither imported nor called "unchanged".
    writeFiles(join(dir, 'copies'), { [`a/${name}`]: street(7, 2), [`b/${name}`]: earlier });
    const summary = await importSources(db.sequelize, [join(dir, 'copies')]);
    expect(summary.filesFailed).toBe(0);
    expect(summary.sources[0]!.files.map((f) => [f.file, f.rows, f.unchanged, f.duplicate])).toEqual([
      [`a/${name}`, 7, undefined, undefined],
      [`b/${name}`, 0, undefined, { of: `a/${name}`, sameContent: false }],
    ]);
    expect(
      await scalar(db, "SELECT COUNT(*) AS n FROM crimes WHERE force_id = 'kent' AND month = 202401"),
    ).toBe(7);
  });
});

describe.each(testDialects)('importSources of damaged files on %s', (dialect) => {
  let db: TestDatabase;
  let dir: string;
  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    dir = mkdtempSync(join(tmpdir(), 'crime-clock-import-bad-'));
  });
  afterAll(async () => {
    await db?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('skips bad rows with their file and line, and imports the rest', async () => {
    const good = (street: string) =>
      `abc,2024-03,Kent Police,Kent Police,0.5,51.2,${street},E01000001,Kent 001A,Burglary,Under investigation,`;
    const lines = [
      STREET_HEADER.join(','),
      good('On or near Park Road'), // 2
      'abc,2024-03,Kent Police,Kent Police,0.5,51.2,On or near X,E01000001,Kent 001A,Jaywalking,,', // 3
      ',2024-03,Kent Police,Kent Police,,,No Location,,,Anti-social behaviour,,', // 4: kept, no location
      'abc,2024-13,Kent Police,Kent Police,0.5,51.2,On or near X,E01000001,Kent 001A,Burglary,,', // 5
      'abc,2024-03,Kent Police,Kent Police,0.5,51.2,On or near "Park" Road,E01000001,Kent 001A,Burglary,,', // 6
      good('"On or near Mill Lane, West"'), // 7
      'abc,2024-03,Kent Police,Kent Police,0.5,51.2,"On or near"X,E01000001,Kent 001A,Burglary,,', // 8
      good('On or near Church Street'), // 9
      'abc,2024-02,Kent Police,Kent Police,0.5,51.2,On or near X,E01000001,Kent 001A,Burglary,,', // 10
      'abc,2024-03,Kent Police,Kent Police,north,51.2,On or near X,E01000001,Kent 001A,Burglary,,', // 11
      'abc,2024-03,Kent Police,Kent Police,0.5,51.2,"On or near the end,E01000001,Kent 001A,Burglary,,', // 12
      // More rows kept than refused: a file mostly refused is not imported (the next test).
      good('On or near High Street'), // 13
      good('On or near Station Road'), // 14
      good('On or near Park Road'), // 15
      good('On or near Park Road'), // 16
    ];
    writeFiles(join(dir, 'bad'), { '2024-03/2024-03-kent-street.csv': lines.join('\r\n') + '\r\n' });

    const summary = await importSources(db.sequelize, [join(dir, 'bad')], { problemsPerFile: 20 });
    const file = summary.sources[0]!.files[0]!;
    expect(file.error).toBeUndefined();
    expect(file.rows).toBe(8);
    expect(file.skipped).toBe(7);
    expect(file.problems.map((p) => p.line).sort((a, b) => a - b)).toEqual([3, 5, 6, 8, 10, 11, 12]);
    expect(file.problems.find((p) => p.line === 3)?.reason).toMatch(/unknown crime type "Jaywalking"/);
    expect(file.problems.find((p) => p.line === 10)?.reason).toMatch(/2024-02/);
    expect(
      await scalar(db, "SELECT COUNT(*) AS n FROM crimes WHERE force_id = 'kent' AND month = 202403"),
    ).toBe(8);
    expect(
      await scalar(db, "SELECT COUNT(*) AS n FROM crimes WHERE street = 'On or near Mill Lane, West'"),
    ).toBe(1);
    expect(
      await scalar(
        db,
        "SELECT skipped_count AS n FROM dataset_months WHERE force_id = 'kent' AND month = 202403",
      ),
    ).toBe(7);
  });

  it('does not import a file whose rows were mostly refused: the stored month stays, the run is partial', async () => {
    const before = await scalar(
      db,
      "SELECT COUNT(*) AS n FROM crimes WHERE force_id = 'kent' AND month = 202403",
    );
    expect(before).toBeGreaterThan(0);
    // Every row says another month than the file's name (a mislabelled download), and one other
    // file that is fine.
    const rows = streetRows(50, { month: '2024-02', forceName: 'Kent Police', seed: 9 });
    writeFiles(join(dir, 'mislabelled'), {
      '2024-03/2024-03-kent-street.csv': csvText(STREET_HEADER, rows),
      '2024-04/2024-04-kent-street.csv': csvText(
        STREET_HEADER,
        streetRows(20, { month: '2024-04', forceName: 'Kent Police', seed: 10 }),
      ),
    });
    const summary = await importSources(db.sequelize, [join(dir, 'mislabelled')]);
    const [refused, fine] = summary.sources[0]!.files;
    expect(refused!.error).toMatch(
      /^50 of 50 rows were refused \(the first: line 2, .*2024-02.*\), so the file was not imported and the store keeps what it held/,
    );
    expect(fine!.error).toBeUndefined();
    expect(summary.status).toBe('partial');
    expect(
      await scalar(db, "SELECT COUNT(*) AS n FROM crimes WHERE force_id = 'kent' AND month = 202403"),
    ).toBe(before);
  });

  it('refuses a file of a month that has not begun', async () => {
    writeFiles(join(dir, 'future'), {
      '9999-12/9999-12-kent-street.csv': csvText(
        STREET_HEADER,
        streetRows(5, { month: '9999-12', forceName: 'Kent Police', seed: 12 }),
      ),
    });
    const summary = await importSources(db.sequelize, [join(dir, 'future')]);
    expect(summary.sources[0]!.files[0]!.error).toBe(
      '9999-12 has not begun yet: a file for it cannot hold its crimes',
    );
    expect(summary.status).toBe('failed');
    expect(await scalar(db, 'SELECT COUNT(*) AS n FROM crimes WHERE month = 999912')).toBe(0);
  });

  it('calls a run with a failed source beside an imported one partial, not failed', async () => {
    writeFiles(join(dir, 'one-good'), {
      '2024-05/2024-05-kent-street.csv': csvText(
        STREET_HEADER,
        streetRows(10, { month: '2024-05', forceName: 'Kent Police', seed: 11 }),
      ),
    });
    const summary = await importSources(db.sequelize, [join(dir, 'one-good'), join(dir, 'not-there')]);
    expect(summary.sources.map((s) => s.status)).toEqual(['completed', 'failed']);
    expect(summary.rows).toBe(10);
    expect(summary.status).toBe('partial');
  });

  it('rolls back a file whose import fails, keeping what the store had, and goes on', async () => {
    const before = await scalar(
      db,
      "SELECT COUNT(*) AS n FROM crimes WHERE force_id = 'kent' AND month = 202403",
    );
    const failing: DerivedTable = {
      name: 'failing',
      async refresh(_sequelize, _transaction, forceId) {
        if (forceId === 'kent') throw new Error('derived table broke');
      },
    };
    const options = { month: '2024-03', forceName: 'x', seed: 7 };
    writeFiles(join(dir, 'second'), {
      '2024-03/2024-03-kent-street.csv': csvText(STREET_HEADER, streetRows(25, options)),
      '2024-03/2024-03-surrey-street.csv': csvText(STREET_HEADER, streetRows(30, options)),
    });
    const summary = await importSources(db.sequelize, [join(dir, 'second')], { derivedTables: [failing] });
    const [kent, surrey] = summary.sources[0]!.files;
    expect(kent!.error).toMatch(/derived table broke/);
    expect(surrey!.error).toBeUndefined();
    expect(summary.sources[0]!.status).toBe('partial');
    expect(summary.status).toBe('partial');
    const [run] = await db.sequelize.query<{ status: string; error: string }>(
      'SELECT status, error FROM imports WHERE id = ?',
      { replacements: [summary.sources[0]!.importId], type: QueryTypes.SELECT },
    );
    expect(run).toEqual({ status: 'partial', error: '1 of 2 file(s) not imported' });
    const failedFiles = await db.sequelize.query<{ path: string; error: string }>(
      "SELECT path, error FROM import_files WHERE import_id = ? AND status = 'failed'",
      { replacements: [summary.sources[0]!.importId], type: QueryTypes.SELECT },
    );
    expect(failedFiles).toEqual([{ path: '2024-03/2024-03-kent-street.csv', error: 'derived table broke' }]);
    expect(
      await scalar(db, "SELECT COUNT(*) AS n FROM crimes WHERE force_id = 'kent' AND month = 202403"),
    ).toBe(before);
    expect(
      await scalar(db, "SELECT COUNT(*) AS n FROM crimes WHERE force_id = 'surrey' AND month = 202403"),
    ).toBe(30);
  });

  it('refreshes derived tables inside the transaction that replaces the force-month', async () => {
    const seen: string[] = [];
    const recorder: DerivedTable = {
      name: 'recorder',
      async refresh(sequelize, transaction, forceId, month) {
        const [row] = await sequelize.query<{ n: number }>(
          'SELECT COUNT(*) AS n FROM crimes WHERE force_id = ? AND month = ?',
          { type: QueryTypes.SELECT, replacements: [forceId, month], transaction },
        );
        seen.push(`${forceId}|${month}|${Number(row!.n)}`);
      },
    };
    // The same import again: only the file that failed is brought in; surrey's is left as it is.
    const summary = await importSources(db.sequelize, [join(dir, 'second')], { derivedTables: [recorder] });
    expect(seen).toEqual(['kent|202403|25']);
    expect(summary.status).toBe('completed');
    expect(summary.sources[0]!.files.map((f) => [f.file, f.unchanged !== undefined])).toEqual([
      ['2024-03/2024-03-kent-street.csv', false],
      ['2024-03/2024-03-surrey-street.csv', true],
    ]);
    expect(
      await scalar(db, "SELECT COUNT(*) AS n FROM crimes WHERE force_id = 'surrey' AND month = 202403"),
    ).toBe(30);
  });

  it('reports a file without the official header, and an unreadable source, without throwing', async () => {
    writeFiles(join(dir, 'odd'), { '2024-04/2024-04-kent-street.csv': 'a,b,c\n1,2,3\n' });
    const summary = await importSources(db.sequelize, [join(dir, 'odd'), join(dir, 'missing')]);
    expect(summary.sources[0]!.files[0]!.error).toMatch(/Crime ID/);
    expect(summary.sources[0]!.status).toBe('failed');
    expect(summary.sources[1]!.error).toMatch(/does not exist/);
    expect(summary.filesImported).toBe(0);
  });
});

describe.each(testDialects)('importSources of zip archives and URLs on %s', (dialect) => {
  let db: TestDatabase;
  let dir: string;
  let server: Server;
  let baseUrl: string;
  const files = policeArchive();
  const zip = zipArchive(archiveEntries(files, 'police-data-2024-02'));

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    dir = mkdtempSync(join(tmpdir(), 'crime-clock-import-zip-'));
    writeFileSync(join(dir, 'archive.zip'), zip);
    server = createServer((request, response) => {
      if (request.url === '/data/archive/latest.zip') {
        response.writeHead(200, { 'content-type': 'application/zip', 'content-length': zip.length });
        response.end(zip);
      } else {
        response.writeHead(404).end('not found');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await db?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('imports a zip with a top folder, streaming its entries', async () => {
    const summary = await importSources(db.sequelize, [join(dir, 'archive.zip')]);
    expect(summary.filesFailed).toBe(0);
    expect(summary.sources[0]!.synthetic).toBe(true);
    expect(await storedStreetCounts(db)).toEqual(expectedStreetCounts(files));
    expect(await scalar(db, 'SELECT COUNT(*) AS n FROM postcodes')).toBe(3);
  });

  it('downloads a URL and imports it like a zip, replacing the same months', async () => {
    const events: string[] = [];
    const summary = await importSources(db.sequelize, [`${baseUrl}/data/archive/latest.zip`], {
      onProgress: (event) => events.push(event.type),
    });
    expect(summary.filesFailed).toBe(0);
    expect(events).toContain('download');
    expect(await storedStreetCounts(db)).toEqual(expectedStreetCounts(files));
    expect(await storedPerForceMonth(db, 'stop_searches')).toEqual(
      expectedPerForceMonth(files, 'stop-and-search'),
    );
  });

  it('reports an HTTP error and an unreachable host as failed sources', async () => {
    const closed = await freePort();
    const summary = await importSources(db.sequelize, [
      `${baseUrl}/nothing.zip`,
      `http://127.0.0.1:${closed}/latest.zip`,
    ]);
    expect(summary.sources[0]!.error).toMatch(/404/);
    expect(summary.sources[0]!.offline).toBe(false);
    expect(summary.sources[1]!.offline).toBe(true);
    expect(summary.sources[1]!.error).toMatch(/offline/);
    expect(summary.sources.map((s) => s.status)).toEqual(['failed', 'failed']);
  });
});
