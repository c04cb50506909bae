/** What the stop-and-search card says around its figures, from the server's answer. */
import type { StopSearchAnswer as StopSearchResponse } from '../../../../common/contracts/forces.ts';
import { joinList } from '../../../../common/i18n/grammar.ts';
import type { Locale } from '../../../../common/i18n/locale.ts';
import { forceNameFor } from '../../../../common/police/force-name.ts';
import { PAGE_LOCALE } from '../../i18n/pageLocale.ts';
import { longMonth } from './searchFormat.ts';
import { message } from './searchText.ts';

/** Said when there are no stops to show. */
export function stopSearchEmpty(locale: Locale = PAGE_LOCALE): string {
  return message('search.stops.empty', undefined, locale);
}

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

/**
 * An area shows only stops it can place, so stops without a location are said beside it, and an
 * area with none placed but some unplaced says that rather than "no data"; a force counts them.
 */
export function stopSearchText(
  scope: StopSearchScope,
  answer: StopSearchResponse | undefined,
  askedMonth: string | undefined,
  locale: Locale = PAGE_LOCALE,
): StopSearchText {
  const month = answer?.month ?? askedMonth;
  const when = month ? longMonth(month, locale) : message('search.stops.latest', undefined, locale);
  const description =
    scope.kind === 'force'
      ? message(
          'search.stops.force',
          { force: forceNameFor(scope.forceId, locale, scope.name), when },
          locale,
        )
      : message(scope.radiusSearch ? 'search.stops.postcode' : 'search.stops.centre', { when }, locale);
  const empty = stopSearchEmpty(locale);
  if (!answer) return { description, notes: [], empty: null };

  const unlocated = answer.withoutLocation ?? [];
  const unlocatedTotal = unlocated.reduce((sum, f) => sum + f.stops, 0);
  const located = answer.stats.totalStops;
  // 'none' picks the message's branch without a month.
  const monthName = month ? longMonth(month, locale) : 'none';
  const byForce = joinList(
    unlocated.map((f) =>
      message(
        'search.stops.byForce',
        { count: f.stops, force: forceNameFor(f.forceId, locale, f.name) },
        locale,
      ),
    ),
    locale,
  );

  if (scope.kind === 'force') {
    if (located === 0) return { description, notes: [], empty: empty };
    return {
      description,
      notes:
        unlocatedTotal > 0
          ? [message('search.stops.includesUnlocated', { count: unlocatedTotal }, locale)]
          : [],
      empty: null,
    };
  }
  if (unlocatedTotal === 0) return { description, notes: [], empty: located === 0 ? empty : null };
  if (located === 0)
    return {
      description,
      notes: [message('search.stops.noneLocated', { byForce, month: monthName }, locale)],
      empty: null,
    };
  return {
    description,
    notes: [
      message('search.stops.someUnlocated', { byForce, month: monthName, count: unlocatedTotal }, locale),
    ],
    empty: null,
  };
}
