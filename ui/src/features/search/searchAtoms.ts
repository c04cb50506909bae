/**
 * Search page state beyond the URL: the results of the current search (one cached read per page)
 * and whether the extra police data is shown. The URL says what was searched; these atoms hold
 * what came back.
 */
import { atom, useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import type { SearchRequestBody, SearchResponse } from '../../../../common/search/types.ts';
import { clearQueriesAtom, useQuery } from './queryCache.ts';
import { SEARCH_QUERY_PREFIX, searchCrimes, searchErrorMessage } from './searchApi.ts';
import { searchKey } from './searchParams.ts';

/** The latest answer of each search, so paging shows the previous page until the next arrives. */
export const lastSearchResultAtom = atom<{ key: string; response: SearchResponse } | null>(null);

export const policeDataShownAtom = atom(false);

/** A new search forgets every cached page of earlier searches. */
export const startNewSearchAtom = atom(null, (_get, set) => {
  set(clearQueriesAtom, SEARCH_QUERY_PREFIX);
  set(lastSearchResultAtom, null);
});

export type CrimeSearchState =
  | { status: 'idle' }
  | { status: 'searching' }
  | { status: 'error'; message: string }
  | { status: 'results'; response: SearchResponse; pageLoading: boolean; pageError?: string };

export function useCrimeSearch(request: SearchRequestBody | null): CrimeSearchState {
  const key = request ? `${SEARCH_QUERY_PREFIX}${JSON.stringify(request)}` : null;
  const state = useQuery(key, (signal) => searchCrimes(request!, signal));
  const last = useAtomValue(lastSearchResultAtom);
  const setLast = useSetAtom(lastSearchResultAtom);
  const currentSearch = request ? searchKey(request) : null;
  const answered = state?.status === 'success' ? state.data : undefined;

  useEffect(() => {
    if (answered && currentSearch !== null) setLast({ key: currentSearch, response: answered });
  }, [answered, currentSearch, setLast]);

  if (!request) return { status: 'idle' };
  if (state?.status === 'success') return { status: 'results', response: state.data, pageLoading: false };
  const previous = last?.key === currentSearch ? last.response : undefined;
  if (state?.status === 'error') {
    const message = searchErrorMessage(state.error);
    return previous
      ? { status: 'results', response: previous, pageLoading: false, pageError: message }
      : { status: 'error', message };
  }
  return previous ? { status: 'results', response: previous, pageLoading: true } : { status: 'searching' };
}
