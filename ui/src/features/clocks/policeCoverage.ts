/**
 * What the police data in the store covers, in the words of the pages that name it. The coverage
 * itself (forces, months, synthetic or not) is worked out once, in the police clock's definition
 * (common/clock/police-definition.ts); pages without a live clock read that definition from the API.
 * A page says "England and Wales" without more only when the store holds real data of every force.
 */
import type { ClockMeta } from '../../../../common/clock/types.ts';
import { GetPoliceClock } from '../../../../common/contracts/clocks.ts';
import { useEndpointQuery } from '../../shared/queries.ts';
import type { Locale } from '../../../../common/i18n/locale.ts';
import { paceWords } from './clockDataWords.ts';
import { clockMessage } from './clockIntl.ts';

export type PoliceCoverage = NonNullable<ClockMeta['coverage']>;

/** Real data from all 43 forces of England and Wales: nothing more needs saying. */
export function coversAllForces(coverage: PoliceCoverage): boolean {
  return coverage.territorialForces === coverage.ofTerritorialForces && !coverage.synthetic;
}

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
  const coverage = meta?.coverage;
  if (!coverage) return clockMessage(locale, 'clocks.police.lead', { pace });
  if (coversAllForces(coverage)) return clockMessage(locale, 'clocks.police.leadAllForces', { pace });
  // Which forces and months: said once, under the count ("Covers: …"), not here as well.
  return clockMessage(locale, 'clocks.police.leadSomeForces', { pace });
}

/**
 * The police clock's description of its data (GET /api/police-clock, TanStack Query); null while it
 * loads, when no police data is imported, or when it cannot be read (pages then claim no area).
 */
export function usePoliceClockMeta(): ClockMeta | null {
  return useEndpointQuery(GetPoliceClock).data?.definition.meta ?? null;
}
