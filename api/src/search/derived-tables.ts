import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { crimesOfForceMonth } from '../db/index-hints.ts';
import { GRID } from '../../../common/geo/grid.ts';
import { PARTS_PER_CELL, PARTS_PER_SIDE } from '../../../common/search/geometry.ts';
import { RESOLVED_OUTCOMES } from '../../../common/search/outcomes.ts';
import type { DerivedTable } from '../police-data/derived-tables.ts';
import { MONTH_ROW_COUNTS, pivotSums } from './month-rows.ts';
import { sqlDouble } from './sql.ts';

const IS_RESOLVED = 'CASE WHEN outcome IN (:resolvedOutcomes) THEN 1 ELSE 0 END';
const RESOLVED = `SUM(${IS_RESOLVED})`;

/**
 * The part of a located crime, in SQL: its cell's row and column give the cell's corner, exactly
 * as `cellBounds` computes it (the same double operations on the same constants), then the
 * position inside the cell in quarters, clamped to 0..3 for points a rounding error outside it.
 */
function partSql(): string {
  const d = sqlDouble;
  const row = `FLOOR(cell / ${GRID.columns})`;
  const column = `(cell - ${GRID.columns} * ${row})`;
  const quarter = (offset: string, size: number) => {
    const q = `FLOOR((${offset}) / ${d(size / PARTS_PER_SIDE)})`;
    return `(CASE WHEN ${q} < 0 THEN 0 WHEN ${q} > ${PARTS_PER_SIDE - 1} THEN ${PARTS_PER_SIDE - 1} ELSE ${q} END)`;
  };
  const subRow = quarter(`lat - (${d(GRID.originLat)} + ${row} * ${d(GRID.cellLat)})`, GRID.cellLat);
  const subColumn = quarter(`lng - (${d(GRID.originLng)} + ${column} * ${d(GRID.cellLng)})`, GRID.cellLng);
  return `(cell * ${PARTS_PER_CELL} + ${subRow} * ${PARTS_PER_SIDE} + ${subColumn})`;
}

/** Every part of the cells, for reading or deleting crime_points by cell. */
export function partsOfCells(cells: readonly number[]): number[] {
  return cells.flatMap((cell) =>
    Array.from({ length: PARTS_PER_CELL }, (_, sub) => cell * PARTS_PER_CELL + sub),
  );
}

/**
 * INSERT ... SELECT statements replacing the per-month aggregates from the rows of `crimes`
 * (the table, or the table with an index hint) matching `where` (a condition on force_id and
 * month only).
 */
function monthStatements(where: string, crimes = 'crimes'): string[] {
  const monthRowColumns = MONTH_ROW_COUNTS.join(', ');
  const located = `${where} AND cell IS NOT NULL AND lat IS NOT NULL AND lng IS NOT NULL`;
  return [
    `INSERT INTO crime_force_counts (force_id, month, category, crimes, resolved, located)
     SELECT force_id, month, category, COUNT(*), ${RESOLVED}, SUM(CASE WHEN cell IS NOT NULL THEN 1 ELSE 0 END)
     FROM ${crimes} WHERE ${where}
     GROUP BY force_id, month, category`,
    `INSERT INTO crime_cell_months (cell, month, force_id, ${monthRowColumns})
     SELECT cell, month, force_id, ${pivotSums('1', IS_RESOLVED)}
     FROM ${crimes} WHERE ${where} AND cell IS NOT NULL
     GROUP BY cell, month, force_id`,
    `INSERT INTO crime_points (part, month, category, lat, lng, force_id, crimes, resolved)
     SELECT ${partSql()}, month, category, lat, lng, force_id, COUNT(*), ${RESOLVED}
     FROM ${crimes} WHERE ${located}
     GROUP BY cell, month, category, lat, lng, force_id`,
  ];
}

/**
 * crime_part_months from the map points just written (`where` over crime_points): the points are
 * the crimes already grouped, read in key order, which costs a fraction of grouping the crimes
 * again by a computed part (a national month: 2.6 s of its import's 18 s; docs/benchmarks.md).
 */
function partMonthsStatement(where: string): string {
  return `INSERT INTO crime_part_months (part, month, force_id, ${MONTH_ROW_COUNTS.join(', ')})
     SELECT part, month, force_id, ${pivotSums('crimes', 'resolved')}
     FROM crime_points WHERE ${where}
     GROUP BY part, month, force_id`;
}

