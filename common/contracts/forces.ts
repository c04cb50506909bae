import { Type, type Static } from 'typebox';
import { Nullable } from './errors.ts';
import { endpoint } from './endpoint.ts';

/** The police forces of England and Wales and their neighbourhoods, as the search form lists them. */

export const ForceParams = Type.Object({ forceId: Type.String({ minLength: 1, maxLength: 64 }) });
export const NeighbourhoodParams = Type.Object({
  forceId: Type.String({ minLength: 1, maxLength: 64 }),
  neighbourhoodId: Type.String({ minLength: 1, maxLength: 128 }),
});

export const ForceSummary = Type.Object({
  id: Type.String(),
  name: Type.String(),
  /** The store holds street-level crime for the force. */
  hasData: Type.Boolean(),
  /** Latest month (YYYY-MM) of street crime held; null when none. */
  latestMonth: Nullable(Type.String()),
  monthsWithData: Type.Integer(),
});
export type ForceSummary = Static<typeof ForceSummary>;

export const NeighbourhoodSummary = Type.Object({
  id: Type.String(),
  name: Type.String(),
  /** Only neighbourhoods with a stored boundary can be searched. */
  hasBoundary: Type.Boolean(),
});
export type NeighbourhoodSummary = Static<typeof NeighbourhoodSummary>;

export const ListForces = endpoint({
  method: 'GET',
  path: '/api/forces',
  response: { 200: Type.Object({ forces: Type.Array(ForceSummary) }) },
});

/** 404 FORCE_NOT_FOUND for an id that is not a data.police.uk force. */
export const ListNeighbourhoods = endpoint({
  method: 'GET',
  path: '/api/forces/:forceId/neighbourhoods',
  params: ForceParams,
  response: {
    200: Type.Object({
      neighbourhoods: Type.Array(NeighbourhoodSummary),
      note: Type.Optional(Type.String()),
    }),
  },
});

const PoliceMember = Type.Object({
  name: Type.String(),
  rank: Nullable(Type.String()),
  /** HTML the server has already sanitised; null when the force gave none. */
  bio: Nullable(Type.String()),
  /** As data.police.uk names them (email, telephone, web…); links are absolute http(s) URLs. */
  contact_details: Type.Unsafe<Record<string, string | undefined>>(Type.Record(Type.String(), Type.String())),
});
export type PoliceMember = Static<typeof PoliceMember>;

/**
 * A police team from data.police.uk: `live` or `cache`; `stale-cache` when data.police.uk failed and
 * an old copy stands in; `unavailable` (no members) when nothing could. `reason` is fit for the
 * public; `fetchedAt` is when data.police.uk gave the list.
 */
const PoliceTeam = Type.Object({
  members: Type.Array(PoliceMember),
  source: Type.Union([
    Type.Literal('live'),
    Type.Literal('cache'),
    Type.Literal('stale-cache'),
    Type.Literal('unavailable'),
  ]),
  reason: Type.Optional(Type.String()),
  fetchedAt: Type.Optional(Type.String()),
});
export type PoliceTeam = Static<typeof PoliceTeam>;

/** The force's senior officers; 404 for an unknown force. */
export const GetForcePeople = endpoint({
  method: 'GET',
  path: '/api/forces/:forceId/people',
  params: ForceParams,
  response: { 200: PoliceTeam },
});

/** The neighbourhood's team; 404 for an unknown force or neighbourhood. */
export const GetNeighbourhoodPeople = endpoint({
  method: 'GET',
  path: '/api/forces/:forceId/neighbourhoods/:neighbourhoodId/people',
  params: NeighbourhoodParams,
  response: { 200: PoliceTeam },
});

const Count = Type.Integer({ minimum: 0 });
const StopSearchRecord = Type.Object({
  type: Nullable(Type.String()),
  object_of_search: Nullable(Type.String()),
  datetime: Nullable(Type.String()),
  /** The archive has no street names for stops, so `street.name` is null. */
  location: Nullable(
    Type.Object({
      latitude: Type.String(),
      longitude: Type.String(),
      street: Type.Object({ name: Nullable(Type.String()) }),
    }),
  ),
  outcome: Nullable(Type.String()),
  age_range: Nullable(Type.String()),
  gender: Nullable(Type.String()),
  legislation: Nullable(Type.String()),
  self_defined_ethnicity: Nullable(Type.String()),
  officer_defined_ethnicity: Nullable(Type.String()),
});
export type StopSearchRecord = Static<typeof StopSearchRecord>;

const StopSearchAnswer = Type.Object({
  /** YYYY-MM searched; null when the store holds no stop-and-search data at all. */
  month: Nullable(Type.String()),
  /** `area`: stops within 1 mile of a point; `force`: every stop of one force, located or not. */
  scope: Type.Union([Type.Literal('area'), Type.Literal('force')]),
  hasData: Type.Boolean(),
  records: Type.Array(StopSearchRecord),
  /**
   * Stops of the month that carry no location, per force: for an area, its forces' (not in
   * `stats`); for a force, its own (in `stats`).
   */
  withoutLocation: Type.Array(Type.Object({ forceId: Type.String(), name: Type.String(), stops: Count })),
  stats: Type.Object({
    totalStops: Count,
    arrests: Count,
    noAction: Count,
    outcomeBreakdown: Type.Array(Type.Object({ outcome: Type.String(), count: Count })),
    ethnicityBreakdown: Type.Array(Type.Object({ ethnicity: Type.String(), count: Count })),
  }),
});
export type StopSearchAnswer = Static<typeof StopSearchAnswer>;

/** Stops near `lat`/`lng`, or of `force`; `date` (YYYY-MM) defaults to the latest month held. */
export const SearchStops = endpoint({
  method: 'GET',
  path: '/api/stops-search',
  querystring: Type.Object({
    // England, Wales and Northern Ireland with a margin; anything else has no police data.
    lat: Type.Optional(Type.Number({ minimum: 49, maximum: 61 })),
    lng: Type.Optional(Type.Number({ minimum: -9, maximum: 3 })),
    force: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    date: Type.Optional(Type.String({ maxLength: 7 })),
  }),
  response: { 200: StopSearchAnswer },
});
