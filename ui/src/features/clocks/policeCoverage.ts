/**
 * What the police data in the store covers, in the words of the pages that name it. The coverage
 * itself (forces, months, synthetic or not) is worked out once, in the police clock's definition
 * (common/clock/police-definition.ts); pages without a live clock read that definition from the API.
 * A page says "England and Wales" without more only when the store holds real data of every force.
 */
import { useEffect, useState } from 'react';
import { AREA_CLOCK_MONTHS } from '../../../../common/clock/area.ts';
import { POLICE_CLOCK_DEFAULT_MONTHS } from '../../../../common/clock/police-definition.ts';
import type { ClockMeta } from '../../../../common/clock/types.ts';
import { apiGet } from '../../shared/api.ts';
import type { ClockApiResponse } from './clockFeed.ts';

export type PoliceCoverage = NonNullable<ClockMeta['coverage']>;

/** Real data from all 43 forces of England and Wales: nothing more needs saying. */
export function coversAllForces(coverage: PoliceCoverage): boolean {
  return coverage.territorialForces === coverage.ofTerritorialForces && !coverage.synthetic;
}

const NUMBER_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

/** "six months", "12 months": small numbers in words, as the pages write them. */
function monthsText(months: number): string {
  return `${NUMBER_WORDS[months] ?? String(months)} month${months === 1 ? '' : 's'}`;
}

/** The window of data a clock runs at: the national clock's, or an area clock's (common/clock). */
export function clockPace(area: boolean): string {
  const months = area ? AREA_CLOCK_MONTHS : POLICE_CLOCK_DEFAULT_MONTHS;
  return `running at the pace of the latest ${monthsText(months)} of published police data`;
}

/** The police clock page's lead: which forces, or which area, it counts. */
export function policeClockLead(meta: ClockMeta | null, area = false): string {
  // The area is named by the clock's own label ("1 mile around SW1A 1AA", "Kent Police").
  if (area) return `A live count of police-recorded crime in this area so far this year, ${clockPace(true)}.`;
  const pace = clockPace(false);
  const coverage = meta?.coverage;
  if (!coverage) return `A live count of police-recorded crime so far this year, ${pace}.`;
  if (coversAllForces(coverage))
    return `A live count of crime recorded by the police forces of England and Wales so far this year, ${pace}.`;
  // Which forces and months: said once, under the count ("Covers: …"), not here as well.
  return `A live count of crime recorded by the police so far this year, ${pace}.`;
}

/** The landing page's police clock card. */
export function policeCardDescription(meta: ClockMeta | null): string {
  const coverage = meta?.coverage;
  if (!coverage) return 'Crimes recorded by police forces, from data.police.uk.';
  if (coversAllForces(coverage))
    return 'Crimes recorded by the police forces of England and Wales, from data.police.uk.';
  return `Crimes recorded by police forces, from data.police.uk: ${coverage.text}.`;
}

/** The search page's headline: the area the store's forces cover once known. */
export function searchHeadline(meta: ClockMeta | null): string {
  return meta ? `Crime Data Search: ${meta.areaName}` : 'Crime Data Search';
}

/**
 * The police clock's description of its data, read once from GET /api/police-clock; null while it
 * loads, when no police data is imported, or when it cannot be read (pages then claim no area).
 */
export function usePoliceClockMeta(): ClockMeta | null {
  const [meta, setMeta] = useState<ClockMeta | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    apiGet<ClockApiResponse>('/api/police-clock', { signal: controller.signal }).then(
      (answer) => setMeta(answer.definition.meta),
      () => undefined,
    );
    return () => controller.abort();
  }, []);
  return meta;
}
