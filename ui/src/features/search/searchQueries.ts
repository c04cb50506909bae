/**
 * The search page's reads, through the app's one TanStack Query cache: each key is the endpoint
 * and the request (shared/queries.ts endpointKey), so a read is shared by every screen that asks
 * for the same thing, and a read runs only while some component wants it (`enabled`), which is how
 * "load only while shown" and "the forces list only for force or neighbourhood searches" are said.
 */
import { useQuery, useQueryClient, type Query, type QueryClient } from '@tanstack/react-query';
import {
  GetForcePeople,
  GetNeighbourhoodPeople,
  ListForces,
  ListNeighbourhoods,
  SearchStops,
  type PoliceTeam,
} from '../../../../common/contracts/forces.ts';
import type { Endpoint, QueryOf, RequestOf } from '../../../../common/contracts/endpoint.ts';
import {
  GetAvailableDates,
  GetMarkCrimes,
  GetSearchMap,
  SearchCrimes,
} from '../../../../common/contracts/search.ts';
import type { SearchRequestBody } from '../../../../common/search/types.ts';
import { callEndpoint } from '../../shared/api.ts';
import { endpointKey } from '../../shared/queries.ts';

/**
 * A read's key and function, for useQuery. Its answer is never stale (the specification's data
 * cache): a panel hidden and shown again, or a page seen again, is not fetched again.
 */
function read<E extends Endpoint>(endpoint: E, request?: RequestOf<E>) {
  return {
    staleTime: Infinity,
    queryKey: endpointKey(endpoint, request),
    queryFn: ({ signal }: { signal: AbortSignal }) => callEndpoint(endpoint, request, { signal }),
  };
}

/**
 * The search's criteria as the map takes them: no page fields, and one of the three kinds of
 * area (the page's URL names no other; the whole store's "default" search has no map).
 */
export function searchCriteria(request: SearchRequestBody): QueryOf<typeof GetSearchMap> {
  const { page: _page, pageSize: _pageSize, searchType, ...criteria } = request;
  return { ...criteria, searchType: searchType === 'default' ? undefined : searchType };
}

/** One page of a search; the key is the whole request, page included. */
export function useSearchPageQuery(request: SearchRequestBody | null) {
  return useQuery({
    ...read(SearchCrimes, { body: request ?? {} }),
    enabled: request !== null,
  });
}

/** The reads a new search forgets: its pages, its map and its marks' crimes. */
const SEARCH_READS = new Set<string>([SearchCrimes.path, GetSearchMap.path, GetMarkCrimes.path]);
const isSearchRead = (query: Query) => SEARCH_READS.has(String(query.queryKey[1]));

/**
 * Forgets every page of earlier searches, so a new search (even the same one again) asks the
 * server afresh. Reads still on screen are kept (call `forgetUnshown` again once the URL names the
 * new search): dropping them earlier would fetch the search on its way out once more.
 */
export function useForgetSearches() {
  const client = useQueryClient();
  return {
    forgetUnshown: () => forgetUnshownSearches(client),
    refetchShown: () => refetchShownSearch(client),
  };
}

export function forgetUnshownSearches(client: QueryClient) {
  client.removeQueries({ predicate: isSearchRead, type: 'inactive' });
}

/** The shown search's reads again, for a search that is the one already shown. */
export function refetchShownSearch(client: QueryClient) {
  return client.resetQueries({ predicate: isSearchRead, type: 'active' });
}

export function useSearchMapQuery(request: SearchRequestBody, wanted: boolean) {
  return useQuery({ ...read(GetSearchMap, { query: searchCriteria(request) }), enabled: wanted });
}

/**
 * One page of a mark's crimes. The previous page stays up while the next one loads, but never the
 * crimes of another mark, other crime types or another search.
 */
export function useMarkCrimesQuery(
  request: SearchRequestBody,
  mark: string | undefined,
  page: number,
  categories: readonly string[] | undefined,
) {
  const selection = { ...searchCriteria(request), mark, categories: categories?.join(',') };
  return useQuery({
    ...read(GetMarkCrimes, { query: { ...selection, page } }),
    enabled: mark !== undefined,
    placeholderData: (previous, previousQuery) =>
      sameSelection(previousQuery?.queryKey, selection) ? previous : undefined,
  });
}

/** Whether a mark crimes read's key asks for `selection` (any page of it). */
export function sameSelection(key: readonly unknown[] | undefined, selection: object): boolean {
  const { page: _page, ...previous } = (key?.[2] as { query?: { page?: number } } | undefined)?.query ?? {};
  return JSON.stringify(previous) === JSON.stringify(selection);
}

export function useAvailableDatesQuery() {
  return useQuery(read(GetAvailableDates));
}

export function useForcesQuery(wanted: boolean) {
  return useQuery({ ...read(ListForces), enabled: wanted, select: (body) => body.forces });
}

/** `forceId` empty: not wanted. */
export function useNeighbourhoodsQuery(forceId: string, wanted: boolean) {
  return useQuery({
    ...read(ListNeighbourhoods, { params: { forceId } }),
    enabled: wanted && forceId !== '',
    select: (body) => body.neighbourhoods,
  });
}

/**
 * Stops near a point, or of a whole force. Without a month the server answers for the latest
 * month it holds.
 */
export function useStopSearchQuery(
  where: { forceId: string } | { latitude: number; longitude: number },
  month: string | undefined,
) {
  const query =
    'forceId' in where
      ? { force: where.forceId, date: month }
      : { lat: where.latitude, lng: where.longitude, date: month };
  return useQuery(read(SearchStops, { query }));
}

/** The force's senior officers, or a neighbourhood's team; `team` null: not wanted. */
export function usePoliceTeamQuery(team: { forceId: string; neighbourhoodId?: string } | null) {
  const options: {
    staleTime: number;
    queryKey: readonly unknown[];
    queryFn: (context: { signal: AbortSignal }) => Promise<PoliceTeam>;
  } = team?.neighbourhoodId
    ? read(GetNeighbourhoodPeople, {
        params: { forceId: team.forceId, neighbourhoodId: team.neighbourhoodId },
      })
    : read(GetForcePeople, { params: { forceId: team?.forceId ?? '' } });
  return useQuery({ ...options, enabled: team !== null });
}
