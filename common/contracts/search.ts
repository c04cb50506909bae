import { Type, type Static } from 'typebox';
import type { ExportFormat } from '../search/export.ts';
import type {
  RequestSearchType as RequestSearchTypeName,
  SearchType as SearchTypeName,
} from '../search/types.ts';
import type { SearchMapResponse } from '../map/marks.ts';
import { endpoint } from './endpoint.ts';
import { Nullable } from './errors.ts';
import { PageNumber, PageSize } from './paging.ts';
import { PartnerSearchResponse } from './partner.ts';

/**
 * The public crime search. Field rules and their messages are common/search/request.ts'; these
 * schemas fix the types and bound the sizes. The answer is the one the partner API documents.
 */

const SearchType = Type.Union([Type.Literal('radius'), Type.Literal('neighbourhood'), Type.Literal('force')]);
/** A search may also cover the whole store ("default", the police clock's own area). */
const RequestSearchType = Type.Union([...SearchType.anyOf, Type.Literal('default')]);
const Format = Type.Union([Type.Literal('csv'), Type.Literal('json')]);
// The same names as common/search's lists, both ways round, or this fails to compile.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const _sameNames: [
  Same<Static<typeof SearchType>, SearchTypeName>,
  Same<Static<typeof RequestSearchType>, RequestSearchTypeName>,
  Same<Static<typeof Format>, ExportFormat>,
] = [true, true, true];
const criteria = {
  searchType: Type.Optional(SearchType),
  postcode: Type.Optional(Type.String({ maxLength: 16 })),
  radius: Type.Optional(Type.Number()),
  startMonth: Type.Optional(Type.String({ maxLength: 24 })),
  endMonth: Type.Optional(Type.String({ maxLength: 24 })),
  forceId: Type.Optional(Type.String({ maxLength: 64 })),
  neighbourhoodId: Type.Optional(Type.String({ maxLength: 128 })),
};

export const SearchCrimes = endpoint({
  method: 'POST',
  path: '/api/crimes/search',
  body: Type.Object({
    ...criteria,
    searchType: Type.Optional(RequestSearchType),
    page: Type.Optional(PageNumber()),
    pageSize: Type.Optional(PageSize()),
  }),
  response: { 200: PartnerSearchResponse },
});

const AvailableDate = Type.Object({
  /** YYYY-MM */
  date: Type.String(),
  label: Type.String(),
  /** Forces the store holds street crime for in the month. */
  forces: Type.Integer({ minimum: 0 }),
  synthetic: Type.Boolean(),
});

/** The months the store holds street crime for, newest first. */
export const GetAvailableDates = endpoint({
  method: 'GET',
  path: '/api/available-dates',
  response: {
    200: Type.Object({
      dates: Type.Array(AvailableDate),
      /** "June 2025"; null when nothing has been imported. */
      latestDateFormatted: Nullable(Type.String()),
    }),
  },
});

/** GET /api/crimes/export: the search's criteria as a query string (no paging); answers a file. */
export const ExportQuery = Type.Object({
  format: Format,
  ...criteria,
});

/** GET /api/crimes/map: the search's criteria; answers the map's marks and outline (common/map). */
export const MapQuery = Type.Object(criteria);

const LatLng = Type.Object({ lat: Type.Number(), lng: Type.Number() });

/**
 * The map of a search. The outline and the grouping are unions common/map/marks.ts describes in
 * full; here they are only checked to be objects (or, the outline, null).
 */
export const GetSearchMap = endpoint({
  method: 'GET',
  path: '/api/crimes/map',
  querystring: MapQuery,
  response: {
    200: Type.Unsafe<SearchMapResponse>(
      Type.Object({
        centre: LatLng,
        outline: Nullable(Type.Object({ kind: Type.String() }, { additionalProperties: true })),
        binning: Type.Object({ kind: Type.String() }, { additionalProperties: true }),
        marks: Type.Array(
          Type.Object({
            id: Type.String(),
            lat: Type.Number(),
            lng: Type.Number(),
            total: Type.Integer({ minimum: 0 }),
            counts: Type.Record(Type.String(), Type.Integer({ minimum: 0 })),
          }),
        ),
        mappedCrimes: Type.Integer({ minimum: 0 }),
        locations: Type.Integer({ minimum: 0 }),
        note: Type.String(),
        places: Type.Array(
          Type.Object({
            id: Type.String(),
            name: Type.String(),
            at: LatLng,
            rings: Nullable(Type.Array(Type.Array(Type.Tuple([Type.Number(), Type.Number()])))),
          }),
        ),
      }),
    ),
  },
});

/** GET /api/crimes/map/crimes: one page of the crimes of one of the map's marks. */
export const MarkCrimesQuery = Type.Object({
  ...criteria,
  mark: Type.String({ minLength: 2, maxLength: 64, description: 'A mark id from GET /crimes/map' }),
  categories: Type.Optional(
    Type.String({ maxLength: 400, description: 'Comma-separated category slugs to keep' }),
  ),
  page: Type.Optional(PageNumber()),
});

/** One page of a mark's crimes, newest first, in the search's own crime shape. */
/** One page of the crimes of one of the map's marks. */
export const MarkCrimesAnswer = Type.Object({
  mark: Type.String(),
  data: PartnerSearchResponse.properties.data,
  pagination: PartnerSearchResponse.properties.pagination,
});
export type MarkCrimesResponse = Static<typeof MarkCrimesAnswer>;

export const GetMarkCrimes = endpoint({
  method: 'GET',
  path: '/api/crimes/map/crimes',
  querystring: MarkCrimesQuery,
  response: {
    200: MarkCrimesAnswer,
  },
});
