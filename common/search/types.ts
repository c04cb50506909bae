/**
 * The crime search's names and the types of its request and answer, shared by
 * the server that builds it and the page that reads it. The types are the contract's schemas'
 * (common/contracts/search.ts and partner.ts, where each field is described): one place for each
 * fact. Crimes keep the data.police.uk street-crime shape so either source reads the same way.
 */
import type { BodyOf, ResponseOf } from '../contracts/endpoint.ts';
import type { PartnerSearch } from '../contracts/partner.ts';
import type { GetAvailableDates, SearchCrimes } from '../contracts/search.ts';

export const SEARCH_TYPES = ['radius', 'neighbourhood', 'force'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];
/**
 * What the search call accepts: the form's types, and "default", the whole store (the police
 * clock's own search).
 */
export const REQUEST_SEARCH_TYPES = [...SEARCH_TYPES, 'default'] as const;
export type RequestSearchType = (typeof REQUEST_SEARCH_TYPES)[number];

/** The radius search is fixed at one mile. */
export const SEARCH_RADIUS_MILES = 1;
export const DEFAULT_PAGE_SIZE = 10;

/** Body of POST /api/crimes/search. */
export type SearchRequestBody = BodyOf<typeof SearchCrimes>;

/** The search's answer, the public search's and the partner API's alike. */
export type SearchResponse = ResponseOf<typeof PartnerSearch>;
export type ApiCrime = SearchResponse['data'][number];
export type SearchStats = SearchResponse['stats'];
export type CrimeTypeStat = SearchStats['crimeTypes'][number];
export type MonthlyBreakdownEntry = SearchStats['monthlyBreakdown'][number];
export type MonthOverMonthChange = NonNullable<SearchStats['monthOverMonthChange']>;
export type SearchDataInfo = SearchResponse['dataInfo'];
export type ForceWithoutData = SearchDataInfo['forcesWithoutData'][number];

export type AvailableDatesResponse = ResponseOf<typeof GetAvailableDates>;
