import { QueryTypes, type Sequelize } from 'sequelize';
import type { DerivedTable } from '../derived-tables.ts';
import { MONTH_TABLES, type MonthDatasetKind } from './month-tables.ts';

/** The newest import run's id (0 before any): what a run started after it is told apart by. */
export async function lastImportId(sequelize: Sequelize): Promise<number> {
  const [row] = await sequelize.query<{ id: unknown }>('SELECT MAX(id) AS id FROM imports', {
    type: QueryTypes.SELECT,
  });
  return Number(row?.id ?? 0);
}

/**
 * Takes out of the store what import runs after `afterImportId` wrote of `months` (YYYYMM): each
 * force-month's rows, derived rows and `dataset_months` record, in one transaction. For the new
 * months of a check whose import was stopped half-way: a new month is in the store whole or not
 * at all, never as the few forces written before the stop. The caller holds the import lease.
 * Returns how many force-months were taken out.
 */
export async function withdrawMonths(
  sequelize: Sequelize,
  options: { months: readonly number[]; afterImportId: number; derivedTables: readonly DerivedTable[] },
): Promise<number> {
  const { months, afterImportId, derivedTables } = options;
  if (months.length === 0) return 0;
  return sequelize.transaction(async (transaction) => {
    const held = await sequelize.query<{ force_id: string; month: unknown; dataset: MonthDatasetKind }>(
      'SELECT force_id, month, dataset FROM dataset_months WHERE month IN (?) AND import_id > ?',
      { replacements: [months, afterImportId], type: QueryTypes.SELECT, transaction },
    );
    for (const { force_id: forceId, dataset, ...row } of held) {
      const month = Number(row.month);
      const replacements = [forceId, month, dataset];
      await sequelize.query(`DELETE FROM ${MONTH_TABLES[dataset]} WHERE force_id = ? AND month = ?`, {
        replacements: [forceId, month],
        transaction,
      });
      if (dataset === 'street') {
        for (const table of derivedTables) await table.refresh(sequelize, transaction, forceId, month);
      }
      await sequelize.query('DELETE FROM dataset_months WHERE force_id = ? AND month = ? AND dataset = ?', {
        replacements,
        transaction,
      });
    }
    return held.length;
  });
}
