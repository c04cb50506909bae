import type { Sequelize } from 'sequelize';
import { categoryFromCode, type CrimeCategorySlug } from '../../../common/crime/categories.ts';
import { POLICE_FORCES } from '../../../common/police/forces.ts';
import { addMonths, formatMonth } from '../../../common/search/months.ts';
import type { ForceWithoutData } from '../../../common/search/types.ts';
import { coverageOf, storeMonths } from './coverage.ts';
import { num, select } from './sql.ts';

export interface NationalCategoryCounts {
  /** YYYY-MM, the latest `months` months the store holds (ending at the latest). */
  start: string;
  end: string;
  months: number;
  total: number;
  categories: { category: CrimeCategorySlug; name: string; count: number }[];
  /** Forces with months missing in the window: their crimes are not in the totals. */
  forcesWithoutData: ForceWithoutData[];
  synthetic: boolean;
}

/**
 * Crimes per category over the latest `months` months nationally, from the per-force aggregate,
 * with the forces that sent no data for some of those months (for the police clock). Undefined
 * when the store holds no street crime.
 */
export async function nationalCategoryCounts(
  sequelize: Sequelize,
  months: number,
): Promise<NationalCategoryCounts | undefined> {
  const held = await storeMonths(sequelize);
  if (!held) return undefined;
  const end = held.latest;
  const start = addMonths(end, -(Math.max(1, Math.trunc(months)) - 1));
  const [rows, coverage] = await Promise.all([
    select<{ category: unknown; crimes: unknown }>(
      sequelize,
      `SELECT category, SUM(crimes) AS crimes FROM crime_force_counts
       WHERE month BETWEEN :start AND :end GROUP BY category`,
      { start, end },
    ),
    coverageOf(
      sequelize,
      POLICE_FORCES.map((f) => f.id),
      start,
      end,
    ),
  ]);
  const categories = rows
    .flatMap((r) => {
      const category = categoryFromCode(num(r.category));
      return category ? [{ category: category.slug, name: category.label, count: num(r.crimes) }] : [];
    })
    .sort((a, b) => b.count - a.count);
  return {
    start: formatMonth(start),
    end: formatMonth(end),
    months: Math.max(1, Math.trunc(months)),
    total: categories.reduce((sum, c) => sum + c.count, 0),
    categories,
    forcesWithoutData: coverage.forcesWithoutData,
    synthetic: coverage.synthetic,
  };
}
