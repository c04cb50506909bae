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
