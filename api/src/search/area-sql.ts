import type { Sequelize } from 'sequelize';
import { cellBounds } from '../../../common/geo/grid.ts';
import type { AreaCells } from '../../../common/search/geometry.ts';
import type { MonthNumber } from '../../../common/search/months.ts';
import { countSum } from '../db/count-sums.ts';
import type { AreaSummary, CrimeRow, MapLocation, PopulationEstimate } from './areas.ts';
import { crimesColumn, MONTH_ROW_CODES, monthRowSums, type AreaCounts } from './month-rows.ts';
import { num, select } from './sql.ts';

/* The SQL and row shaping every area kind shares (areas.ts); each kind's own SQL is in its file. */

export function toMapLocations(rows: { lat: unknown; lng: unknown; category: unknown; crimes: unknown }[]) {
  return rows.map((r) => ({
    lat: num(r.lat),
    lng: num(r.lng),
    category: num(r.category),
    crimes: num(r.crimes),
  }));
}

/** A grid cell's crimes of one category, placed at the cell's centre. */
function cellLocation(r: { cell: unknown; category: unknown; crimes: unknown }): MapLocation {
  const b = cellBounds(num(r.cell));
  return {
    lat: (b.minLat + b.maxLat) / 2,
    lng: (b.minLng + b.maxLng) / 2,
    category: num(r.category),
    crimes: num(r.crimes),
  };
}

/**
 * Crimes per cell and category of the month rows of crime_cell_months matching `where`, one map
 * location per cell and category that has any.
 */
export async function cellLocations(
  sequelize: Sequelize,
  where: string,
  replacements: Record<string, unknown>,
): Promise<MapLocation[]> {
  const sums = MONTH_ROW_CODES.map(
    (code) => `${countSum(sequelize, crimesColumn(code))} AS ${crimesColumn(code)}`,
  );
  const rows = await select<Record<string, unknown>>(
    sequelize,
    `SELECT cell, ${sums.join(', ')} FROM crime_cell_months WHERE ${where} GROUP BY cell`,
    replacements,
  );
  return rows.flatMap((row) =>
    MONTH_ROW_CODES.flatMap((category) => {
      const crimes = num(row[crimesColumn(category)]);
      return crimes > 0 ? [cellLocation({ cell: row.cell, category, crimes })] : [];
    }),
  );
}

/** Crimes of `where` (over `crimes c`) in cells and months; shared by every area's map selection. */
export function crimesInCellsSql(
  sequelize: Sequelize,
  where: string,
  replacements: Record<string, unknown>,
  cells: readonly number[],
  start: MonthNumber,
  end: MonthNumber,
  categories: readonly number[] | null,
): Promise<CrimeRow[]> {
  if (cells.length === 0 || categories?.length === 0) return Promise.resolve([]);
  return select<CrimeRow>(
    sequelize,
    `SELECT ${CRIME_COLUMNS} FROM crimes c
     WHERE c.cell IN (:cells) AND c.month BETWEEN :start AND :end AND ${where}
       ${categories ? 'AND c.category IN (:categories)' : ''}`,
    { ...replacements, cells: [...cells], start, end, categories: categories ? [...categories] : [] },
  );
}

const CRIME_COLUMNS =
  'c.id, c.force_id, c.month, c.category, c.crime_ref, c.lat, c.lng, c.street, c.lsoa_code, c.outcome';

/** The rows of a subquery yielding one page of `id`s, newest first; one round trip. */
export function pageRows(
  sequelize: Sequelize,
  idsSql: string,
  replacements: Record<string, unknown>,
  read: typeof select = select,
): Promise<CrimeRow[]> {
  return read<CrimeRow>(
    sequelize,
    `SELECT ${CRIME_COLUMNS} FROM (${idsSql}) page JOIN crimes c ON c.id = page.id ORDER BY c.id DESC`,
    replacements,
  );
}

/**
 * Batches of a month, newest first: `where` (over `crimes c`) with the rows below the last id seen,
 * so each read starts where the last ended and a long month costs no more than its rows.
 */
export async function* keysetBatches(
  sequelize: Sequelize,
  where: string,
  replacements: Record<string, unknown>,
  size: number,
): AsyncGenerator<CrimeRow[]> {
  let before = Number.MAX_SAFE_INTEGER;
  for (;;) {
    const rows = await select<CrimeRow>(
      sequelize,
      `SELECT ${CRIME_COLUMNS} FROM crimes c WHERE ${where} AND c.id < :before ORDER BY c.id DESC LIMIT :limit`,
      { ...replacements, before, limit: size },
    );
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
    before = num(rows[rows.length - 1]!.id);
  }
}

export async function rowsByIds(sequelize: Sequelize, ids: number[]): Promise<CrimeRow[]> {
  if (ids.length === 0) return [];
  const rows = await select<CrimeRow>(
    sequelize,
    `SELECT ${CRIME_COLUMNS} FROM crimes c WHERE c.id IN (:ids)`,
    { ids },
  );
  return rows.sort((a, b) => num(b.id) - num(a.id));
}

export type CountRow = { month: number | null; category: number | null; crimes: unknown; resolved: unknown };
export type PopulationRow = { lsoas: unknown; known: unknown; population: unknown };

export function summaryOf(counts: AreaCounts, population: PopulationEstimate): AreaSummary {
  return { counts: counts.counts(), resolvedByMonth: counts.resolvedByMonth, population };
}

export function populationOf(row: PopulationRow | undefined): PopulationEstimate {
  const known = num(row?.known);
  return {
    total: known > 0 ? num(row?.population) : null,
    lsoaCount: known,
    lsoasWithoutPopulation: num(row?.lsoas) - known,
  };
}

/** Residents of the distinct LSOAs a subquery yields as `lsoa_code`. */
export function populationSql(lsoaSubquery: string): string {
  return `SELECT COUNT(*) AS lsoas, COUNT(p.population) AS known, SUM(p.population) AS population
          FROM (${lsoaSubquery}) l LEFT JOIN lsoa_populations p ON p.lsoa_code = l.lsoa_code`;
}

/** Month rows (month-rows.ts) of `table` matching `where`, added up per month. */
export function monthRowsSql(
  sequelize: Sequelize,
  table: 'crime_cell_months' | 'crime_part_months',
  where: string,
): string {
  const sum = (column: string) => countSum(sequelize, column);
  return `SELECT month, ${monthRowSums(sum)} FROM ${table} WHERE ${where} GROUP BY month`;
}

/** Month x category sums over map points (nearly one a crime, so rows per category). */
export function pointCountsSql(sequelize: Sequelize, where: string): string {
  return `SELECT month, category, ${countSum(sequelize, 'crimes')} AS crimes, ${countSum(sequelize, 'resolved')} AS resolved
          FROM crime_points WHERE ${where} GROUP BY month, category`;
}

export async function forcesInCells(sequelize: Sequelize, cells: readonly number[]): Promise<string[]> {
  if (cells.length === 0) return [];
  const rows = await select<{ force_id: string }>(
    sequelize,
    'SELECT DISTINCT force_id FROM cell_forces WHERE cell IN (:cells)',
    { cells: [...cells] },
  );
  return rows.map((r) => r.force_id).sort();
}

export function allCells(cells: AreaCells): number[] {
  return [...cells.inside, ...cells.edge];
}
