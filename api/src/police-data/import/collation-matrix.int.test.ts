import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSample } from '../../../../scripts/data-sample/generate.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '../../../../tests/support/database.ts';
import type { SearchRequestBody } from '../../../../common/search/types.ts';
import { createStopSearchService } from '../../forces/stop-search-service.ts';
import { createPostcodeService } from '../../postcodes/postcode-service.ts';
import { createPoliceClockService } from '../../clocks/police-clock-service.ts';
import { MONTH_ROW_CODES, crimesColumn } from '../../search/month-rows.ts';
import { createSearchService } from '../../search/search-service.ts';
import { storeDerivedTables } from '../store-derived-tables.ts';
import { importSources } from './index.ts';

/**
 * What a store holds after an import, counted every way the product reads it: crimes per force,
 * month, category and outcome; outcomes and stops per force, month and kind; the search and clock
 * aggregates; the force-months recorded.
 */
const COUNTS: Record<string, string> = {
  crimesByCategory:
    'SELECT force_id, month, category, COUNT(*) AS n FROM crimes GROUP BY force_id, month, category',
  crimesByOutcome:
    'SELECT force_id, month, outcome, COUNT(*) AS n FROM crimes GROUP BY force_id, month, outcome',
  crimesLocated:
    'SELECT force_id, month, cell IS NULL AS unlocated, COUNT(*) AS n FROM crimes GROUP BY force_id, month, cell IS NULL',
  outcomes:
    'SELECT force_id, month, outcome_type, COUNT(*) AS n FROM outcomes GROUP BY force_id, month, outcome_type',
  stops:
    'SELECT force_id, month, object_of_search, outcome, COUNT(*) AS n FROM stop_searches GROUP BY force_id, month, object_of_search, outcome',
  stopsLocated:
    'SELECT force_id, month, lat IS NULL AS unlocated, COUNT(*) AS n FROM stop_searches GROUP BY force_id, month, lat IS NULL',
  forceCounts: 'SELECT force_id, month, category, crimes, resolved, located AS n FROM crime_force_counts',
  cellMonths: `SELECT force_id, month, ${MONTH_ROW_CODES.map((c) => `SUM(${crimesColumn(c)})`).join(' + ')} AS crimes,
    SUM(resolved) AS n FROM crime_cell_months GROUP BY force_id, month`,
  partMonths: `SELECT force_id, month, ${MONTH_ROW_CODES.map((c) => `SUM(${crimesColumn(c)})`).join(' + ')} AS crimes,
    SUM(resolved) AS n FROM crime_part_months GROUP BY force_id, month`,
  points:
    'SELECT force_id, month, SUM(crimes) AS crimes, COUNT(*) AS n FROM crime_points GROUP BY force_id, month',
  locations: 'SELECT lsoa_code, COUNT(*) AS n FROM crime_locations GROUP BY lsoa_code',
  forceLsoas: 'SELECT force_id, COUNT(*) AS n FROM force_lsoas GROUP BY force_id',
  cellForces: 'SELECT force_id, COUNT(*) AS n FROM cell_forces GROUP BY force_id',
  datasetMonths: 'SELECT force_id, month, dataset, row_count AS n FROM dataset_months',
  postcodes: 'SELECT COUNT(*) AS n FROM postcodes',
  neighbourhoods: 'SELECT force_id, COUNT(*) AS n FROM neighbourhoods GROUP BY force_id',
};

type Snapshot = Record<string, string[]>;

/** Each count as sorted "key|...|n" lines; numbers normalised, since drivers differ in types. */
async function snapshot(db: TestDatabase): Promise<Snapshot> {
  const result: Snapshot = {};
  for (const [name, sql] of Object.entries(COUNTS)) {
    const rows = await db.sequelize.query<Record<string, unknown>>(sql, { type: QueryTypes.SELECT });
    result[name] = rows
      .map((row) =>
        Object.values(row)
          .map((v) =>
            v === null
              ? 'null'
              : typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v)
                ? String(Number(v))
                : String(v),
          )
          .join('|'),
      )
      .sort();
  }
  return result;
}

/** A postcode search and a force search, chosen on the SQLite store so that each finds crimes. */
interface Searches {
  postcode: string;
  forceId: string;
}

/**
 * What the services answer for the searches: the crime search around the postcode and across the
 * force, with every crime each finds (as the export reads them), and the stop-and-search near the
 * postcode and of the force. The crimes are compared as a set, without their row ids: ids number
 * the rows of one store, and the incident list orders a month's crimes by id, which is the order
 * the import inserted them in, not anything the data says.
 */
