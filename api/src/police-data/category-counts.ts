import type { Sequelize } from 'sequelize';
import { COUNTED_FORCE_IDS } from '../../../common/police-coverage/coverage.ts';
import { selectRows } from '../db/reads.ts';

export interface CategoryCount {
  category: number;
  count: number;
}

/**
 * National crimes per category over an inclusive month range (yyyymm), from the per-force,
 * month and category counts that every import refreshes with the crimes (crime_force_counts,
 * a few thousand rows standing in for millions). Only the forces the product counts
 * (common/police-coverage): a store filled before Northern Ireland was left out still holds its rows.
 */
export async function categoryCountsBetween(
  sequelize: Sequelize,
  fromMonth: number,
  toMonth: number,
): Promise<CategoryCount[]> {
  const rows = await selectRows<{ category: number; total: number | string }>(
    sequelize,
    `SELECT category, SUM(crimes) AS total FROM crime_force_counts
     WHERE month BETWEEN :fromMonth AND :toMonth AND force_id IN (:counted) GROUP BY category`,
    { fromMonth, toMonth, counted: [...COUNTED_FORCE_IDS] },
  );
  return rows.map((r) => ({ category: Number(r.category), count: Number(r.total) }));
}
