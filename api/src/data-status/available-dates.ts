import { formatMonth, monthLabel, type MonthNumber } from '../../../common/search/months.ts';
import type { AvailableDatesResponse } from '../../../common/search/types.ts';
import type { DataStatusRows } from '../db/data-status-reads.ts';

/**
 * GET /api/available-dates (the search form's months) from the same force-months as
 * GET /api/data-status, so the two never disagree: each month any force holds, newest first, with
 * how many forces hold it and whether any of them is the synthetic sample.
 */
export function availableDatesFrom(held: DataStatusRows['held']): AvailableDatesResponse {
  const byMonth = new Map<MonthNumber, { forces: number; synthetic: boolean }>();
  for (const row of held) {
    const month = byMonth.get(row.month) ?? { forces: 0, synthetic: false };
    month.forces += 1;
    month.synthetic ||= row.synthetic;
    byMonth.set(row.month, month);
  }
  const dates = [...byMonth]
    .sort(([a], [b]) => b - a)
    .map(([month, { forces, synthetic }]) => ({
      date: formatMonth(month),
      label: monthLabel(month),
      forces,
      synthetic,
    }));
  return { dates, latestDateFormatted: dates[0]?.label ?? null };
}
