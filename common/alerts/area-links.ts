import { clockAreaId, parseClockAreaId, type ClockArea } from '../clock/area.ts';
import { parsePostcode } from '../postcode/postcode.ts';
import type { SearchRequestBody } from '../search/types.ts';

/**
 * The product's own pages for an area (common/clock/area.ts), as a mail or a feed links them:
 * the search (`/search?type=…`, ui/src/features/search/searchParams.ts) over one month or the
 * default period, and the area's police clock.
 */
export function areaSearchPath(area: ClockArea, month?: string): string {
  const query = new URLSearchParams();
  switch (area.kind) {
    case 'postcode':
      query.set('type', 'radius');
      query.set('postcode', parsePostcode(area.postcode)?.canonical ?? area.postcode);
      break;
    case 'force':
      query.set('type', 'force');
      query.set('force', area.forceId);
      break;
    case 'neighbourhood':
      query.set('type', 'neighbourhood');
      query.set('force', area.forceId);
      query.set('neighbourhood', area.neighbourhoodId);
      break;
  }
  if (month) {
    query.set('period', 'single');
    query.set('month', month);
  }
  return `/search?${query.toString()}`;
}

export function areaClockPath(areaId: string): string {
  return `/police-crime-clock?${new URLSearchParams({ area: areaId }).toString()}`;
}

/** The area id (common/clock/area.ts) of a search's area; undefined for the search of the whole store. */
export function areaIdOfSearch(request: SearchRequestBody): string | undefined {
  const type = request.searchType ?? 'radius';
  const area =
    type === 'radius'
      ? parseClockAreaId(`postcode:${request.postcode ?? ''}`)
      : type === 'force'
        ? parseClockAreaId(`force:${request.forceId ?? ''}`)
        : type === 'neighbourhood'
          ? parseClockAreaId(`neighbourhood:${request.forceId ?? ''}:${request.neighbourhoodId ?? ''}`)
          : undefined;
  return area ? clockAreaId(area) : undefined;
}
