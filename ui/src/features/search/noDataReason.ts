import { joinList } from '../../../../common/i18n/grammar.ts';
import type { Locale } from '../../../../common/i18n/locale.ts';
import { forceNameFor } from '../../../../common/police/force-name.ts';
import { FORCES_WITHOUT_STREET_DATA } from '../../../../common/police/forces.ts';
import type { SearchDataInfo } from '../../../../common/search/types.ts';
import { PAGE_LOCALE } from '../../i18n/pageLocale.ts';
import { monthSpanWords } from '../clocks/coverageWords.ts';
import { longMonth } from './searchFormat.ts';
import { message } from './searchText.ts';

function monthsText(months: readonly string[], locale: Locale): string {
  if (months.length === 0) return message('search.noData.thisPeriod', undefined, locale);
  const sorted = [...months].sort();
  return monthSpanWords(sorted[0]!, sorted.at(-1)!, locale);
}

/**
 * Why a search has no data, from what the store knows: no force of England and Wales polices the
 * area; or the forces that do have published no street-level data for the months asked (some
 * forces do not publish, or stopped); or the months are not in the store yet.
 */
export function noDataReason(dataInfo: SearchDataInfo, locale: Locale = PAGE_LOCALE): string {
  const forces = dataInfo.forcesWithoutData;
  if (forces.length === 0) {
    if (dataInfo.searchType === 'radius') return message('search.noData.noForce', undefined, locale);
    return message(
      'search.noData.notImported',
      { months: monthsText(dataInfo.monthsWithoutData, locale) },
      locale,
    );
  }
  // A force known to have stopped publishing is said with the month it stopped (Greater
  // Manchester Police since July 2019); the others with the months asked.
  const stopped = forces.flatMap((force) => {
    const gap = FORCES_WITHOUT_STREET_DATA.find((g) => g.forceId === force.id);
    return gap
      ? [
          message(
            'search.rate.silentSince',
            { force: forceNameFor(force.id, locale, force.name), since: longMonth(gap.since, locale) },
            locale,
          ),
        ]
      : [];
  });
  const others = forces.filter((force) => !FORCES_WITHOUT_STREET_DATA.some((g) => g.forceId === force.id));
  if (others.length === 0) return stopped.join(' ');
  const unpublished = message(
    'search.noData.unpublished',
    {
      forces: joinList(
        others.map((force) => forceNameFor(force.id, locale, force.name)),
        locale,
      ),
      count: others.length,
      months: monthsText(dataInfo.monthsWithoutData, locale),
    },
    locale,
  );
  return [...stopped, unpublished].join(' ');
}
