import { MYSQL_TABLE_OPTIONS } from '../mysql-session.ts';
import type { Sequelize } from 'sequelize';
import type { Migration } from './migration.ts';

/**
 * Aggregates and indexes that make the crime search fast at national scale (docs/search.md):
 *
 * - crime_cell_counts: crimes and resolved crimes per grid cell x month x category x force. A
 *   1-mile circle covers ~40 cells of ~0.3 km²; the ~16 wholly inside it are summed from here.
 * - crime_points: the same per anonymised map point (crimes sit on shared snap points), filed
 *   under the point's part, a 4 x 4 subdivision of its cell (common/search/geometry.ts), and
 *   crime_part_counts: the counts per part. Of the ~24 cells the circle's edge crosses, parts
 *   wholly inside the circle are summed from the part counts, parts wholly outside are skipped,
 *   and only the points of the parts the edge itself crosses get the exact distance test.
 * - crime_force_counts: per force x month x category, including crimes without a location: a
 *   force-wide search and the national clock read only this.
 * - crime_locations: the distinct map points per cell with their LSOA (a few dozen per cell), and
 *   force_lsoas: the LSOAs each force has reported crimes in. The population of a search area is
 *   that of the LSOAs of its crime locations (docs/search.md), found without reading crimes.
 * - cell_forces: which forces ever had a crime in a cell, so a radius search knows which forces
 *   police the area and can say "no data" for one that did not report.
 *
 * Key order puts cell (or part) first so the "cell IN (...) AND month BETWEEN" of a search is one
 * range per cell. The tables are clustered on their keys (SQLite WITHOUT ROWID, InnoDB primary key), so a
 * range read touches only the rows it returns.
 */
export const searchIndexes: Migration = {
  name: '0002-search',
  async up({ sequelize }) {
    for (const statement of createStatements(sequelize.getDialect() === 'mysql')) {
      await sequelize.query(statement);
    }
    // Incident pages for a radius/neighbourhood: "cell IN (...) AND month = ?", exact distance
    // from the indexed lat/lng, newest first by id (the implicit rowid / InnoDB primary key).
    await sequelize.query('CREATE INDEX crimes_cell_month_position ON crimes (cell, month, lat, lng)');
    // Incident pages for a force: "force_id = ? AND month = ? ORDER BY id DESC" walks this backwards.
    await sequelize.query('CREATE INDEX crimes_force_month ON crimes (force_id, month)');
    // Which forces' neighbourhoods overlap a circle, without reading the boundary texts stored in
    // the same rows (SQLite would have to step over each boundary to reach the box columns).
    await sequelize.query(
      'CREATE INDEX neighbourhoods_bbox ON neighbourhoods (min_lat, max_lat, min_lng, max_lng, force_id)',
    );
    await fillFromExistingCrimes(sequelize);
  },
  async down({ sequelize }) {
    for (const table of [
      'cell_forces',
      'force_lsoas',
      'crime_locations',
      'crime_force_counts',
      'crime_part_counts',
      'crime_points',
      'crime_cell_counts',
    ]) {
      await sequelize.query(`DROP TABLE IF EXISTS ${table}`);
    }
    const mysql = sequelize.getDialect() === 'mysql';
    for (const [table, index] of [
      ['crimes', 'crimes_cell_month_position'],
      ['crimes', 'crimes_force_month'],
      ['neighbourhoods', 'neighbourhoods_bbox'],
    ]) {
      await sequelize.query(mysql ? `DROP INDEX ${index} ON ${table}` : `DROP INDEX IF EXISTS ${index}`);
    }
  },
};

function createStatements(mysql: boolean): string[] {
  const clustered = mysql ? ` ${MYSQL_TABLE_OPTIONS}` : ' WITHOUT ROWID';
  const forceId = 'VARCHAR(64) NOT NULL';
  const lsoa = "VARCHAR(12) NOT NULL DEFAULT ''";
  return [
    `CREATE TABLE crime_cell_counts (
      cell INTEGER NOT NULL,
      month INTEGER NOT NULL,
      category SMALLINT NOT NULL,
      force_id ${forceId},
      crimes INTEGER NOT NULL,
      resolved INTEGER NOT NULL,
      PRIMARY KEY (cell, month, category, force_id)
    )${clustered}`,
    'CREATE INDEX crime_cell_counts_force_month ON crime_cell_counts (force_id, month)',
    `CREATE TABLE crime_points (
      part INTEGER NOT NULL,
      month INTEGER NOT NULL,
      category SMALLINT NOT NULL,
      lat DOUBLE NOT NULL,
      lng DOUBLE NOT NULL,
      force_id ${forceId},
      crimes INTEGER NOT NULL,
      resolved INTEGER NOT NULL,
      PRIMARY KEY (part, month, category, lat, lng, force_id)
    )${clustered}`,
    `CREATE TABLE crime_part_counts (
      part INTEGER NOT NULL,
      month INTEGER NOT NULL,
      category SMALLINT NOT NULL,
      force_id ${forceId},
      crimes INTEGER NOT NULL,
      resolved INTEGER NOT NULL,
      PRIMARY KEY (part, month, category, force_id)
    )${clustered}`,
    `CREATE TABLE crime_locations (
      cell INTEGER NOT NULL,
      lat DOUBLE NOT NULL,
      lng DOUBLE NOT NULL,
      lsoa_code ${lsoa},
      PRIMARY KEY (cell, lat, lng, lsoa_code)
    )${clustered}`,
    `CREATE TABLE force_lsoas (
      force_id ${forceId},
      lsoa_code VARCHAR(12) NOT NULL,
      PRIMARY KEY (force_id, lsoa_code)
    )${clustered}`,
    `CREATE TABLE crime_force_counts (
      force_id ${forceId},
      month INTEGER NOT NULL,
      category SMALLINT NOT NULL,
      crimes INTEGER NOT NULL,
      resolved INTEGER NOT NULL,
      located INTEGER NOT NULL,
      PRIMARY KEY (force_id, month, category)
    )${clustered}`,
    `CREATE TABLE cell_forces (
      cell INTEGER NOT NULL,
      force_id ${forceId},
      PRIMARY KEY (cell, force_id)
    )${clustered}`,
  ];
}

