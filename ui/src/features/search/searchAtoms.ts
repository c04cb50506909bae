/**
 * Search page state beyond the URL: the results of the current search (one cached read per page,
 * searchQueries.ts) and whether the extra police data is shown. The URL says what was searched.
 */
import { atom, useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import type { SearchRequestBody, SearchResponse } from '../../../../common/search/types.ts';
import { useIntl } from 'react-intl';
import { PAGE_LOCALE } from '../../i18n/pageLocale.ts';
import { ApiError } from '../../shared/api.ts';
import { describePageFailure } from '../../shared/failureMessage.ts';
import { useSearchPageQuery } from './searchQueries.ts';
import { searchKey } from './searchParams.ts';

/**
 * The latest answer of the search shown, so paging shows the previous page until the next arrives,
 * and again when the next one fails.
 */
export const lastSearchResultAtom = atom<{ key: string; response: SearchResponse } | null>(null);

export const policeDataShownAtom = atom(false);

export type CrimeSearchState =
  | { status: 'idle' }
  | { status: 'searching' }
  /** `notHeld`: a well-formed postcode the store cannot place, and the held postcode offered instead. */
  | { status: 'error'; message: string; notHeld?: { suggestion?: string } }
  | { status: 'results'; response: SearchResponse; pageLoading: boolean; pageError?: string };

export function useCrimeSearch(request: SearchRequestBody | null): CrimeSearchState {
  const intl = useIntl();
  const state = useSearchPageQuery(request);
  const last = useAtomValue(lastSearchResultAtom);
  const setLast = useSetAtom(lastSearchResultAtom);
  const currentSearch = request ? searchKey(request) : null;
  const answered = state.isSuccess ? state.data : undefined;

  useEffect(() => {
    if (answered && currentSearch !== null) setLast({ key: currentSearch, response: answered });
  }, [answered, currentSearch, setLast]);

  if (!request) return { status: 'idle' };
  if (state.isSuccess) return { status: 'results', response: state.data, pageLoading: false };
  const previous = last?.key === currentSearch ? last.response : undefined;
  if (state.isError) {
    const message = describePageFailure(intl, state.error, PAGE_LOCALE);
    const error = state.error;
    const notHeld =
      error instanceof ApiError && error.code === 'POSTCODE_NOT_HELD'
        ? { ...(error.suggestion ? { suggestion: error.suggestion } : {}) }
        : undefined;
    return previous
      ? { status: 'results', response: previous, pageLoading: false, pageError: message }
      : { status: 'error', message, ...(notHeld ? { notHeld } : {}) };
  }
  return previous ? { status: 'results', response: previous, pageLoading: true } : { status: 'searching' };
}
