/**
 * The police coverage statement (common/police-coverage) in a page's language, worded from its
 * facts (its forces, counts, months, sample or not) through the shared messages, so the clock
 * pages, the wall screen and the embed say it alike in English and in Welsh. Which forces it names
 * is decided once, in common (coverageNaming); force names stay as the forces write them.
 */
import { isMonthText } from '../../../../common/search/months.ts';
import { joinList, softMutation } from '../../../../common/i18n/grammar.ts';
import type { Locale } from '../../../../common/i18n/locale.ts';
import { forceById } from '../../../../common/police/forces.ts';
import { coverageNaming, type Coverage } from '../../../../common/police-coverage/coverage.ts';
import { formatMonth } from './clockText.ts';
import { wordMessage } from './clockWords.ts';

/** "April 2025 to March 2026", "Ebrill 2025 i Fawrth 2026" (a month after "i" takes the soft mutation); one month alone. */
export function monthSpanWords(firstMonth: string, lastMonth: string, locale: Locale): string {
  if (!isMonthText(firstMonth) || !isMonthText(lastMonth)) return '';
  const to = formatMonth(lastMonth, locale);
  if (firstMonth === lastMonth) return to;
  return wordMessage(locale, 'clockWords.monthSpan', {
    from: formatMonth(firstMonth, locale),
    to: locale === 'cy' ? softMutation(to) : to,
  });
}

/**
 * "42 of 43 forces in England and Wales (all but Greater Manchester Police) and British Transport
 * Police, April 2025 to March 2026"; in Welsh "42 o 43 heddlu yng Nghymru a Lloegr (pob un ond
 * Greater Manchester Police) ynghyd â British Transport Police, Ebrill 2025 i Fawrth 2026".
 */
export function coverageWords(coverage: Coverage, locale: Locale): string {
  const { allTerritorial, named, otherForceIds } = coverageNaming(coverage.forces);
  const list = (ids: readonly string[]) =>
    joinList(
      ids.map((id) => forceById(id)?.name ?? id),
      locale,
    );
  let text = allTerritorial
    ? wordMessage(locale, 'clockWords.coverage.all')
    : wordMessage(locale, 'clockWords.coverage.some', {
        held: coverage.territorialForces,
        of: coverage.ofTerritorialForces,
      });
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
