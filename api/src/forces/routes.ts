import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger } from 'fastify';
import {
  GetForcePeople,
  ListForces,
  GetNeighbourhoodPeople,
  ListNeighbourhoods,
  SearchStops,
  type PoliceTeam,
} from '../../../common/contracts/forces.ts';
import { contractRoute } from '../http/contract-route.ts';
import type { cachedByDataVersion } from '../http/etag.ts';
import { notFound } from '../http/errors.ts';
import type { PoliceApiClient, PoliceApiResult } from '../police-data/police-api/client.ts';
import type { PoliceMember } from '../police-data/police-api/responses.ts';
import { requireForce, type ForceService } from './force-service.ts';
import type { StopSearchService } from './stop-search-service.ts';

export interface ForceRoutesOptions {
  forces: ForceService;
  /** The process's one data.police.uk client (one rate limit for everyone). */
  policeApi: PoliceApiClient;
  /** ETag and Cache-Control for the answers that depend only on the imported data. */
  cached: ReturnType<typeof cachedByDataVersion>;
}

export const TEAM_UNAVAILABLE = 'Police team details are unavailable right now.';

/** What a visitor is told when the team is not live: never the transport's own words (ENOTFOUND…). */
function publicReason(result: PoliceApiResult<PoliceMember[]>): string | undefined {
  if (!result.reason) return undefined;
  if (result.source === 'stale-cache' && result.fetchedAt) {
    return `data.police.uk could not be reached just now; these are the team details it gave on ${result.fetchedAt.toISOString().slice(0, 10)}.`;
  }
  return TEAM_UNAVAILABLE;
}

/**
 * Members from the data.police.uk client: fresh, cached, or (offline, nothing cached) an empty
 * list with a reason fit for the public; the client's own reason goes to the log. data.police.uk's
 * own 404 means the force or neighbourhood does not exist.
 */
function members(result: PoliceApiResult<PoliceMember[]>, what: string, log: FastifyBaseLogger): PoliceTeam {
  if (result.httpStatus === 404) throw notFound(`${what} not found on data.police.uk`, 'NOT_FOUND');
  const reason = publicReason(result);
  if (reason)
    log.warn(
      { source: result.source, reason: result.reason, httpStatus: result.httpStatus },
      `police team of ${what}: data.police.uk failed`,
    );
  return {
    members: result.data,
    source: result.source,
    ...(reason ? { reason } : {}),
    ...(result.fetchedAt ? { fetchedAt: result.fetchedAt.toISOString() } : {}),
  };
}

/** GET /forces, /forces/:id/neighbourhoods, /forces/:id/people, /forces/:id/neighbourhoods/:nid/people. */
export const forceRoutes: FastifyPluginAsyncTypebox<ForceRoutesOptions> = async (
  app,
  { forces, policeApi, cached },
) => {
  contractRoute(app, ListForces, { ...cached }, async () => forces.forces());

  contractRoute(app, ListNeighbourhoods, {}, async (request) =>
    forces.neighbourhoods(request.params.forceId),
  );

  contractRoute(app, GetForcePeople, {}, async (request) => {
    const force = requireForce(request.params.forceId);
    return members(await policeApi.forceSeniorOfficers(force.id), `Police force "${force.id}"`, request.log);
  });

  contractRoute(app, GetNeighbourhoodPeople, {}, async (request) => {
    const force = requireForce(request.params.forceId);
    const neighbourhood = await forces.requireNeighbourhood(force.id, request.params.neighbourhoodId);
    return members(
      await policeApi.neighbourhoodTeam(force.id, neighbourhood.id),
      `Neighbourhood "${neighbourhood.id}" of ${force.name}`,
      request.log,
    );
  });
};

export interface StopSearchRoutesOptions {
  stopSearch: StopSearchService;
}

/**
 * GET /stops-search?lat=&lng=&date=YYYY-MM: stops within 1 mile of the point; or
 * GET /stops-search?force=&date=: every stop of the force (a force search). The date defaults to
 * the latest month held.
 */
export const stopSearchRoutes: FastifyPluginAsyncTypebox<StopSearchRoutesOptions> = async (
  app,
  { stopSearch },
) => {
  contractRoute(app, SearchStops, {}, async (request) => stopSearch.answer(request.query));
};
