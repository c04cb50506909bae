/**
 * Phrases the clock definition carries in English (common/clock, common/police-coverage) and a
 * Welsh page words itself: the pace's basis ("the latest 12 months with data"), the survey
 * edition ("year ending June 2025") and the police coverage statement. Each is read back from
 * the one form our own code writes it in; anything else is shown as it came, in English.
 */
import { POLICE_UPDATE_NOTE } from '../../../../common/clock/police-definition.ts';
import type { ClockMeta } from '../../../../common/clock/types.ts';
import type { Locale } from '../../../../common/i18n/locale.ts';
import { MONTH_NAMES, WELSH_MONTH_NAMES } from '../../../../common/search/months.ts';
import { coverageText } from '../search/searchWords.ts';
import { clockMessage } from './clockIntl.ts';

const PACE = /^the latest (?:(\d+) months|month) with data$/;
const EDITION = /^year ending (\w+) (\d{4})$/;

/** "the latest 12 months with data", "y 12 mis diweddaraf â data". */
export function paceWords(pace: string, locale: Locale): string {
  const match = PACE.exec(pace);
  if (locale === 'en' || !match) return pace;
  return clockMessage(locale, 'clocks.data.pace', { months: match[1] ? Number(match[1]) : 1 });
}

/**
 * When the next data comes: the survey's next edition ("year ending June 2025", "y flwyddyn yn
 * gorffen Mehefin 2025") or the police data's monthly note.
 */
export function editionWords(edition: string, locale: Locale): string {
  if (locale !== 'en' && edition === POLICE_UPDATE_NOTE)
    return clockMessage(locale, 'clocks.data.policeUpdate');
  const match = EDITION.exec(edition);
  const month = match ? (MONTH_NAMES as readonly string[]).indexOf(match[1]!) : -1;
  if (locale === 'en' || !match || month < 0) return edition;
  return clockMessage(locale, 'clocks.data.edition', { month: WELSH_MONTH_NAMES[month]!, year: match[2]! });
}

/** The police coverage statement in the page's language (the search words it the same way). */
export function coverageWords(coverage: NonNullable<ClockMeta['coverage']>, locale: Locale): string {
  return coverageText(coverage, locale);
}
