import { categoryFromCode } from '../../../common/crime/categories.ts';
import { formatMonth, monthsFrom, type MonthNumber } from '../../../common/search/months.ts';
import { OUTCOME_FREE_CATEGORIES, resolutionPercentage } from '../../../common/search/outcomes.ts';
import { computeTrend } from '../../../common/search/trend.ts';
import type { CrimeTypeStat, MonthlyBreakdownEntry, SearchStats } from '../../../common/search/types.ts';
import type { MonthCategoryCount, PopulationEstimate } from './areas.ts';
import type { MonthCoverage } from './coverage.ts';

export const POPULATION_SOURCE =
  'ONS mid-year population estimates, summed over the LSOAs (census neighbourhoods) where the area has recorded crime';

export interface StatsInput {
  /** The period asked for. */
  start: MonthNumber;
  end: MonthNumber;
  /**
   * Counts from `windowStart` (at most `start`) to `end`: a one-month period also reads the month
   * before, so its trend has something to compare with.
   */
  windowStart: MonthNumber;
  counts: readonly MonthCategoryCount[];
  resolvedByMonth: ReadonlyMap<MonthNumber, number>;
  coverage: readonly MonthCoverage[];
  population: PopulationEstimate;
}

export interface BuiltStats {
  stats: SearchStats;
  /** Crimes per month of the period, for paging through the incident list. */
  monthTotals: Map<MonthNumber, number>;
}

const round = (value: number, decimals: number) => {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
};

const eligibleExcluded = new Set(OUTCOME_FREE_CATEGORIES);

/**
 * The statistics of a search from its per month x category counts (already GROUPed in SQL).
 * Months the store holds no data for come out as null, not zero.
 */
export function buildStats(input: StatsInput): BuiltStats {
  const { start, end, counts, population } = input;
  const coverage = new Map(input.coverage.map((c) => [c.month, c]));
  const perMonth = new Map<MonthNumber, Map<number, number>>();
  const monthTotal = new Map<MonthNumber, number>();
  for (const c of counts) {
    if (c.crimes === 0) continue;
    let categories = perMonth.get(c.month);
    if (!categories) perMonth.set(c.month, (categories = new Map()));
    categories.set(c.category, (categories.get(c.category) ?? 0) + c.crimes);
    monthTotal.set(c.month, (monthTotal.get(c.month) ?? 0) + c.crimes);
  }
  const hasData = (month: MonthNumber) => (coverage.get(month)?.hasData ?? false) || monthTotal.has(month);

  const monthlyBreakdown: MonthlyBreakdownEntry[] = monthsFrom(start, end).map((month) => {
    const held = hasData(month);
    const crimeTypes: MonthlyBreakdownEntry['crimeTypes'] = {};
    for (const [code, n] of perMonth.get(month) ?? []) {
      const slug = categoryFromCode(code)?.slug;
      if (slug) crimeTypes[slug] = (crimeTypes[slug] ?? 0) + n;
    }
    return {
      month: formatMonth(month),
      totalCrimes: held ? (monthTotal.get(month) ?? 0) : null,
      crimeTypes,
      hasData: held,
      incomplete: held && (coverage.get(month)?.incomplete ?? false),
    };
  });

  const inPeriod = counts.filter((c) => c.month >= start && c.month <= end);
  const byCategory = new Map<number, number>();
  let total = 0;
  let resolved = 0;
  let outcomeFree = 0;
  for (const c of inPeriod) {
    byCategory.set(c.category, (byCategory.get(c.category) ?? 0) + c.crimes);
    total += c.crimes;
    const slug = categoryFromCode(c.category)?.slug;
    if (slug && eligibleExcluded.has(slug)) outcomeFree += c.crimes;
  }
  for (const [month, n] of input.resolvedByMonth) if (month >= start && month <= end) resolved += n;
  const anyData = monthlyBreakdown.some((m) => m.hasData);

  const held = monthsFrom(input.windowStart, end).filter(hasData);
  const compared = held.length >= 2 ? ([held[held.length - 2]!, held[held.length - 1]!] as const) : undefined;
  const monthOverMonthChange = compared
    ? {
        ...computeTrend(monthTotal.get(compared[0]) ?? 0, monthTotal.get(compared[1]) ?? 0),
        comparisonMonths: [formatMonth(compared[0]), formatMonth(compared[1])] as [string, string],
      }
    : null;

  const perThousand = (n: number) =>
    population.total && population.total > 0 ? round((n / population.total) * 1000, 2) : null;

  const crimeTypes: CrimeTypeStat[] = [...byCategory]
    .filter(([, count]) => count > 0)
    .flatMap(([code, count]) => {
      const category = categoryFromCode(code);
      if (!category) return [];
      const trend = compared
        ? computeTrend(perMonth.get(compared[0])?.get(code) ?? 0, perMonth.get(compared[1])?.get(code) ?? 0)
        : computeTrend(0, 0);
      return [
        {
          category: category.slug,
          name: category.label,
          count,
          color: category.color,
          percentage: round((count / total) * 100, 1),
          rate: perThousand(count),
          trend,
        },
      ];
    })
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));

  const monthTotals = new Map<MonthNumber, number>();
  for (const month of monthsFrom(start, end)) monthTotals.set(month, monthTotal.get(month) ?? 0);

  return {
    stats: {
      totalCrimes: anyData ? total : null,
      crimeTypes,
      resolvedPercentage: anyData ? resolutionPercentage(resolved, total - outcomeFree) : null,
      resolvedCrimes: resolved,
      outcomeEligibleCrimes: total - outcomeFree,
      population: { ...population, dataSource: POPULATION_SOURCE },
      crimeRates: {
        overallRate: anyData ? perThousand(total) : null,
        months: monthlyBreakdown.filter((m) => m.hasData).map((m) => m.month),
      },
      monthOverMonthChange,
      monthlyBreakdown,
    },
    monthTotals,
  };
}
