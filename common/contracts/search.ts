import { Type, type Static } from 'typebox';
import { LangQuery } from './lang.ts';
import { CRIME_CATEGORY_SLUGS } from '../crime/categories.ts';
import type { ExportFormat } from '../search/export.ts';
import type {
  RequestSearchType as RequestSearchTypeName,
  SearchType as SearchTypeName,
} from '../search/types.ts';
import { endpoint, fileEndpoint } from './endpoint.ts';
import { Nullable } from './errors.ts';
import { PageNumber, PageSize } from './paging.ts';
import { PartnerSearchResponse } from './partner.ts';
import type { Same } from './same.ts';

/**
 * The public crime search. Field rules and their messages are common/search/request.ts'; these
 * schemas fix the types and bound the sizes. The answer is the one the partner API documents.
 */

const SearchType = Type.Union([Type.Literal('radius'), Type.Literal('neighbourhood'), Type.Literal('force')]);
/** A search may also cover the whole store ("default", the police clock's own area). */
const RequestSearchType = Type.Union([...SearchType.anyOf, Type.Literal('default')]);
const Format = Type.Union([Type.Literal('csv'), Type.Literal('json')]);
// The same names as common/search's lists, both ways round, or this fails to compile.
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
  /** The language of the file's own words (the synthetic sample's notice); English when omitted. */
  lang: Type.Optional(LangQuery),
});
export type ExportQuery = Static<typeof ExportQuery>;

/** The whole result of a search as one CSV or JSON file, streamed (common/search/export.ts). */
export const ExportSearch = fileEndpoint({
  method: 'GET',
  path: '/api/crimes/export',
  querystring: ExportQuery,
  produces: ['text/csv', 'application/json'],
});

/** GET /api/crimes/map: the search's criteria; answers the map's marks and outline (common/map). */
export const MapQuery = Type.Object(criteria);

const LatLng = Type.Object({ lat: Type.Number(), lng: Type.Number() });
/** Rings of [longitude, latitude] positions, as GeoJSON writes them. */
const Rings = Type.Array(Type.Array(Type.Tuple([Type.Number(), Type.Number()])));

/** The line drawn round the searched area; its `label` says what it is. */
const MapOutline = Type.Union([
  Type.Object({
    kind: Type.Literal('circle'),
    centre: LatLng,
    radiusMetres: Type.Number(),
    label: Type.String(),
  }),
  Type.Object({ kind: Type.Literal('polygons'), rings: Rings, label: Type.String() }),
  Type.Object({
    kind: Type.Literal('box'),
    box: Type.Object({
      minLat: Type.Number(),
      maxLat: Type.Number(),
      minLng: Type.Number(),
      maxLng: Type.Number(),
    }),
    label: Type.String(),
  }),
]);

/**
 * `points`: each mark is one location. `hexagons`: marks are hexagons of circumradius `size`
 * metres in the frame centred on the search's centre; `by: 'cell'` when crimes are placed at the
 * centre of their ~550 m grid cell first (force-wide maps, read from the cell counts).
 */
const MapBinning = Type.Union([
  Type.Object({ kind: Type.Literal('points') }),
  Type.Object({
    kind: Type.Literal('hexagons'),
    size: Type.Number({ exclusiveMinimum: 0 }),
    by: Type.Union([Type.Literal('point'), Type.Literal('cell')]),
  }),
]);

const MapMark = Type.Object({
  /** What the URL keeps for a selection and GET /api/crimes/map/crimes is asked for (common/map/marks.ts). */
  id: Type.String(),
  lat: Type.Number(),
  lng: Type.Number(),
  /** Crimes of every category at the mark. */
  total: Type.Integer({ minimum: 0 }),
  /** Crimes at the mark by category; a category without any is left out. */
  counts: Type.Partial(Type.Record(Type.Enum(CRIME_CATEGORY_SLUGS), Type.Integer({ minimum: 0 }))),
});

/**
 * A neighbourhood near the search, drawn under the marks when there is no tile server: its outline
 * (null when too many to send) and its name, the map's place label. The store holds no other place
 * names, so neighbourhood names are the labels.
 */
const MapPlace = Type.Object({
  id: Type.String(),
  name: Type.String(),
  /** Middle of its bounding box: where the label goes when there is no outline to centre it in. */
  at: LatLng,
  rings: Nullable(Rings),
});

/** The map of a search; its types are common/map/marks.ts's. */
export const GetSearchMap = endpoint({
  method: 'GET',
  path: '/api/crimes/map',
  querystring: MapQuery,
  response: {
    200: Type.Object({
      /** Centre of the flat frame the hexagons are laid out in. */
      centre: LatLng,
      outline: Nullable(MapOutline),
      binning: MapBinning,
      marks: Type.Array(MapMark),
      /** Crimes on the map: those with a location. */
      mappedCrimes: Type.Integer({ minimum: 0 }),
      /** Distinct locations (grid cells for `by: 'cell'`) before any grouping. */
      locations: Type.Integer({ minimum: 0 }),
      /** What the map shows, in words (grouping, where crimes are placed). */
      note: Type.String(),
      /** Neighbourhoods whose boxes reach into the map's frame, largest first (at most MAX_MAP_PLACES). */
      places: Type.Array(MapPlace),
    }),
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
