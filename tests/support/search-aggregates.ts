import { QueryTypes, type Sequelize } from 'sequelize';
import { searchAggregates } from '../../api/src/search/derived-tables.ts';

/** Aggregate tables of the search; their layout and purpose are described in migration 0002. */
export const SEARCH_AGGREGATE_TABLES = [
  'crime_cell_months',
  'crime_part_months',
  'crime_points',
  'crime_force_counts',
  'crime_locations',
  'force_lsoas',
  'cell_forces',
] as const;

/**
 * The search's aggregates built afresh from whatever `crimes` holds, as the importer builds them:
 * the tables emptied, then every force-month refreshed (searchAggregates), in one transaction. For
 * tests and benchmarks that write crimes directly.
 */
export async function rebuildSearchAggregates(sequelize: Sequelize): Promise<void> {
  const forceMonths = await sequelize.query<{ force_id: string; month: number | string }>(
    'SELECT DISTINCT force_id, month FROM crimes',
    { type: QueryTypes.SELECT },
  );
  await sequelize.transaction(async (transaction) => {
    for (const table of SEARCH_AGGREGATE_TABLES)
      await sequelize.query(`DELETE FROM ${table}`, { transaction });
    for (const { force_id, month } of forceMonths) {
      await searchAggregates.refresh(sequelize, transaction, force_id, Number(month));
    }
  });
}
