import { areaForceIds, silentForcesOf } from '../../../common/alerts/offer.ts';
import { clockAreaId, clockAreaSearch, type ClockArea } from '../../../common/clock/area.ts';
import type { SearchService } from '../search/search-service.ts';
import type { ResolvedAlertArea } from './alerts-service.ts';

/**
 * The alerts service's `resolveArea` over the search: the area's label as the search words it
 * (its own 404s for an area that does not exist), and the forces of it that publish no
 * street-level crime, from the area's id and its clock's excluded forces (the clock is kept per
 * area, so asking again costs no count).
 */
export function alertAreaResolver(search: Pick<SearchService, 'resolve' | 'clock'>) {
  return async (area: ClockArea): Promise<ResolvedAlertArea> => {
    const request = clockAreaSearch(area);
    const [{ label, neighbourhoodName }, clock] = await Promise.all([
      search.resolve(request),
      search.clock(request),
    ]);
    const forces = areaForceIds(clockAreaId(area), clock?.meta.excludedForces ?? []);
    return { area, label, neighbourhoodName, silentForces: silentForcesOf(forces) };
  };
}