/**
 * The outcomes counted as resolved and the grid as they were when this migration was written
 * (common/search/outcomes.ts, common/geo/grid.ts, common/search/geometry.ts): frozen here, so the
 * migration does the same thing on every store whatever the application later changes.
 */
export const RESOLVED_OUTCOMES = [
  'Awaiting court outcome',
  'Suspect charged',
  'Suspect charged as part of another case',
  'Defendant sent to Crown Court',
  'Court result unavailable',
  'Court case unable to proceed',
  'Defendant found not guilty',
  'Offender sent to prison',
  'Offender given suspended prison sentence',
  'Offender given community sentence',
  'Offender fined',
  'Offender given conditional discharge',
  'Offender given absolute discharge',
  'Offender ordered to pay compensation',
  'Offender deprived of property',
  'Offender otherwise dealt with',
  'Offender given a caution',
  'Offender given penalty notice',
  'Offender given a drugs possession warning',
  'Local resolution',
];
export const RESOLVED = 'SUM(CASE WHEN outcome IN (:resolvedOutcomes) THEN 1 ELSE 0 END)';

/** A located crime's part: its cell's corner, then its quarter of the cell's height and width, clamped to 0..3. */
export const PART = (() => {
  const row = 'FLOOR(cell / 2000)';
  const column = `(cell - 2000 * ${row})`;
  const quarter = (offset: string, size: string) => {
    const q = `FLOOR((${offset}) / ${size})`;
    return `(CASE WHEN ${q} < 0 THEN 0 WHEN ${q} > 3 THEN 3 ELSE ${q} END)`;
  };
  const subRow = quarter(`lat - (4.9e+1 + ${row} * 5e-3)`, '1.25e-3');
  const subColumn = quarter(`lng - (-9e+0 + ${column} * 8e-3)`, '2e-3');
  return `(cell * 16 + ${subRow} * 4 + ${subColumn})`;
})();

const LOCATED = 'cell IS NOT NULL AND lat IS NOT NULL AND lng IS NOT NULL';

/** The new tables filled from the crimes a store already holds (exported for its test). */
export async function fillFromExistingCrimes(sequelize: Sequelize): Promise<void> {
  await sequelize.transaction(async (transaction) => {
    const run = (sql: string) =>
      sequelize.query(sql, { replacements: { resolvedOutcomes: RESOLVED_OUTCOMES }, transaction });
    await run(
      `INSERT INTO crime_force_counts (force_id, month, category, crimes, resolved, located)
       SELECT force_id, month, category, COUNT(*), ${RESOLVED}, SUM(CASE WHEN cell IS NOT NULL THEN 1 ELSE 0 END)
       FROM crimes GROUP BY force_id, month, category`,
    );
    await run(
      `INSERT INTO crime_cell_counts (cell, month, category, force_id, crimes, resolved)
       SELECT cell, month, category, force_id, COUNT(*), ${RESOLVED}
       FROM crimes WHERE cell IS NOT NULL GROUP BY cell, month, category, force_id`,
    );
    await run(
      `INSERT INTO crime_part_counts (part, month, category, force_id, crimes, resolved)
       SELECT ${PART}, month, category, force_id, COUNT(*), ${RESOLVED}
       FROM crimes WHERE ${LOCATED} GROUP BY ${PART}, month, category, force_id`,
    );
    await run(
      `INSERT INTO crime_points (part, month, category, lat, lng, force_id, crimes, resolved)
       SELECT ${PART}, month, category, lat, lng, force_id, COUNT(*), ${RESOLVED}
       FROM crimes WHERE ${LOCATED} GROUP BY cell, month, category, lat, lng, force_id`,
    );
    await run(
      `INSERT INTO crime_locations (cell, lat, lng, lsoa_code)
       SELECT DISTINCT cell, lat, lng, COALESCE(lsoa_code, '') FROM crimes WHERE ${LOCATED}`,
    );
    await run(
      `INSERT INTO force_lsoas (force_id, lsoa_code)
       SELECT DISTINCT force_id, lsoa_code FROM crimes WHERE lsoa_code IS NOT NULL AND lsoa_code <> ''`,
    );
    await run(
      'INSERT INTO cell_forces (cell, force_id) SELECT DISTINCT cell, force_id FROM crime_cell_counts',
    );
  });
}
