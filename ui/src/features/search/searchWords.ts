/**
 * Sentences of the search page built from what the server answers as data (months, postcode,
 * force names, issue codes), so they read in the page's language: the server's own English labels
 * (`dataInfo.area.label`, `timeRange.label`, a refusal's `text`) are not shown on a Welsh page.
 */
import { areaName, searchedArea } from '../../../../common/clock/area-name.ts';
import type { Locale } from '../../../../common/i18n/locale.ts';
import type { MessageId } from '../../../../common/i18n/messages.ts';
import { joinList } from '../../../../common/i18n/grammar.ts';
import { forceNameFor, labelWithForceName } from '../../../../common/police/force-name.ts';
import { FORCES_WITHOUT_STREET_DATA } from '../../../../common/police/forces.ts';
import type { SearchIssue } from '../../../../common/search/request.ts';
import type { RateWithheld } from '../../../../common/search/silent-forces.ts';
import type { SearchDataInfo } from '../../../../common/search/types.ts';
import { PAGE_LOCALE } from '../../i18n/pageLocale.ts';
import { monthSpanWords } from '../clocks/coverageWords.ts';
import { longMonth } from './searchFormat.ts';
import { message } from './searchText.ts';

/** The months of a list, in order: "June 2025, July 2025 and August 2025". */
export function monthList(months: readonly string[], locale: Locale = PAGE_LOCALE): string {
  return joinList(
    months.map((m) => longMonth(m, locale)),
    locale,
  );
}

/** The period searched, as the banner and the heading name it. */
export function periodLabel(
  dataInfo: Pick<SearchDataInfo, 'timeRange'>,
  locale: Locale = PAGE_LOCALE,
): string {
  const { start, end } = dataInfo.timeRange;
  return monthSpanWords(start, end, locale);
}

/**
 * The area searched, from the answer's facts (common/clock/area-name.ts): "1 filltir o amgylch
 * SW1A 1AA", "Cardiff Central, Heddlu De Cymru"; the search of the whole store as the server says.
 */
export function areaLabel(
  dataInfo: Pick<SearchDataInfo, 'searchType' | 'area'>,
  locale: Locale = PAGE_LOCALE,
): string {
  const area = searchedArea(dataInfo);
  return area
    ? areaName(area, locale, dataInfo.area.label, dataInfo.area.neighbourhoodName)
    : labelWithForceName(dataInfo.area.label, locale);
}

/** A refused search's title and text (common/search/request.ts names it by its code). */
export function issueWords(
  issue: SearchIssue,
  draft: { fromMonth: string; toMonth: string },
  locale: Locale = PAGE_LOCALE,
): { title: string; text: string } {
  const values = { from: longMonth(draft.fromMonth, locale), to: longMonth(draft.toMonth, locale) };
  return {
    title: message(`search.issue.${issue.code}.title` as MessageId, values, locale),
    text: message(`search.issue.${issue.code}.text` as MessageId, values, locale),
  };
}

/** "Greater Manchester Police has published no street-level crime data since July 2019." */
function silentWhy(withheld: RateWithheld, locale: Locale): string {
  return withheld.silentForces
    .map((force) => {
      const gap = FORCES_WITHOUT_STREET_DATA.find((g) => g.forceId === force.id);
      const name = forceNameFor(force.id, locale, force.name);
      return gap
        ? message('search.rate.silentSince', { force: name, since: longMonth(gap.since, locale) }, locale)
        : message('search.rate.silent', { force: name }, locale);
    })
    .join(' ');
}

const namesOf = (forces: readonly { id: string; name: string }[], locale: Locale) =>
  joinList(
    forces.map((f) => forceNameFor(f.id, locale, f.name)),
    locale,
  );

/**
 * Why the rate per 1,000 residents is withheld (common/search/silent-forces.ts decides it and
 * words it in English), in the page's language.
 */
export function withheldReason(withheld: RateWithheld, locale: Locale = PAGE_LOCALE): string {
  if (locale === 'en') return withheld.reason;
  const why = silentWhy(withheld, locale);
  if (withheld.otherForces.length === 0)
    return `${why} ${message('search.rate.withheldOwn', undefined, locale)}`;
  return `${why} ${message('search.rate.withheldOthers', { others: namesOf(withheld.otherForces, locale), silent: namesOf(withheld.silentForces, locale) }, locale)}`;
}

/**
 * What an area whose own force published nothing shows instead of "0 crimes" or "no crimes were
 * recorded": which force published nothing since when, and whose crimes, if any, are shown.
 */
export function silentAreaWords(withheld: RateWithheld, locale: Locale = PAGE_LOCALE): string {
  const shown =
    withheld.otherForces.length === 0
      ? message('search.silent.noOthers', undefined, locale)
      : message('search.silent.others', { others: namesOf(withheld.otherForces, locale) }, locale);
  return `${silentWhy(withheld, locale)} ${shown}`;
}

/** The results' heading for such an area: no count of zero, and the others' count named as theirs. */
export function silentAreaHeading(
  withheld: RateWithheld,
  total: number | null,
  area: string,
  period: string,
  locale: Locale = PAGE_LOCALE,
): string {
  return total === null || total === 0 || withheld.otherForces.length === 0
    ? message(
        'search.results.silent',
        { area, period, silent: namesOf(withheld.silentForces, locale) },
        locale,
      )
    : message(
        'search.results.foundOthers',
        { count: total, area, period, others: namesOf(withheld.otherForces, locale) },
        locale,
      );
}
