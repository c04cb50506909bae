import { describe, expect, it } from 'vitest';
import { AreaCounts } from './month-rows.ts';
import { buildStats } from './stats.ts';

type Row = { month: number; category: number; crimes: number; resolved: number };

/** Counts and resolved crimes as an area's summary hands them over. */
function counted(rows: Row[]) {
  const counts = new AreaCounts().addCategoryRows(rows);
  return { counts: counts.counts(), resolvedByMonth: counts.resolvedByMonth };
}

const ASB = 1;
const BURGLARY = 3;
const VIOLENCE = 13;

const population = { total: 4000, lsoaCount: 3, lsoasWithoutPopulation: 1 };

describe('buildStats', () => {
  it('totals categories and months, rates per 1,000 and the resolution rate without ASB', () => {
    const { stats, monthTotals } = buildStats({
      start: 202504,
      end: 202506,
      windowStart: 202504,
      ...counted([
        { month: 202504, category: ASB, crimes: 10, resolved: 0 },
        { month: 202504, category: BURGLARY, crimes: 20, resolved: 5 },
        { month: 202505, category: VIOLENCE, crimes: 40, resolved: 10 },
        { month: 202506, category: VIOLENCE, crimes: 50, resolved: 0 },
        { month: 202506, category: BURGLARY, crimes: 10, resolved: 1 },
      ]),
      coverage: [202504, 202505, 202506].map((month) => ({ month, hasData: true, incomplete: false })),
      population,
    });
    expect(stats.totalCrimes).toBe(130);
    expect(stats.crimeTypes.map((t) => [t.category, t.count, t.percentage, t.rate])).toEqual([
      ['violent-crime', 90, 69.2, 22.5],
      ['burglary', 30, 23.1, 7.5],
      ['anti-social-behaviour', 10, 7.7, 2.5],
    ]);
    // 16 resolved of the 120 crimes that can have an outcome
    expect(stats.resolvedPercentage).toBe(13.3);
    expect(stats.crimeRates).toEqual({ overallRate: 32.5, months: ['2025-04', '2025-05', '2025-06'] });
    expect(stats.monthOverMonthChange).toEqual({
      percentage: 50,
      direction: 'up',
      comparable: true,
      comparisonMonths: ['2025-05', '2025-06'],
    });
    // 0 then 10 burglaries: fewer than MIN_CRIMES_TO_COMPARE, so "too few crimes to compare".
    expect(stats.crimeTypes.find((t) => t.category === 'burglary')?.trend).toEqual({
      percentage: 100,
      direction: 'up',
      comparable: false,
    });
    expect(stats.monthlyBreakdown[0]).toEqual({
      month: '2025-04',
      totalCrimes: 30,
      crimeTypes: { 'anti-social-behaviour': 10, burglary: 20 },
      hasData: true,
      incomplete: false,
    });
    expect([...monthTotals]).toEqual([
      [202504, 30],
      [202505, 40],
      [202506, 60],
    ]);
  });

  it('counts the resolved crimes of the period only, not of the month a one-month period is compared with', () => {
    const { stats } = buildStats({
      start: 202506,
      end: 202506,
      windowStart: 202505,
      ...counted([
        { month: 202505, category: BURGLARY, crimes: 10, resolved: 10 },
        { month: 202506, category: BURGLARY, crimes: 10, resolved: 2 },
      ]),
      coverage: [202505, 202506].map((month) => ({ month, hasData: true, incomplete: false })),
      population,
    });
    expect(stats.resolvedCrimes).toBe(2);
    expect(stats.resolvedPercentage).toBe(20);
  });

  it('reports months without data as null and compares across the gap', () => {
    const { stats } = buildStats({
      start: 202504,
      end: 202506,
      windowStart: 202504,
      ...counted([
        { month: 202504, category: BURGLARY, crimes: 20, resolved: 0 },
        { month: 202505, category: BURGLARY, crimes: 4, resolved: 0 },
      ]),
      coverage: [
        { month: 202504, hasData: true, incomplete: false },
        { month: 202505, hasData: true, incomplete: true },
        { month: 202506, hasData: false, incomplete: false },
      ],
      population: { total: null, lsoaCount: 0, lsoasWithoutPopulation: 2 },
    });
    expect(stats.monthlyBreakdown.map((m) => [m.totalCrimes, m.hasData, m.incomplete])).toEqual([
      [20, true, false],
      [4, true, true],
      [null, false, false],
    ]);
    expect(stats.monthOverMonthChange).toEqual({
      percentage: -80,
      direction: 'down',
      comparable: true,
      comparisonMonths: ['2025-04', '2025-05'],
    });
    expect(stats.crimeRates.overallRate).toBeNull();
    // The rate is over the months with data only, and says which.
    expect(stats.crimeRates.months).toEqual(['2025-04', '2025-05']);
    expect(stats.crimeTypes[0]?.rate).toBeNull();
  });

  it('uses the month before a one-month period for its trend, outside the totals', () => {
    const { stats } = buildStats({
      start: 202506,
      end: 202506,
      windowStart: 202505,
      ...counted([
        { month: 202505, category: BURGLARY, crimes: 100, resolved: 0 },
        { month: 202506, category: BURGLARY, crimes: 103, resolved: 0 },
      ]),
      coverage: [
        { month: 202505, hasData: true, incomplete: false },
        { month: 202506, hasData: true, incomplete: false },
      ],
      population,
    });
    expect(stats.totalCrimes).toBe(103);
    expect(stats.monthlyBreakdown).toHaveLength(1);
    expect(stats.monthOverMonthChange).toEqual({
      percentage: 3,
      direction: 'stable',
      comparable: true,
      comparisonMonths: ['2025-05', '2025-06'],
    });
  });

  it('says nothing is known when no month has data', () => {
    const { stats } = buildStats({
      start: 202505,
      end: 202506,
      windowStart: 202505,
      ...counted([]),
      coverage: [
        { month: 202505, hasData: false, incomplete: false },
        { month: 202506, hasData: false, incomplete: false },
      ],
      population: { total: null, lsoaCount: 0, lsoasWithoutPopulation: 0 },
    });
    expect(stats).toMatchObject({
      totalCrimes: null,
      resolvedPercentage: null,
      crimeRates: { overallRate: null, months: [] },
      monthOverMonthChange: null,
      crimeTypes: [],
    });
  });
});
