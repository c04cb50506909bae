import { Type, type Static } from 'typebox';
import type { ExportFormat } from '../search/export.ts';
import {
  MAX_PAGE_SIZE,
  type RequestSearchType as RequestSearchTypeName,
  type SearchType as SearchTypeName,
} from '../search/types.ts';
import { endpoint } from './endpoint.ts';
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
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE })),
  }),
  response: { 200: PartnerSearchResponse },
});

/** GET /api/crimes/export: the search's criteria as a query string (no paging); answers a file. */
export const ExportQuery = Type.Object({
  format: Format,
  ...criteria,
});

/** GET /api/crimes/map: the search's criteria; answers the map's marks and outline (common/map). */
export const MapQuery = Type.Object(criteria);

/** GET /api/crimes/map/crimes: one page of the crimes of one of the map's marks. */
export const MarkCrimesQuery = Type.Object({
  ...criteria,
  mark: Type.String({ minLength: 2, maxLength: 64, description: 'A mark id from GET /crimes/map' }),
  categories: Type.Optional(
    Type.String({ maxLength: 400, description: 'Comma-separated category slugs to keep' }),
  ),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
});