async function searchAnswers(db: TestDatabase, { postcode, forceId }: Searches) {
  const search = createSearchService({
    sequelize: db.sequelize,
    postcodes: createPostcodeService({ sequelize: db.sequelize }),
    policeClock: createPoliceClockService({ sequelize: db.sequelize }),
    areaClocks: new Map(),
  });
  const stops = createStopSearchService({ sequelize: db.sequelize });
  const whole = async (request: SearchRequestBody) => {
    const { summary, crimes } = await search.searchAll(request, 500);
    const found: string[] = [];
    for await (const batch of crimes)
      for (const { id: _id, ...crime } of batch) found.push(JSON.stringify(crime));
    // The data version stamps when each store imported the files, so it differs between two
    // imports of the same files; its shape must not (one text on both databases).
    const { dataVersion, ...dataInfo } = summary.dataInfo;
    expect(dataVersion).toMatch(/^\d+:\d+$/);
    return { ...summary, dataInfo, data: summary.data.length, crimes: found.sort() };
  };
  const radius = await whole({ searchType: 'radius', postcode, startMonth: 'RECENT_3_MONTHS' });
  return {
    radius,
    force: await whole({ searchType: 'force', forceId, startMonth: 'RECENT_12_MONTHS' }),
    stopsNear: await stops.near({ lat: radius.coordinates.latitude, lng: radius.coordinates.longitude }),
    stopsOfForce: await stops.ofForce(forceId),
  };
}

/** The README's statement, the collations MariaDB offers for utf8mb4 that differ from the product's, and latin1. */
const DATABASES = [
  'CHARACTER SET utf8mb4',
  'CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci',
  'CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci',
  'CHARACTER SET utf8mb4 COLLATE utf8mb4_bin',
  'CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_520_ci',
  'CHARACTER SET latin1',
];

describe.skipIf(!testDialects.includes('mysql'))(
  'the sample imported into MySQL databases of every default collation',
  () => {
    let dir: string;
    let sqlite: Snapshot;
    let searches: Searches;
    let sqliteAnswers: Awaited<ReturnType<typeof searchAnswers>>;

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'crime-clock-collations-'));
      await generateSample({ outDir: join(dir, 'sample'), months: 2, scale: 0.05 });
      const db = await createTestDatabase('sqlite');
      try {
        const summary = await importSources(db.sequelize, [join(dir, 'sample')], {
          derivedTables: storeDerivedTables,
        });
        expect(summary.status).toBe('completed');
        sqlite = await snapshot(db);
        const [busiest] = await db.sequelize.query<{ force_id: string }>(
          'SELECT force_id FROM crime_force_counts GROUP BY force_id ORDER BY SUM(crimes) DESC, force_id LIMIT 1',
          { type: QueryTypes.SELECT },
        );
        const [postcode] = await db.sequelize.query<{ postcode: string }>(
          `SELECT p.postcode FROM postcodes p
           WHERE EXISTS (SELECT 1 FROM crimes c WHERE c.lat BETWEEN p.lat - 0.005 AND p.lat + 0.005
                                                  AND c.lng BETWEEN p.lng - 0.005 AND p.lng + 0.005)
           ORDER BY p.postcode LIMIT 1`,
          { type: QueryTypes.SELECT },
        );
        searches = { postcode: postcode!.postcode, forceId: busiest!.force_id };
        sqliteAnswers = await searchAnswers(db, searches);
      } finally {
        await db.drop();
      }
      expect(sqlite.crimesByCategory!.length).toBeGreaterThan(10);
      expect(sqlite.stops!.length).toBeGreaterThan(0);
      expect(sqliteAnswers.radius.crimes.length).toBeGreaterThan(0);
      expect(sqliteAnswers.force.stats.totalCrimes).toBeGreaterThan(sqliteAnswers.radius.stats.totalCrimes!);
      expect(sqliteAnswers.force.crimes.length).toBe(sqliteAnswers.force.pagination.total);
      expect(sqliteAnswers.stopsOfForce.stats.totalStops).toBeGreaterThan(0);
    });
    afterAll(() => {
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it.each(DATABASES)(
      'CREATE DATABASE ... %s: every count, and a postcode and a force search, equal the SQLite import of the same files',
      async (options) => {
        const db = await createTestDatabase('mysql', { databaseOptions: options });
        try {
          const summary = await importSources(db.sequelize, [join(dir, 'sample')], {
            derivedTables: storeDerivedTables,
          });
          expect(
            summary.sources[0]!.files.filter((f) => f.error).map((f) => `${f.file}: ${f.error}`),
          ).toEqual([]);
          expect(summary.status).toBe('completed');
          expect(await snapshot(db)).toEqual(sqlite);
          expect(await searchAnswers(db, searches)).toEqual(sqliteAnswers);
        } finally {
          await db.drop();
        }
      },
    );
  },
);
