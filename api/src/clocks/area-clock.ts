import { AREA_CLOCK_MONTHS } from '../../../common/clock/area.ts';
import { forceExclusion, policeClockDefinition } from '../../../common/clock/police-definition.ts';
import type { ClockDefinition } from '../../../common/clock/types.ts';
import { categoryFromCode } from '../../../common/crime/categories.ts';
import { addMonths, formatMonth } from '../../../common/search/months.ts';
import type { StoreMonths } from '../../../common/search/period.ts';
import type { SearchArea } from '../search/areas.ts';

export interface AreaClockInput {
  area: SearchArea;
  /** Said wherever the clock names its area, e.g. "Kent Police". */
  label: string;
  /** The neighbourhood's own name, for a neighbourhood's clock. */
  neighbourhoodName?: string;
  held: StoreMonths;
  /** ISO instant of the latest import (the national police clock's). */
  lastUpdated: string;
  /** The area itself comes from generated data (a sample postcode). */
  synthetic: boolean;
}

/**
 * An area's police clock: the crimes recorded in it over the last AREA_CLOCK_MONTHS months the
 * store holds, annualised by the national police clock's own rules (common/clock) over the
 * months the area has data for. Null when it has none in that window.
 */
export async function areaClockDefinition(input: AreaClockInput): Promise<ClockDefinition | null> {
  const end = input.held.latest;
  const windowStart = addMonths(end, -(AREA_CLOCK_MONTHS - 1));
  const [coverage, summary] = await Promise.all([
    input.area.coverage({ windowStart, end }),
    input.area.summary({ windowStart, end }),
  ]);
  const withData = coverage.months.filter((m) => m.hasData).map((m) => m.month);
  if (withData.length === 0) return null;
  const counted = new Set(withData);

  const bySlug = new Map<string, number>();
  for (const row of summary.counts) {
    const category = categoryFromCode(row.category);
    if (!category || !counted.has(row.month)) continue;
    bySlug.set(category.slug, (bySlug.get(category.slug) ?? 0) + row.crimes);
  }
  // A force of the area with no month at all in the window is named, not counted as zero.
  const excludedForces = coverage.forcesWithoutData
    .filter((f) => f.months.length === coverage.months.length)
    .map((f) => forceExclusion(f.id, f.name, formatMonth(windowStart), formatMonth(end)));

  return policeClockDefinition({
    categoryCounts: [...bySlug].map(([slug, count]) => ({ slug, count })),
    months: withData.length,
    latestDataMonth: formatMonth(withData[withData.length - 1]!),
    excludedForces,
    lastUpdated: input.lastUpdated,
    areaName: input.label,
    neighbourhoodName: input.neighbourhoodName,
    synthetic: coverage.synthetic || input.synthetic,
  });
}
