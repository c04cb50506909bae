/**
 * Sentences of the search page built from what the server answers as data (months, postcode,
 * force names, issue codes), so they read in the page's language: the server's own English labels
 * (`dataInfo.area.label`, `timeRange.label`, a refusal's `text`) are not shown on a Welsh page.
 */
import type { Locale } from '../../../../common/i18n/locale.ts';
import type { MessageId } from '../../../../common/i18n/messages.ts';
import { forceNameFor, labelWithForceName } from '../../../../common/police/force-name.ts';
import { FORCES_WITHOUT_STREET_DATA } from '../../../../common/police/forces.ts';
import type { SearchIssue } from '../../../../common/search/request.ts';
import type { RateWithheld } from '../../../../common/search/silent-forces.ts';
import type { SearchDataInfo } from '../../../../common/search/types.ts';
import { TERRITORIAL_FORCES, type Coverage } from '../../../../common/police-coverage/coverage.ts';
import { PAGE_LOCALE } from '../../i18n/pageLocale.ts';
import { longMonth } from './searchFormat.ts';
import { listText, message } from './searchText.ts';

/**
 * Welsh soft mutation of a word's first letter (after "i", "o": "i Fawrth 2026"), for the words
 * this page puts there: month names and force names. Other letters (vowels, "Ch", "Rh") stay.
 */
export function softMutation(word: string): string {
  const rules: [RegExp, string][] = [
    [/^Ll/, 'L'],
    [/^Rh/, 'R'],
    [/^Ch/, 'Ch'],
    [/^P/, 'B'],
    [/^T/, 'D'],
    [/^C/, 'G'],
    [/^B/, 'F'],
    [/^D/, 'Dd'],
    [/^G/, ''],
    [/^M/, 'F'],
  ];
  for (const [pattern, replacement] of rules) {
    if (pattern.test(word)) {
      const rest = word.replace(pattern, replacement);
      // "Gorffennaf" → "Orffennaf": the letter after a dropped G is written as a capital.
      return replacement === '' ? rest.charAt(0).toUpperCase() + rest.slice(1) : rest;
    }
  }
  return word;
}

/** "June 2025" or "April 2025 to March 2026" ("Ebrill 2025 i Fawrth 2026"). */
export function monthSpan(start: string, end: string, locale: Locale = PAGE_LOCALE): string {
  if (start === end) return longMonth(end, locale);
  const to = longMonth(end, locale);
  return message(
    'search.monthSpan',
    { from: longMonth(start, locale), to: locale === 'cy' ? softMutation(to) : to },
    locale,
  );
}

/** The months of a list, in order: "June 2025, July 2025 and August 2025". */
export function monthList(months: readonly string[], locale: Locale = PAGE_LOCALE): string {
  return listText(
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
  return monthSpan(start, end, locale);
}

/**
 * The area searched: "1 mile around SW1A 1AA"; a neighbourhood or force by its name, the force
 * named in the page's language ("Cardiff Central, Heddlu De Cymru").
 */
export function areaLabel(
  dataInfo: Pick<SearchDataInfo, 'searchType' | 'radius' | 'area'>,
  locale: Locale = PAGE_LOCALE,
): string {
  const { area } = dataInfo;
  if (dataInfo.searchType === 'radius' && area.postcode) {
    return message('search.area.radius', { miles: dataInfo.radius ?? 1, postcode: area.postcode }, locale);
  }
  return labelWithForceName(area.label, locale);
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

/** "England and Wales", or "6 of 43 forces in England and Wales". */
export function coverageArea(coverage: Coverage, locale: Locale = PAGE_LOCALE): string {
  if (locale === 'en') return coverage.area;
  return coverage.territorialForces === coverage.ofTerritorialForces
    ? message('search.coverage.all', undefined, locale)
    : message(
        'search.coverage.some',
        { held: coverage.territorialForces, of: coverage.ofTerritorialForces },
        locale,
      );
}

/**
 * The whole statement, as common/police-coverage words it in English ("42 of 43 forces in
 * England and Wales (all but Greater Manchester Police) and British Transport Police, April 2025
 * to March 2026"); forces named in the page's language (common/police/force-name.ts).
 */
export function coverageText(coverage: Coverage, locale: Locale = PAGE_LOCALE): string {
  if (locale === 'en') return coverage.text;
  const held = new Set(coverage.forces);
  // The coverage lists forces by their English names.
  const named = (english: string) => labelWithForceName(english, locale);
  const territorial = TERRITORIAL_FORCES.map((f) => f.name);
  const heldTerritorial = territorial.filter((name) => held.has(name)).map(named);
  const missing = territorial.filter((name) => !held.has(name)).map(named);
  const others = coverage.forces.filter((name) => !territorial.includes(name)).map(named);
  let text = coverageArea(coverage, locale);
  if (missing.length > 0 && heldTerritorial.length > 0) {
    text +=
      missing.length <= heldTerritorial.length
        ? ` (${message('search.coverage.allBut', { forces: listText(missing, locale) }, locale)})`
        : ` (${listText(heldTerritorial, locale)})`;
  }
  if (others.length > 0)
    text = message('search.coverage.plus', { coverage: text, others: listText(others, locale) }, locale);
  const period =
    coverage.firstMonth && coverage.lastMonth
      ? monthSpan(coverage.firstMonth, coverage.lastMonth, locale)
      : '';
  if (period) text += `, ${period}`;
  if (coverage.synthetic) text += ` (${message('search.coverage.synthetic', undefined, locale)})`;
  return text;
}

/**
 * Why the rate per 1,000 residents is withheld (common/search/silent-forces.ts decides it and
 * words it in English), in the page's language.
 */
export function withheldReason(withheld: RateWithheld, locale: Locale = PAGE_LOCALE): string {
  if (locale === 'en') return withheld.reason;
  const why = withheld.silentForces
    .map((force) => {
      const gap = FORCES_WITHOUT_STREET_DATA.find((g) => g.forceId === force.id);
      const name = forceNameFor(force.id, locale, force.name);
      return gap
        ? message('search.rate.silentSince', { force: name, since: longMonth(gap.since, locale) }, locale)
        : message('search.rate.silent', { force: name }, locale);
    })
    .join(' ');
  const silentNames = listText(
    withheld.silentForces.map((f) => forceNameFor(f.id, locale, f.name)),
    locale,
  );
  if (withheld.otherForces.length === 0)
    return `${why} ${message('search.rate.withheldOwn', undefined, locale)}`;
  const others = listText(
    withheld.otherForces.map((f) => forceNameFor(f.id, locale, f.name)),
    locale,
  );
  return `${why} ${message('search.rate.withheldOthers', { others, silent: silentNames }, locale)}`;
}
