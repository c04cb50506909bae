/**
 * A police clock for one area: a postcode (the crimes within a mile of it), a police force or a
 * neighbourhood. The area travels as one short text id, the same in the page's URL
 * (`?area=force:kent`), the realtime room and the API, so a shared link, a kiosk and an embed all
 * name the same clock:
 *
 *   postcode:SW1A1AA                  a valid postcode, compact
 *   force:kent                        a known police force id
 *   neighbourhood:kent:MW01           a force id, then the neighbourhood id
 */
import { countedForceById } from '../police-coverage/coverage.ts';
import { parsePostcode } from '../postcode/postcode.ts';
import { SEARCH_RADIUS_MILES, type SearchRequestBody } from '../search/types.ts';

export type ClockArea =
  | { readonly kind: 'postcode'; readonly postcode: string }
  | { readonly kind: 'force'; readonly forceId: string }
  | { readonly kind: 'neighbourhood'; readonly forceId: string; readonly neighbourhoodId: string };

export type ClockAreaKind = ClockArea['kind'];

/** The area clock's rate: crimes recorded over the last 12 months the store holds. */
export const AREA_CLOCK_MONTHS = 12;
/** data.police.uk neighbourhood ids are short codes (letters, digits, a few separators). */
const NEIGHBOURHOOD_ID = /^[A-Za-z0-9][A-Za-z0-9 _.-]{0,63}$/;
const MAX_AREA_ID_LENGTH = 160;

/** The area an id names, checked; undefined for anything else (a caller never trusts the text). */
export function parseClockAreaId(value: unknown): ClockArea | undefined {
  if (typeof value !== 'string' || value.length > MAX_AREA_ID_LENGTH) return undefined;
  const colon = value.indexOf(':');
  if (colon < 0) return undefined;
  const kind = value.slice(0, colon);
  const rest = value.slice(colon + 1);
  if (kind === 'postcode') {
    const postcode = parsePostcode(rest);
    return postcode ? { kind, postcode: postcode.compact } : undefined;
  }
  // A force the product does not count (Northern Ireland) is no area of a clock.
  if (kind === 'force') return countedForceById(rest) ? { kind, forceId: rest } : undefined;
  if (kind === 'neighbourhood') {
    const split = rest.indexOf(':');
    if (split < 0) return undefined;
    const forceId = rest.slice(0, split);
    const neighbourhoodId = rest.slice(split + 1);
    if (!countedForceById(forceId) || !NEIGHBOURHOOD_ID.test(neighbourhoodId)) return undefined;
    return { kind, forceId, neighbourhoodId };
  }
  return undefined;
}

export function clockAreaId(area: ClockArea): string {
  switch (area.kind) {
    case 'postcode':
      return `postcode:${parsePostcode(area.postcode)?.compact ?? area.postcode}`;
    case 'force':
      return `force:${area.forceId}`;
    case 'neighbourhood':
      return `neighbourhood:${area.forceId}:${area.neighbourhoodId}`;
  }
}

/** The crime search that answers with the area's clock (radius 1 mile, as every radius search). */
export function clockAreaSearch(area: ClockArea): SearchRequestBody {
  switch (area.kind) {
    case 'postcode':
      return {
        searchType: 'radius',
        postcode: parsePostcode(area.postcode)?.canonical ?? area.postcode,
        radius: SEARCH_RADIUS_MILES,
      };
    case 'force':
      return { searchType: 'force', forceId: area.forceId, radius: SEARCH_RADIUS_MILES };
    case 'neighbourhood':
      return {
        searchType: 'neighbourhood',
        forceId: area.forceId,
        neighbourhoodId: area.neighbourhoodId,
        radius: SEARCH_RADIUS_MILES,
      };
  }
}
