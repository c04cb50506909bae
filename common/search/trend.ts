import type { Static } from 'typebox';
import type { Direction, Trend as TrendSchema } from '../contracts/partner.ts';

/**
 * Change between two counts, as the trend badge shows it. A change smaller than
 * STABLE_THRESHOLD_PERCENT either way is "stable": monthly counts for a small area move by a few
 * percent from noise alone, and an arrow for that would suggest a change that is not there.
 */
export type TrendDirection = Static<typeof Direction>;

/** Its fields are documented in its schema (common/contracts/partner.ts). */
export type Trend = Static<typeof TrendSchema>;

export const STABLE_THRESHOLD_PERCENT = 5;

/**
 * Below this many crimes in the two compared months together, a percentage change is not shown.
 * Counts of crime are roughly Poisson: with 10 a month, the count alone swings by about ±30 %
 * from month to month, so a change of that size means nothing; at 20 together the badge starts.
 */
export const MIN_CRIMES_TO_COMPARE = 20;

/**
 * From nothing to something has no finite percentage; it is reported as +100% (up), and nothing
 * to nothing as 0% (stable).
 */
export function computeTrend(previous: number, current: number): Trend {
  let percentage: number;
  if (previous === 0) percentage = current === 0 ? 0 : 100;
  else percentage = Math.round(((current - previous) / previous) * 1000) / 10;
  // -0 prints as "0" but compares oddly in tests and JSON consumers
  if (Object.is(percentage, -0)) percentage = 0;
  const direction: TrendDirection =
    Math.abs(percentage) < STABLE_THRESHOLD_PERCENT ? 'stable' : percentage > 0 ? 'up' : 'down';
  return { percentage, direction, comparable: previous + current >= MIN_CRIMES_TO_COMPARE };
}
