import type { Sequelize } from 'sequelize';
import { COUNTED_FORCE_IDS, isCountedForce } from '../../../common/police-coverage/coverage.ts';
import { ENGLAND_AND_WALES_CENTRE, type SearchArea } from './areas.ts';
import {
  cellLocations,
  crimesInCellsSql,
  keysetBatches,
  pageRows,
  populationOf,
  populationSql,
  summaryOf,
  type CountRow,
  type PopulationRow,
} from './area-sql.ts';
import { coverageOf } from './coverage.ts';
import { AreaCounts } from './month-rows.ts';
import { select } from './sql.ts';

/**
 * The whole store ("default" search, the police clock's own): every crime of every counted force
 * (common/police-coverage), with the forces the store knows of (any dataset) as the ones that
 * police it, so a force that sent stop-and-search but no street data shows as "no data".
 */
export function storeArea(sequelize: Sequelize): SearchArea {
  return {
    kind: 'default',
    centre: ENGLAND_AND_WALES_CENTRE,
    async coverage({ windowStart, end }) {
      const forces = await select<{ force_id: string }>(
        sequelize,
        'SELECT DISTINCT force_id FROM dataset_months',
      );
      return coverageOf(sequelize, forces.map((f) => f.force_id).filter(isCountedForce), windowStart, end);
    },
    async summary({ windowStart, end }) {
      const [counts, [people]] = await Promise.all([
        select<CountRow>(
          sequelize,
          `SELECT month, category, SUM(crimes) AS crimes, SUM(resolved) AS resolved FROM crime_force_counts
           WHERE month BETWEEN :windowStart AND :end AND force_id IN (:counted) GROUP BY month, category`,
          { windowStart, end, counted: [...COUNTED_FORCE_IDS] },
        ),
        select<PopulationRow>(sequelize, populationSql('SELECT DISTINCT lsoa_code FROM force_lsoas')),
      ]);
      return summaryOf(new AreaCounts().addCategoryRows(counts), populationOf(people));
    },
    page(month, offset, limit) {
      return pageRows(
        sequelize,
        'SELECT id FROM crimes WHERE month = :month ORDER BY id DESC LIMIT :limit OFFSET :offset',
        { month, limit, offset },
      );
    },
    batches(month, size) {
      return keysetBatches(sequelize, 'c.month = :month', { month }, size);
    },
    // The whole of England and Wales has no outline of its own to draw.
    async outline() {
      return null;
    },
    async mapLocations(start, end) {
      const rows = await cellLocations(sequelize, 'month BETWEEN :start AND :end', { start, end });
      return { byCell: true, rows };
    },
    contains() {
      return true;
    },
    crimesInCells(cellList, start, end, categories) {
      return crimesInCellsSql(sequelize, '1 = 1', {}, cellList, start, end, categories);
    },
  };
}
