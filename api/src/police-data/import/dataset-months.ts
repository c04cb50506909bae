import type { Sequelize, Transaction } from 'sequelize';
import type { MonthDatasetKind } from './types.ts';

export interface DatasetMonthRecord {
  forceId: string;
  month: number;
  dataset: MonthDatasetKind;
  rows: number;
  skipped: number;
  synthetic: boolean;
  importId: number;
}

/** Notes in `dataset_months` that the store now holds this force-month of this dataset. */
export async function recordDatasetMonth(
  sequelize: Sequelize,
  transaction: Transaction,
  record: DatasetMonthRecord,
): Promise<void> {
  const key = [record.forceId, record.month, record.dataset];
  await sequelize.query('DELETE FROM dataset_months WHERE force_id = ? AND month = ? AND dataset = ?', {
    replacements: key,
    transaction,
  });
  await sequelize.query(
    'INSERT INTO dataset_months (force_id, month, dataset, row_count, skipped_count, synthetic, import_id, imported_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    {
      replacements: [...key, record.rows, record.skipped, record.synthetic, record.importId, new Date()],
      transaction,
    },
  );
}
