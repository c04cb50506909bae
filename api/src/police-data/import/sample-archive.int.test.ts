import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoryFromArchiveName } from '../../../../common/crime/categories.ts';
import { generateSample, type SampleSummary } from '../../../../scripts/data-sample/generate.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '../../../../tests/support/database.ts';
import { storeDerivedTables } from '../store-derived-tables.ts';
import { importSources } from './index.ts';

/** Rows per key of every file of one kind, counted with csv-parse from the files themselves. */
function countFiles(
  dir: string,
  sample: SampleSummary,
  kind: string,
  keyOf: (file: { force: string; month: string }, row: Record<string, string>) => string,
): Map<string, number> {
  const counts = new Map<string, number>();
  for (const file of sample.files.filter((f) => f.kind === kind)) {
    const rows = parse(readFileSync(join(dir, file.path)), { columns: true, bom: true }) as Record<
      string,
      string
    >[];
    for (const row of rows) {
      const key = keyOf({ force: file.force!, month: file.month! }, row);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  return counts;
}

async function storedCounts(db: TestDatabase, sql: string): Promise<Map<string, number>> {
  const rows = await db.sequelize.query<{ k: string; n: number }>(sql, { type: QueryTypes.SELECT });
  return new Map(rows.map((r) => [String(r.k), Number(r.n)]));
}

const yyyymm = (month: string) => month.replace('-', '');

describe.each(testDialects)('importing the synthetic sample archive on %s', (dialect) => {
  let db: TestDatabase;
  let dir: string;
  let sample: SampleSummary;

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    dir = mkdtempSync(join(tmpdir(), 'crime-clock-sample-'));
    sample = await generateSample({ outDir: join(dir, 'sample'), months: 4, scale: 1 });
  });
  afterAll(async () => {
    await db?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stores the same crimes per force, month and category as the files hold', async () => {
    const summary = await importSources(db.sequelize, [join(dir, 'sample')], {
      derivedTables: storeDerivedTables,
    });
    expect(summary.filesFailed).toBe(0);
    expect(summary.skipped).toBe(0);
    expect(summary.sources[0]!.synthetic).toBe(true);

    const expected = countFiles(
      join(dir, 'sample'),
      sample,
      'street',
      (file, row) =>
        `${file.force}|${yyyymm(row.Month!)}|${categoryFromArchiveName(row['Crime type']!)!.code}`,
    );
    expect(expected.size).toBeGreaterThan(0);
    const concat =
      dialect === 'mysql'
        ? "CONCAT(force_id, '|', month, '|', category)"
        : "force_id || '|' || month || '|' || category";
    expect(
      await storedCounts(
        db,
        `SELECT ${concat} AS k, COUNT(*) AS n FROM crimes GROUP BY force_id, month, category`,
      ),
    ).toEqual(expected);
  });

  it('stores every outcome and stop-and-search row, and every reference row', async () => {
    const perForceMonth = (kind: string) =>
      countFiles(join(dir, 'sample'), sample, kind, (file) => `${file.force}|${yyyymm(file.month)}`);
    const concat = dialect === 'mysql' ? "CONCAT(force_id, '|', month)" : "force_id || '|' || month";
    expect(
      await storedCounts(db, `SELECT ${concat} AS k, COUNT(*) AS n FROM outcomes GROUP BY force_id, month`),
    ).toEqual(perForceMonth('outcomes'));
    expect(
      await storedCounts(
        db,
        `SELECT ${concat} AS k, COUNT(*) AS n FROM stop_searches GROUP BY force_id, month`,
      ),
    ).toEqual(perForceMonth('stop-and-search'));

    const postcodes = parse(readFileSync(join(dir, 'sample', 'postcodes.csv')), {
      columns: true,
    }) as unknown[];
    const lsoas = parse(readFileSync(join(dir, 'sample', 'lsoa-population.csv')), {
      columns: true,
      bom: true,
    }) as unknown[];
    const geojson = JSON.parse(readFileSync(join(dir, 'sample', 'neighbourhoods.geojson'), 'utf8')) as {
      features: unknown[];
    };
    const counts = await storedCounts(
      db,
      `SELECT 'postcodes' AS k, COUNT(*) AS n FROM postcodes UNION ALL
       SELECT 'lsoas', COUNT(*) FROM lsoa_populations UNION ALL
       SELECT 'neighbourhoods', COUNT(*) FROM neighbourhoods`,
    );
    expect(counts).toEqual(
      new Map([
        ['postcodes', postcodes.length],
        ['lsoas', lsoas.length],
        ['neighbourhoods', geojson.features.length],
      ]),
    );
  });
});
