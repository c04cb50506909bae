import { describe, expect, it } from 'vitest';
import type { MonthlyBreakdownEntry } from '../../../../common/search/types.ts';
import { summariseMonths } from './monthlySummary.ts';

function month(month: string, totalCrimes: number | null): MonthlyBreakdownEntry {
  return { month, totalCrimes, crimeTypes: {}, hasData: totalCrimes !== null, incomplete: false };
}

describe('summariseMonths', () => {
  it('needs two months with data', () => {
    expect(summariseMonths([])).toBeNull();
    expect(summariseMonths([month('2025-06', 10)])).toBeNull();
    expect(summariseMonths([month('2025-05', null), month('2025-06', 10)])).toBeNull();
  });

  it('finds the highest and lowest month and the rounded average', () => {
    expect(summariseMonths([month('2025-06', 10), month('2025-04', 31), month('2025-05', 4)])).toEqual({
      monthsAnalyzed: 3,
      highest: { month: '2025-04', totalCrimes: 31 },
      lowest: { month: '2025-05', totalCrimes: 4 },
      averagePerMonth: 15,
    });
  });

  it('leaves months without data out rather than counting them as zero', () => {
    const summary = summariseMonths([month('2025-04', 20), month('2025-05', null), month('2025-06', 30)]);
    expect(summary).toMatchObject({ monthsAnalyzed: 2, lowest: { month: '2025-04' }, averagePerMonth: 25 });
  });

  it('keeps a real zero month', () => {
    expect(summariseMonths([month('2025-04', 0), month('2025-05', 3)])).toMatchObject({
      lowest: { month: '2025-04', totalCrimes: 0 },
      averagePerMonth: 2,
    });
  });
});
