/**
 * The calls of the search page (spec section 7). The search and available-dates shapes are the
 * shared contract in common/search/types.ts; the others are written here as the page reads them.
 */
import type {
  AvailableDatesResponse,
  SearchRequestBody,
  SearchResponse,
} from '../../../../common/search/types.ts';
import type { MarkCrimesResponse, SearchMapResponse } from '../../../../common/map/marks.ts';
import { ApiError, apiGet, apiPost } from '../../shared/api.ts';

export interface ForceOption {
  id: string;
  name: string;
  /** False for a force the store holds no street crime for: its searches come back as "no data". */
  hasData?: boolean;
}

export interface NeighbourhoodOption {
  id: string;
  name: string;
  /** Only neighbourhoods with a stored boundary can be searched. */
  hasBoundary?: boolean;
}

export interface StopSearchRecord {
  type: string | null;
  object_of_search: string | null;
  datetime: string | null;
  location: { street: { name: string | null } } | null;
  outcome: string | null;
  age_range: string | null;
  gender: string | null;
  legislation: string | null;
  self_defined_ethnicity?: string | null;
}

export interface StopSearchResponse {
  /** The month searched, YYYY-MM; null when the store holds no stop-and-search data. */
  month?: string | null;
  records: StopSearchRecord[];
  /** `area`: stops near a point; `force`: every stop of one force. */
  scope?: 'area' | 'force';
  /**
   * Stops of the month that carry no location: for an area, its forces' (not in `stats`); for a
   * force, its own (in `stats`).
   */
  withoutLocation?: { forceId: string; name: string; stops: number }[];
  stats: {
    totalStops: number;
    arrests: number;
    noAction: number;
    outcomeBreakdown: { outcome: string; count: number }[];
    ethnicityBreakdown: { ethnicity: string; count: number }[];
  };
}

export interface PoliceMember {
  name: string;
  rank: string | null;
  /** HTML the server has already sanitised. */
  bio: string | null;
  contact_details: Record<string, string | undefined>;
}

export interface PeopleResponse {
  members: PoliceMember[];
  /** live or cached; stale-cache when data.police.uk failed and an old copy stands in; unavailable when nothing could. */
  source: 'live' | 'cache' | 'stale-cache' | 'unavailable';
  /** Why the list is empty or old, when the police API could not be reached. */
  reason?: string;
}

export const SEARCH_QUERY_PREFIX = 'search:';

export function searchCrimes(request: SearchRequestBody, signal?: AbortSignal): Promise<SearchResponse> {
  return apiPost<SearchResponse>('/api/crimes/search', request, { signal });
}

/** The search's criteria as a query string: the page fields do not apply. */
function criteriaQuery(request: SearchRequestBody): URLSearchParams {
  const query = new URLSearchParams();
  const { page: _page, pageSize: _pageSize, ...criteria } = request;
  for (const [name, value] of Object.entries(criteria)) {
    if (value !== undefined && value !== null && value !== '') query.set(name, String(value));
  }
  return query;
}

export function fetchSearchMap(request: SearchRequestBody, signal: AbortSignal): Promise<SearchMapResponse> {
  return apiGet<SearchMapResponse>(`/api/crimes/map?${criteriaQuery(request)}`, { signal });
}

/** `categories`: the shown ones, or undefined when every category is shown. */
export function fetchMarkCrimes(
  request: SearchRequestBody,
  mark: string,
  page: number,
  categories: readonly string[] | undefined,
  signal: AbortSignal,
): Promise<MarkCrimesResponse> {
  const query = criteriaQuery(request);
  query.set('mark', mark);
  query.set('page', String(page));
  if (categories) query.set('categories', categories.join(','));
  return apiGet<MarkCrimesResponse>(`/api/crimes/map/crimes?${query}`, { signal });
}

export function fetchAvailableDates(signal: AbortSignal): Promise<AvailableDatesResponse> {
  return apiGet<AvailableDatesResponse>('/api/available-dates', { signal });
}

export async function fetchForces(signal: AbortSignal): Promise<ForceOption[]> {
  return (await apiGet<{ forces: ForceOption[] }>('/api/forces', { signal })).forces;
}

export async function fetchNeighbourhoods(
  forceId: string,
  signal: AbortSignal,
): Promise<NeighbourhoodOption[]> {
  const body = await apiGet<{ neighbourhoods: NeighbourhoodOption[] }>(
    ['/api/forces', forceId, 'neighbourhoods'],
    { signal },
  );
  return body.neighbourhoods;
}

/**
 * Stops near a point, or of a whole force. The month is optional: without it the server answers
 * for the latest month it holds.
 */
export function fetchStopSearch(
  where: { forceId: string } | { latitude: number; longitude: number },
  month: string | undefined,
  signal: AbortSignal,
): Promise<StopSearchResponse> {
  const query = new URLSearchParams(
    'forceId' in where
      ? { force: where.forceId }
      : { lat: String(where.latitude), lng: String(where.longitude) },
  );
  if (month) query.set('date', month);
  return apiGet<StopSearchResponse>(`/api/stops-search?${query}`, { signal });
}

export function fetchPeople(
  team: { forceId: string; neighbourhoodId?: string },
  signal: AbortSignal,
): Promise<PeopleResponse> {
  const key = team.neighbourhoodId
    ? ['/api/forces', team.forceId, 'neighbourhoods', team.neighbourhoodId, 'people']
    : ['/api/forces', team.forceId, 'people'];
  return apiGet<PeopleResponse>(key, { signal });
}

/** Suggestions for a typed prefix; any failure is silently no suggestions (spec section 8). */
export async function fetchPostcodeSuggestions(
  prefix: string,
  limit: number,
  signal: AbortSignal,
): Promise<string[]> {
  const query = new URLSearchParams({ q: prefix, limit: String(limit) });
  try {
    const body = await apiGet<{ result?: unknown }>(`/api/postcodes/autocomplete?${query}`, { signal });
    return Array.isArray(body?.result)
      ? body.result.filter((s): s is string => typeof s === 'string').slice(0, limit)
      : [];
  } catch {
    return [];
  }
}

/** The error card's message: the server's words, else "HTTP {status}: Failed to fetch crime data". */
export function searchErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const text = error.bodyText.trim();
    // A proxy's HTML error page is no message for a person.
    const readable = text !== '' && !text.startsWith('<') && text.length <= 300;
    return error.serverMessage ?? (readable ? text : `HTTP ${error.status}: Failed to fetch crime data`);
  }
  return error instanceof Error && error.message ? error.message : 'Failed to fetch crime data';
}
