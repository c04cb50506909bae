import { parseClockAreaId } from '../clock/area.ts';
import { FORCES_WITHOUT_STREET_DATA, forceById } from '../police/forces.ts';

/**
 * Whether an area can be followed by alerts. A monthly alert counts the crimes a force publishes;
 * an area policed by a force that stopped publishing street-level crime (Greater Manchester
 * Police since July 2019) would get mails of other forces' crimes, or none at all, so neither the
 * API nor the pages offer one. The API and every page decide it here, from the same list
 * (common/police/forces.ts FORCES_WITHOUT_STREET_DATA).
 */

export interface SilentForce {
  id: string;
  name: string;
  /** YYYY-MM: the first month it published nothing. */
  since: string;
}

/** The forces among `forceIds` that no longer publish street-level crime, each once. */
export function silentForcesOf(forceIds: Iterable<string>): SilentForce[] {
  const ids = new Set(forceIds);
  return FORCES_WITHOUT_STREET_DATA.filter((gap) => ids.has(gap.forceId)).map((gap) => ({
    id: gap.forceId,
    name: forceById(gap.forceId)?.name ?? gap.forceId,
    since: gap.since,
  }));
}

/**
 * The forces an area is known to be policed by, from its id (a force's or a neighbourhood's
 * names its force) and the forces a search or clock of it named (with data or without).
 */
export function areaForceIds(areaId: string, named: Iterable<{ id: string }> = []): string[] {
  const area = parseClockAreaId(areaId);
  const ids = new Set([...named].map((force) => force.id));
  if (area && area.kind !== 'postcode') ids.add(area.forceId);
  return [...ids];
}
