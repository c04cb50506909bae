import { categoryFromSlug } from '../crime/categories.ts';
import { addMonths, formatMonth, parseMonth } from '../search/months.ts';
import { computeTrend, type Trend } from '../search/trend.ts';
import type { MonthlyBreakdownEntry } from '../search/types.ts';

/**
 * The figures of one area's alert for a newly imported month, from a search's monthly breakdown
 * over the month and the twelve before it (the search service's own counts): the month's crimes,
 * the rate per 1,000 residents, the change on the month before and on the same month a year
 * earlier, and the top categories. Only `categories` are counted when some are given.
 */

export interface AlertComparison {
  month: string;
  crimes: number;
  change: Trend;
}

export interface AlertFigures {
  month: string;
  crimes: number;
  /** Per 1,000 residents; null when the area's population is not known. */
  ratePerThousand: number | null;
  /** Null when the store holds no data for the area in that month. */
  previousMonth: AlertComparison | null;
  yearEarlier: AlertComparison | null;
  topCategories: { slug: string; name: string; crimes: number }[];
}

export const TOP_CATEGORIES = 3;

export interface FiguresInput {
  month: string;
  breakdown: readonly MonthlyBreakdownEntry[];
  population: number | null;
  /** Category slugs to count; every category when empty. */
  categories: readonly string[];
}

function crimesOf(entry: MonthlyBreakdownEntry, categories: readonly string[]): number {
  if (categories.length === 0) return entry.totalCrimes ?? 0;
  const counts = entry.crimeTypes as Record<string, number | undefined>;
  return categories.reduce((sum, slug) => sum + (counts[slug] ?? 0), 0);
}

/** Null when the area has no data for the month (an alert would only say "0", which is not true). */
export function alertFigures(input: FiguresInput): AlertFigures | null {
  const byMonth = new Map(input.breakdown.map((entry) => [entry.month, entry]));
  const current = byMonth.get(input.month);
  const month = parseMonth(input.month);
  if (!current?.hasData || month === undefined) return null;
  const crimes = crimesOf(current, input.categories);
  const compare = (other: string): AlertComparison | null => {
    const entry = byMonth.get(other);
    if (!entry?.hasData) return null;
    const then = crimesOf(entry, input.categories);
    return { month: other, crimes: then, change: computeTrend(then, crimes) };
  };
  const wanted = new Set(input.categories);
  const topCategories = Object.entries(current.crimeTypes)
    .filter(([slug, n]) => (n ?? 0) > 0 && (wanted.size === 0 || wanted.has(slug)))
    .map(([slug, n]) => ({ slug, name: categoryFromSlug(slug)?.label ?? slug, crimes: n ?? 0 }))
    .sort((a, b) => b.crimes - a.crimes || a.name.localeCompare(b.name))
    .slice(0, TOP_CATEGORIES);
  return {
    month: input.month,
    crimes,
    ratePerThousand:
      input.population && input.population > 0
        ? Math.round((crimes / input.population) * 1000 * 100) / 100
        : null,
    previousMonth: compare(formatMonth(addMonths(month, -1))),
    yearEarlier: compare(formatMonth(addMonths(month, -12))),
    topCategories,
  };
}
