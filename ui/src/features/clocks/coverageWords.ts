/**
 * The police coverage statement (common/police-coverage) in a page's language, worded from its
 * facts (its forces, counts, months, sample or not) through the shared messages, so the clock
 * pages, the wall screen, the embed and the search page say it alike in English and in Welsh.
 * Which forces it names is decided once, in common (coverageNaming); each force is named as
 * common/police/force-name.ts names it in that language (Heddlu De Cymru on a Welsh page).
 */
import { isMonthText } from '../../../../common/search/months.ts';
import { joinList, softMutation } from '../../../../common/i18n/grammar.ts';
import type { Locale } from '../../../../common/i18n/locale.ts';
import { forceNameFor } from '../../../../common/police/force-name.ts';
import { coverageNaming, type Coverage } from '../../../../common/police-coverage/coverage.ts';
import { formatMonth } from './clockText.ts';
import { wordMessage } from './clockWords.ts';

/**
 * Two months already written, long or short, as a span: "Jun 2025 to Aug 2025", "Meh 2025 i
 * Awst 2025" (the month after "i" takes the soft mutation: "i Fawrth").
 */
export function spanWords(from: string, to: string, locale: Locale): string {
  return wordMessage(locale, 'clockWords.monthSpan', { from, to: locale === 'cy' ? softMutation(to) : to });
}

/** "April 2025 to March 2026", "Ebrill 2025 i Fawrth 2026"; one month alone. */
export function monthSpanWords(firstMonth: string, lastMonth: string, locale: Locale): string {
  if (!isMonthText(firstMonth) || !isMonthText(lastMonth)) return '';
  const to = formatMonth(lastMonth, locale);
  if (firstMonth === lastMonth) return to;
  return spanWords(formatMonth(firstMonth, locale), to, locale);
}

/**
 * Where the coverage reaches: "England and Wales", or "6 of 43 forces in England and Wales". With
 * no coverage known yet, the whole of what police.uk covers: England and Wales.
 */
export function coverageAreaWords(coverage: Coverage | undefined, locale: Locale): string {
  return !coverage || coverage.territorialForces === coverage.ofTerritorialForces
    ? wordMessage(locale, 'clockWords.coverage.all')
    : wordMessage(locale, 'clockWords.coverage.some', {
        held: coverage.territorialForces,
        of: coverage.ofTerritorialForces,
      });
}

/**
 * "42 of 43 forces in England and Wales (all but Greater Manchester Police) and British Transport
 * Police, April 2025 to March 2026", "all 43 forces in England and Wales and British Transport
 * Police, …"; in Welsh "42 o 43 heddlu yng Nghymru a Lloegr (pob un ond
 * Greater Manchester Police) ynghyd â British Transport Police, Ebrill 2025 i Fawrth 2026".
 */
export function coverageWords(coverage: Coverage, locale: Locale): string {
  const { named, otherForceIds } = coverageNaming(coverage.forces);
  const list = (ids: readonly string[]) =>
    joinList(
      ids.map((id) => forceNameFor(id, locale)),
      locale,
    );
  let text =
    coverage.territorialForces === coverage.ofTerritorialForces
      ? wordMessage(locale, 'clockWords.coverage.allForces', { of: coverage.ofTerritorialForces })
      : coverageAreaWords(coverage, locale);
  if (named) {
    const forces = list(named.forceIds);
    text += ` (${named.kind === 'allBut' ? wordMessage(locale, 'clockWords.coverage.allBut', { forces }) : forces})`;
  }
  if (otherForceIds.length > 0) {
    text = wordMessage(locale, 'clockWords.coverage.plus', { coverage: text, others: list(otherForceIds) });
  }
  const period = monthSpanWords(coverage.firstMonth, coverage.lastMonth, locale);
  if (period) text += `, ${period}`;
  if (coverage.synthetic) text += ` (${wordMessage(locale, 'clockWords.coverage.synthetic')})`;
  return text;
}
