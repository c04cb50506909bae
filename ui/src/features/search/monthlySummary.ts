/**
 * The figures under the monthly chart. A month the store has no data for is "no data", not a
 * month with zero crimes: it is left out of the highest, lowest and average rather than dragging
 * them down.
 */
import type { MonthlyBreakdownEntry } from '../../../../common/search/types.ts';

/** The chart compares months, so it needs at least two. */
export const MIN_MONTHS_FOR_TREND = 2;

export interface MonthFigure {
  month: string;
  totalCrimes: number;
}

export interface MonthlySummary {
  monthsAnalyzed: number;
  highest: MonthFigure;
  lowest: MonthFigure;
  /** Rounded to a whole number of crimes. */
  averagePerMonth: number;
}

export function monthsWithData(entries: readonly MonthlyBreakdownEntry[]): MonthFigure[] {
  return entries.flatMap((e) =>
    e.hasData !== false && e.totalCrimes !== null ? [{ month: e.month, totalCrimes: e.totalCrimes }] : [],
  );
}

/** Null when fewer than two months have data. Ties go to the earlier month. */
export function summariseMonths(entries: readonly MonthlyBreakdownEntry[]): MonthlySummary | null {
  const months = monthsWithData(entries).sort((a, b) => a.month.localeCompare(b.month));
  if (months.length < MIN_MONTHS_FOR_TREND) return null;
  let highest = months[0]!;
  let lowest = months[0]!;
  let total = 0;
  for (const m of months) {
    if (m.totalCrimes > highest.totalCrimes) highest = m;
    if (m.totalCrimes < lowest.totalCrimes) lowest = m;
    total += m.totalCrimes;
  }
  return {
    monthsAnalyzed: months.length,
    highest,
    lowest,
    averagePerMonth: Math.round(total / months.length),
  };
}
