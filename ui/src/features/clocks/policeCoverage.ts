/**
 * What the police data in the store covers, in the words of the pages that name it. The coverage
 * itself (forces, months, synthetic or not) is worked out once, in the police clock's definition
 * (common/clock/police-definition.ts); pages without a live clock read that definition from the API.
 * Every page names the forces counted in the same words: the coverage statement (coverageWords.ts).
 */
import type { ClockMeta } from '../../../../common/clock/types.ts';
import { GetPoliceClock } from '../../../../common/contracts/clocks.ts';
import { useEndpointQuery } from '../../shared/queries.ts';
import type { Locale } from '../../../../common/i18n/locale.ts';
import { paceWords } from './clockDataWords.ts';
import { clockMessage } from './clockIntl.ts';

/**
 * The pace a clock says it runs at, from its definition ("the latest 12 months with data"): the
 * months it holds (meta.paceMonths), which may be fewer than the clock asks for.
 */
export function clockPace(meta: ClockMeta | null, locale: Locale = 'en'): string {
  return clockMessage(locale, 'clocks.police.pace', { pace: paceWords(meta, locale) });
}

/** The police clock page's lead: which forces, or which area, it counts. */
export function policeClockLead(meta: ClockMeta | null, area = false, locale: Locale = 'en'): string {
  // The area is named under the count, in the page's language (clockAreaName.ts), not here.
  const pace = clockPace(meta, locale);
  if (area) return clockMessage(locale, 'clocks.police.leadArea', { pace });
  if (!meta?.coverage) return clockMessage(locale, 'clocks.police.lead', { pace });
  // Which forces and months (British Transport Police named beside the 43): said once, under the
  // count ("Covers: …", coverageWords.ts), in the words every page uses, not here in others.
  return clockMessage(locale, 'clocks.police.leadSomeForces', { pace });
}

/**
 * The police clock's description of its data (GET /api/police-clock, TanStack Query); null while it
 * loads, when no police data is imported, or when it cannot be read (pages then claim no area).
 */
export function usePoliceClockMeta(): ClockMeta | null {
  return useEndpointQuery(GetPoliceClock).data?.definition.meta ?? null;
}
