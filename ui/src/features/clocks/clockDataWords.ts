/**
 * What a clock's definition says about its data, as facts (common/clock/types.ts), worded in the
 * page's language: the basis of the pace (meta.paceMonths) and when the next data comes
 * (meta.nextUpdateRule, the survey's meta.nextEditionYearEnding). English and Welsh pages word
 * them the same way, from messages; the English text beside each fact (meta.pace,
 * meta.nextUpdate) is for the API's readers. The coverage statement is coverageWords.ts's.
 */
import type { ClockMeta, ExcludedForce, ExclusionCause } from '../../../../common/clock/types.ts';
import type { Locale } from '../../../../common/i18n/locale.ts';
import { forceNameFor } from '../../../../common/police/force-name.ts';
import { FORCES_WITHOUT_STREET_DATA } from '../../../../common/police/forces.ts';
import { clockMessage } from './clockIntl.ts';
import { formatMonth } from './clockText.ts';
import { monthSpanWords } from './coverageWords.ts';

/**
 * "the latest 12 months with data", "y 12 mis diweddaraf â data"; without a definition (or one
 * that does not say) "the latest months with data", claiming no number.
 */
export function paceWords(meta: Pick<ClockMeta, 'paceMonths'> | null, locale: Locale): string {
  return meta?.paceMonths
    ? clockMessage(locale, 'clocks.data.pace', { months: meta.paceMonths })
    : clockMessage(locale, 'clocks.police.paceDefault');
}

/**
 * When the next data comes: the police data's monthly note, or the survey's next edition ("year
 * ending June 2025", "y flwyddyn yn gorffen Mehefin 2025"). Survey figures that do not give the
 * edition as a month (an upload older than the field) are shown in their own words.
 */
export function nextUpdateWords(
  meta: Pick<ClockMeta, 'nextUpdate' | 'nextUpdateRule' | 'nextEditionYearEnding'>,
  locale: Locale,
): string {
  if (meta.nextUpdateRule === 'first-week-of-month') return clockMessage(locale, 'clocks.data.policeUpdate');
  if (meta.nextEditionYearEnding) {
    return clockMessage(locale, 'clocks.data.edition', {
      month: formatMonth(meta.nextEditionYearEnding, locale),
    });
  }
  return meta.nextUpdate;
}

/**
 * How a police clock counts ("Police recorded crime for the latest 6 months with data, to
 * September 2025, scaled to a year (count ÷ 6 × 12) and spread over the year …"), from its months,
 * its newest month and the forces it leaves out; the English is the definition's meta.dataMethod.
 */
export function policeMethodWords(
  meta: Pick<ClockMeta, 'paceMonths' | 'latestDataMonth' | 'excludedForces' | 'dataMethod'>,
  locale: Locale,
): string {
  if (!meta.paceMonths || !meta.latestDataMonth) return meta.dataMethod;
  const excluded = meta.excludedForces.map((force) => forceNameFor(force.id, locale, force.name)).join(', ');
  return clockMessage(locale, 'clocks.police.method', {
    pace: paceWords(meta, locale),
    month: formatMonth(meta.latestDataMonth, locale),
    months: meta.paceMonths,
    excluded: excluded || 'none',
  });
}

/**
 * Why a force is left out, worded in `locale` from the facts of its cause. A definition made before
 * causes were carried (still held by a realtime server or a page left open through a release) may
 * give none: a force known to have stopped publishing is worded from that fact; for any other, an
 * English page keeps the definition's English reason (`english`, to be marked as such) and a page
 * in another language says what every exclusion of a police clock means.
 */
export function exclusionReason(force: ExcludedForce, locale: Locale): DataText {
  const cause = force.cause ?? knownCause(force.id);
  if (cause?.kind === 'stopped-publishing')
    return {
      text: clockMessage(locale, 'clocks.police.cause.stoppedPublishing', {
        month: formatMonth(cause.since, locale),
      }),
      english: false,
    };
  const span = cause?.kind === 'not-in-store' ? monthSpanWords(cause.from, cause.to, locale) : '';
  if (span) return { text: clockMessage(locale, 'clocks.police.cause.notInStore', { span }), english: false };
  return locale === 'en'
    ? { text: force.reason, english: true }
    : { text: clockMessage(locale, 'clocks.police.cause.unknown'), english: false };
}

function knownCause(forceId: string): ExclusionCause | undefined {
  const gap = FORCES_WITHOUT_STREET_DATA.find((g) => g.forceId === forceId);
  return gap && { kind: 'stopped-publishing', since: gap.since };
}

/** Words a page shows: in its language, or the data's own English (`english`, to be marked as such). */
export interface DataText {
  readonly text: string;
  readonly english: boolean;
}

/** The `lang` of an element holding data's words: "en-GB" when they are English (for screen readers), else the page's. */
export function englishLang(words: DataText | null): 'en-GB' | undefined {
  return words?.english ? 'en-GB' : undefined;
}

/**
 * The survey figures' own prose (what the survey covers, how the clock counts, how to read people
 * affected) in `locale`: a Welsh page shows the figures' Welsh where they give it (their `cy`
 * block), and the English of the rest, said to be English.
 */
export function surveyWords(
  meta: Pick<ClockMeta, 'dataMethod' | 'survey'>,
  locale: Locale,
): { note: DataText | null; dataMethod: DataText; prevalenceWarnings: DataText[] } {
  const survey = meta.survey;
  const cy = locale === 'cy' ? survey?.cy : undefined;
  const english = (text: string): DataText => ({ text, english: true });
  const welsh = (text: string): DataText => ({ text, english: false });
  const warnings = survey?.prevalenceWarnings ?? [];
  const welshWarnings =
    cy?.prevalenceWarnings?.length === warnings.length ? cy.prevalenceWarnings : undefined;
  return {
    note: cy?.note ? welsh(cy.note) : survey ? english(survey.note) : null,
    dataMethod: cy?.dataMethod ? welsh(cy.dataMethod) : english(meta.dataMethod),
    prevalenceWarnings: welshWarnings ? welshWarnings.map(welsh) : warnings.map(english),
  };
}