/**
 * Facts that only grow: which map points (with their LSOA) and LSOAs a force's crimes have used,
 * and which forces report in a cell. They describe the geography of the store, not one month, so
 * a month being replaced never removes them (a location dropped by a re-import stays listed,
 * which can only widen the population estimate of that spot).
 */
function addFacts(sequelize: Sequelize): string[] {
  const crimes = crimesOfForceMonth(sequelize, 'c');
  return [
    `INSERT INTO crime_locations (cell, lat, lng, lsoa_code)
   SELECT DISTINCT c.cell, c.lat, c.lng, COALESCE(c.lsoa_code, '') FROM ${crimes}
   WHERE c.force_id = :forceId AND c.month = :month AND c.cell IS NOT NULL AND c.lat IS NOT NULL AND c.lng IS NOT NULL
     AND NOT EXISTS (SELECT 1 FROM crime_locations l
                     WHERE l.cell = c.cell AND l.lat = c.lat AND l.lng = c.lng AND l.lsoa_code = COALESCE(c.lsoa_code, ''))`,
    `INSERT INTO force_lsoas (force_id, lsoa_code)
   SELECT DISTINCT c.force_id, c.lsoa_code FROM ${crimes}
   WHERE c.force_id = :forceId AND c.month = :month AND c.lsoa_code IS NOT NULL AND c.lsoa_code <> ''
     AND NOT EXISTS (SELECT 1 FROM force_lsoas f WHERE f.force_id = c.force_id AND f.lsoa_code = c.lsoa_code)`,
    `INSERT INTO cell_forces (cell, force_id)
   SELECT c.cell, c.force_id FROM crime_cell_months c
   WHERE c.force_id = :forceId AND c.month = :month
     AND NOT EXISTS (SELECT 1 FROM cell_forces f WHERE f.cell = c.cell AND f.force_id = c.force_id)`,
  ];
}

/** Keeps IN lists (16 parts a cell) well under every driver's parameter and packet limits. */
const CELL_CHUNK = 250;

async function refreshForceMonth(
  sequelize: Sequelize,
  transaction: Transaction,
  forceId: string,
  month: number,
): Promise<void> {
  const base = { forceId, month, resolvedOutcomes: [...RESOLVED_OUTCOMES] };
  const run = (sql: string, replacements: Record<string, unknown> = base) =>
    sequelize.query(sql, { replacements, transaction });

  // The part tables have no (force, month) index (it would be as large as the tables); their
  // old rows are found through the cells the force-month had, which crime_cell_months lists.
  const cellsOfForceMonth = async () =>
    (
      await sequelize.query<{ cell: number }>(
        'SELECT cell FROM crime_cell_months WHERE force_id = :forceId AND month = :month',
        { replacements: base, type: QueryTypes.SELECT, transaction },
      )
    ).map((c) => Number(c.cell));
  const cells = await cellsOfForceMonth();
  for (let i = 0; i < cells.length; i += CELL_CHUNK) {
    const parts = partsOfCells(cells.slice(i, i + CELL_CHUNK));
    for (const table of ['crime_points', 'crime_part_months']) {
      await run(`DELETE FROM ${table} WHERE part IN (:parts) AND month = :month AND force_id = :forceId`, {
        ...base,
        parts,
      });
    }
  }
  await run('DELETE FROM crime_cell_months WHERE force_id = :forceId AND month = :month');
  await run('DELETE FROM crime_force_counts WHERE force_id = :forceId AND month = :month');
  const crimes = crimesOfForceMonth(sequelize);
  for (const sql of monthStatements('force_id = :forceId AND month = :month', crimes)) await run(sql);
  const written = await cellsOfForceMonth();
  for (let i = 0; i < written.length; i += CELL_CHUNK) {
    const parts = partsOfCells(written.slice(i, i + CELL_CHUNK));
    await run(partMonthsStatement('part IN (:parts) AND month = :month AND force_id = :forceId'), {
      ...base,
      parts,
    });
  }
  for (const sql of addFacts(sequelize)) await run(sql);
}

/**
 * The search's aggregates for one force-month. The importer calls it inside the transaction that
 * replaces the force-month's crimes, after the new rows are in.
 */
export const searchAggregates: DerivedTable = {
  name: 'search-aggregates',
  refresh: refreshForceMonth,
};

/** For the importer's list of derived tables. */
export const searchDerivedTables: readonly DerivedTable[] = [searchAggregates];
