import type { Sequelize } from 'sequelize';
import { forceById } from '../../../common/police/forces.ts';
import { formatMonth, monthsFrom, type MonthNumber } from '../../../common/search/months.ts';
import type { StoreMonths } from '../../../common/search/period.ts';
import type { ForceWithoutData } from '../../../common/search/types.ts';
import { inList, num, select, selectBounded } from './sql.ts';

/** `dataset_months.dataset` of the street-level crime archive files (`<month>-<force>-street.csv`). */
export const STREET_DATASET = 'street';
/** `dataset_months.dataset` of the stop-and-search archive files. */
export const STOP_SEARCH_DATASET = 'stop-and-search';

/**
 * The months the store holds street crime for, nationally, each one listed so presets count months
 * with data; undefined when nothing is imported. At most one row a month (about 180 since 2010).
 */
export async function storeMonths(
  sequelize: Sequelize,
  dataset = STREET_DATASET,
): Promise<StoreMonths | undefined> {
  const rows = await selectBounded<{ month: unknown }>(
    sequelize,
    'SELECT DISTINCT month FROM dataset_months WHERE dataset = :dataset',
    { dataset },
  );
  const held = rows.map((r) => num(r.month));
  if (held.length === 0) return undefined;
  return { earliest: Math.min(...held), latest: Math.max(...held), held };
}

export interface MonthCoverage {
  month: MonthNumber;
  /** Some force of the area has data for the month. */
  hasData: boolean;
  /** Some, but not all, forces of the area have data. */
  incomplete: boolean;
}

export interface Coverage {
  months: MonthCoverage[];
  forcesWithoutData: ForceWithoutData[];
  /** The area's forces with street data, and the months (YYYY-MM) they have it for. */
  forcesWithData: ForceWithoutData[];
  synthetic: boolean;
}

/**
 * Which months of the range the store can answer for an area policed by `forces`. A month a force
 * did not report is "no data" for that force, never zero crimes. With no known forces (an area
 * nobody has reported crime in) a month counts as held when any force has it.
 */
export async function coverageOf(
  sequelize: Sequelize,
  forces: readonly string[],
  start: MonthNumber,
  end: MonthNumber,
): Promise<Coverage> {
  const months = monthsFrom(start, end);
  if (forces.length === 0) {
    const rows = await select<{ month: number; synthetic: number }>(
      sequelize,
      `SELECT month, MAX(synthetic) AS synthetic FROM dataset_months
       WHERE dataset = :dataset AND month BETWEEN :start AND :end GROUP BY month`,
      { dataset: STREET_DATASET, start, end },
    );
    const held = new Set(rows.map((r) => num(r.month)));
    return {
      months: months.map((month) => ({ month, hasData: held.has(month), incomplete: false })),
      forcesWithoutData: [],
      forcesWithData: [],
      synthetic: rows.some((r) => num(r.synthetic) === 1),
    };
  }
  const rows = await select<HeldMonth>(
    sequelize,
    `SELECT force_id, month, synthetic FROM dataset_months
     WHERE dataset = :dataset AND ${inList('force_id', 'forces', forces)} AND month BETWEEN :start AND :end`,
    { dataset: STREET_DATASET, forces: [...forces], start, end },
  );
  return coverageFromRows(forces, rows, start, end);
}

/** A `dataset_months` row of street data. */
export interface HeldMonth {
  force_id: string;
  month: unknown;
  synthetic: unknown;
}

/** `coverageOf` over rows already read (the forces' street months within the range). */
export function coverageFromRows(
  forces: readonly string[],
  rows: readonly HeldMonth[],
  start: MonthNumber,
  end: MonthNumber,
): Coverage {
  const months = monthsFrom(start, end);
  const held = new Set(rows.map((r) => `${r.force_id}|${num(r.month)}`));
  const forcesWithoutData: ForceWithoutData[] = [];
  const forcesWithData: ForceWithoutData[] = [];
  for (const id of [...forces].sort()) {
    const name = forceById(id)?.name ?? id;
    const missing = months.filter((m) => !held.has(`${id}|${m}`));
    const present = months.filter((m) => held.has(`${id}|${m}`));
    if (missing.length > 0) forcesWithoutData.push({ id, name, months: missing.map(formatMonth) });
    if (present.length > 0) forcesWithData.push({ id, name, months: present.map(formatMonth) });
  }
  return {
    months: months.map((month) => {
      const present = forces.filter((f) => held.has(`${f}|${month}`)).length;
      return { month, hasData: present > 0, incomplete: present > 0 && present < forces.length };
    }),
    forcesWithoutData,
    forcesWithData,
    synthetic: rows.some((r) => num(r.synthetic) === 1),
  };
}
