import { QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ListForces } from '../../../../common/contracts/forces.ts';
import { GetMarkCrimes, GetSearchMap, SearchCrimes } from '../../../../common/contracts/search.ts';
import type { SearchRequestBody } from '../../../../common/search/types.ts';
import { createQueryClient, endpointKey } from '../../shared/queries.ts';
import { forgetUnshownSearches, refetchShownSearch, sameSelection, searchCriteria } from './searchQueries.ts';

afterEach(() => vi.unstubAllGlobals());

const REQUEST: SearchRequestBody = {
  searchType: 'radius',
  postcode: 'SW1A 1AA',
  radius: 1,
  page: 2,
  pageSize: 25,
};

describe('searchCriteria', () => {
  it('drops the page fields, which do not apply to the map', () => {
    expect(searchCriteria(REQUEST)).toEqual({ searchType: 'radius', postcode: 'SW1A 1AA', radius: 1 });
  });
});

describe('sameSelection', () => {
  const selection = { ...searchCriteria(REQUEST), mark: 'p51.5,-0.1', categories: 'burglary' };
  const key = (query: object) => endpointKey(GetMarkCrimes, { query });

  it('keeps any page of the same mark and crime types on screen', () => {
    expect(sameSelection(key({ ...selection, page: 3 }), selection)).toBe(true);
  });

  it('never another mark, other crime types or another search', () => {
    expect(sameSelection(key({ ...selection, mark: 'p51.6,-0.1', page: 1 }), selection)).toBe(false);
    expect(sameSelection(key({ ...selection, categories: undefined, page: 1 }), selection)).toBe(false);
    expect(sameSelection(key({ ...selection, postcode: 'M1 1AE', page: 1 }), selection)).toBe(false);
    expect(sameSelection(undefined, selection)).toBe(false);
  });
});

describe('a new search forgets earlier searches', () => {
  function seeded() {
    const client = createQueryClient();
    const shown = endpointKey(SearchCrimes, { body: REQUEST });
    client.setQueryData(shown, { shown: true });
    client.setQueryData(endpointKey(SearchCrimes, { body: { ...REQUEST, page: 1 } }), { page: 1 });
    client.setQueryData(endpointKey(GetSearchMap, { query: searchCriteria(REQUEST) }), { map: true });
    client.setQueryData(endpointKey(ListForces), { forces: [] });
    // The page on screen: a component observes it.
    const unsubscribe = new QueryObserver(client, {
      queryKey: shown,
      queryFn: () => ({ shown: 'again' }),
      staleTime: Infinity,
    }).subscribe(() => {});
    return { client, shown, unsubscribe };
  }

  it("drops the search reads nobody shows, and keeps the one on screen and other features' reads", () => {
    const { client, shown, unsubscribe } = seeded();
    forgetUnshownSearches(client);
    const kept = client
      .getQueryCache()
      .getAll()
      .map((query) => query.queryKey);
    expect(kept).toEqual([shown, endpointKey(ListForces)]);
    unsubscribe();
  });

  it('asks again for the search on screen when the same search is made again', async () => {
    const { client, shown, unsubscribe } = seeded();
    await refetchShownSearch(client);
    expect(client.getQueryData(shown)).toEqual({ shown: 'again' });
    expect(client.getQueryData(endpointKey(ListForces))).toEqual({ forces: [] });
    unsubscribe();
  });
});
