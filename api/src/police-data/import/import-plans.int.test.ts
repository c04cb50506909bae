import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/connection.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '../../../../tests/support/database.ts';
import { csvText, STREET_HEADER, streetRows, writeFiles } from '../../../../tests/support/police-archive.ts';
import { storeDerivedTables } from '../store-derived-tables.ts';
import { importSources } from './index.ts';

const FORCES = [
  { id: 'kent', name: 'Kent Police', lat: 51.27, lng: 0.52 },
  { id: 'essex', name: 'Essex Police', lat: 51.74, lng: 0.47 },
];
const MONTHS = ['2024-01', '2024-02'];

/**
 * Every statement an import sends that reads one force-month of `crimes` (replacing it,
 * refreshing the aggregates derived from it) must reach those rows through crimes_force_month.
 * The statements are captured from a real import, not written out here. Any other index reads
 * every force's crimes of the month for each force (three of a national month's
 * aggregates took 6.3 s that way, 1.7 s through the index).
 */
describe.each(testDialects)('query plans of an import on %s', (dialect) => {
  let db: TestDatabase;
  const dirs: string[] = [];
  const statements: string[] = [];

  /** Street files of every force and month; another `seed` gives other crimes. */
  function archive(seed: number): string {
    const dir = mkdtempSync(join(tmpdir(), 'cc-import-plans-'));
    dirs.push(dir);
    const files: Record<string, string> = {};
    FORCES.forEach((force, f) => {
      MONTHS.forEach((month, m) => {
        const options = { month, forceName: force.name, lat: force.lat, lng: force.lng, noLocation: 0.1 };
        const rows = streetRows(200, { ...options, seed: seed + 10 * f + m });
        files[`${month}/${month}-${force.id}-street.csv`] = csvText(STREET_HEADER, rows);
      });
    });
    writeFiles(dir, files);
    return dir;
  }

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    const logged = openDatabase({
      url: db.url,
      log: (sql) => statements.push(sql.replace(/^Executing \([^)]*\): /, '').replace(/\s+/g, ' ')),
    });
    try {
      // The second import replaces every force-month: rows to delete, aggregates to replace.
      for (const seed of [1, 2]) {
        const summary = await importSources(logged, [archive(seed)], { derivedTables: storeDerivedTables });
        expect(summary.status).toBe('completed');
      }
    } finally {
      await logged.close();
    }
  });
  afterAll(async () => {
    await db?.drop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  /** The index each statement reads `crimes` through, by the database's own EXPLAIN. */
  async function crimesIndexesOf(sql: string): Promise<string[]> {
    if (dialect === 'sqlite') {
      const plan = await db.sequelize.query<{ detail: string }>(`EXPLAIN QUERY PLAN ${sql}`, {
        type: QueryTypes.SELECT,
      });
      return plan
        .map((row) => /^(?:SCAN|SEARCH) (?:crimes|c)\b(.*)$/.exec(row.detail))
        .filter((match) => match !== null)
        .map((match) => /USING (?:COVERING )?INDEX (\w+)/.exec(match[1]!)?.[1] ?? 'the whole table');
    }
    const plan = await db.sequelize.query<{ table: string; key: string | null }>(`EXPLAIN ${sql}`, {
      type: QueryTypes.SELECT,
    });
    return plan
      .filter((row) => row.table === 'crimes' || row.table === 'c')
      .map((row) => row.key ?? 'the whole table');
  }

  it('reads a force-month of crimes through crimes_force_month in every statement', async () => {
    const forceMonthReads = statements.filter(
      (sql) => /\bFROM crimes\b/.test(sql) && /force_id = 'kent'/.test(sql) && !/^SELECT/.test(sql),
    );
    // The delete of the old rows, and each aggregate grouped from the crimes.
    expect(forceMonthReads.some((sql) => sql.startsWith('DELETE FROM crimes'))).toBe(true);
    for (const table of ['crime_points', 'crime_cell_months', 'crime_locations', 'crime_force_counts']) {
      expect(forceMonthReads.some((sql) => sql.startsWith(`INSERT INTO ${table} `))).toBe(true);
    }
    for (const sql of forceMonthReads) {
      // MariaDB takes no index hint in a single-table DELETE and, on a table this small, rightly
      // reads it whole; on a large one its statistics pick the index. SQLite has no statistics,
      // so its choice here is its choice at any size.
      if (dialect === 'mysql' && sql.startsWith('DELETE')) continue;
      expect(await crimesIndexesOf(sql), sql).toEqual(['crimes_force_month']);
    }
  });
});
