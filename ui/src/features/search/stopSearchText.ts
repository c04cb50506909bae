/** What the stop-and-search card says around its figures, from the server's answer. */
import type { StopSearchAnswer as StopSearchResponse } from '../../../../common/contracts/forces.ts';
import { formatCount, longMonth } from './searchFormat.ts';

export const STOP_SEARCH_EMPTY = 'No stop and search data available for this area and time period.';

/** Where the card's stops come from: near a point, or a whole force (a force search). */
export type StopSearchScope =
  | { kind: 'area'; position: { latitude: number; longitude: number }; radiusSearch: boolean }
  | { kind: 'force'; forceId: string; name: string };

export interface StopSearchText {
  description: string;
  /** Said above the figures (or instead of them): stops that had no location. */
  notes: string[];
  /** Said instead of the figures when there are none and nothing else explains why. */
  empty: string | null;
}

const stopsText = (n: number) => `${formatCount(n)} ${n === 1 ? 'stop' : 'stops'}`;

function joined(parts: string[]): string {
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/**
 * An area shows only stops it can place, so stops without a location are said beside it, and an
 * area with none placed but some unplaced says that rather than "no data"; a force counts them.
 */
export function stopSearchText(
  scope: StopSearchScope,
  answer: StopSearchResponse | undefined,
  askedMonth: string | undefined,
): StopSearchText {
  const month = answer?.month ?? askedMonth;
  const when = month ? longMonth(month) : 'latest month available';
  const description =
    scope.kind === 'force'
      ? `All stops by ${scope.name}, ${when}.`
      : `${scope.radiusSearch ? 'Within 1 mile of the postcode' : "Within 1 mile of the area's centre"}, ${when}.`;
  if (!answer) return { description, notes: [], empty: null };

  const unlocated = answer.withoutLocation ?? [];
  const unlocatedTotal = unlocated.reduce((sum, f) => sum + f.stops, 0);
  const located = answer.stats.totalStops;
  const inMonth = month ? ` in ${longMonth(month)}` : '';
  const byForce = joined(unlocated.map((f) => `${stopsText(f.stops)} by ${f.name}`));

  if (scope.kind === 'force') {
    if (located === 0) return { description, notes: [], empty: STOP_SEARCH_EMPTY };
    return {
      description,
      notes: unlocatedTotal > 0 ? [`Includes ${stopsText(unlocatedTotal)} without a location.`] : [],
      empty: null,
    };
  }
  if (unlocatedTotal === 0)
    return { description, notes: [], empty: located === 0 ? STOP_SEARCH_EMPTY : null };
  if (located === 0)
    return {
      description,
      notes: [`No stops with a location here; ${byForce}${inMonth} had no location.`],
      empty: null,
    };
  return {
    description,
    notes: [
      `${byForce}${inMonth} had no location, so ${unlocatedTotal === 1 ? 'it is' : 'they are'} not counted here.`,
    ],
    empty: null,
  };
}
