import { QueryTypes, type Sequelize } from 'sequelize';
import { crimesOfForceMonth } from '../db/index-hints.ts';
import type { DerivedTable } from './derived-tables.ts';

export const categoryMonthCountsTable: DerivedTable = {
  name: 'category_month_counts',
  async refresh(sequelize, transaction, forceId, month) {
    await sequelize.query('DELETE FROM category_month_counts WHERE force_id = ? AND month = ?', {
      replacements: [forceId, month],
      transaction,
    });
    await sequelize.query(
      `INSERT INTO category_month_counts (force_id, month, category, crime_count)
       SELECT force_id, month, category, COUNT(*) FROM ${crimesOfForceMonth(sequelize)}
       WHERE force_id = ? AND month = ? GROUP BY force_id, month, category`,
      { replacements: [forceId, month], transaction },
    );
  },
};

export interface CategoryCount {
  category: number;
  count: number;
}

/** National crimes per category over an inclusive month range (yyyymm), from the small table. */
export async function categoryCountsBetween(
  sequelize: Sequelize,
  fromMonth: number,
  toMonth: number,
): Promise<CategoryCount[]> {
  const rows = await sequelize.query<{ category: number; total: number | string }>(
    `SELECT category, SUM(crime_count) AS total FROM category_month_counts
     WHERE month BETWEEN ? AND ? GROUP BY category`,
    { replacements: [fromMonth, toMonth], type: QueryTypes.SELECT },
  );
  return rows.map((r) => ({ category: Number(r.category), count: Number(r.total) }));
}
