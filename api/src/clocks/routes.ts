import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { clockAreaSearch, parseClockAreaId } from '../../../common/clock/area.ts';
import type { ClockDefinition } from '../../../common/clock/types.ts';
import {
  GetAreaClock,
  GetClockDataVersion,
  GetCsewClock,
  GetPoliceClock,
} from '../../../common/contracts/clocks.ts';
import { csewClockDefinition } from '../../../common/survey/csew-data.ts';
import { REALTIME_READ_HEADER } from '../../../server-common/security/realtime-reads.ts';
import { contractRoute } from '../http/contract-route.ts';
import { HttpError, badRequest } from '../http/errors.ts';
import type { InFlightPerAddress } from '../http/in-flight-per-address.ts';
import type { SearchService } from '../search/search-service.ts';
import { clockAnswer } from './clock-answer.ts';
import type { CsewFiguresService } from './csew-figures-service.ts';
import type { PoliceClockService } from './police-clock-service.ts';

export interface ClockRoutesOptions {
  policeClock: PoliceClockService;
  /** Area clocks come from the crime search's own rules (its clockData). */
  search: Pick<SearchService, 'clock'>;
  csewFigures: CsewFiguresService;
  /**
   * A visitor's area clock takes one of the address's search places (SEARCHES_PER_ADDRESS): it
   * is the browser's way to an area's clock, where it used to run the area's search.
   */
  areaReads: InFlightPerAddress;
  /** Whether a request carries the realtime server's token (server-common/security/realtime-reads.ts). */
  isRealtimeRead: (header: string | string[] | undefined) => boolean;
  /** The app's one clock data version (clocks/data-version.ts `clockDataVersion`). */
  dataVersion: () => Promise<string>;
  now?: () => number;
}

/**
 * The clocks for clients without a socket (and for the realtime server, which reads the police
 * definition here): the specification's clock data at this instant, the definition (names,
 * sources, peak hours), and the same tick the realtime server sends for the current second, so a
 * client without a socket shows server-computed counts too.
 */
export const clockRoutes: FastifyPluginAsyncTypebox<ClockRoutesOptions> = async (
  app,
  { policeClock, search, csewFigures, areaReads, isRealtimeRead, dataVersion, now = Date.now },
) => {
  const answer = (definition: ClockDefinition) => clockAnswer(definition, now());

  // The figures in use: an admin's upload, or the shipped file.
  contractRoute(app, GetCsewClock, {}, async () =>
    answer(csewClockDefinition((await csewFigures.current()).figures)),
  );

  contractRoute(app, GetPoliceClock, {}, async () => {
    const definition = await policeClock.definition();
    if (!definition) {
      throw new HttpError(503, 'NO_POLICE_DATA', 'No police-recorded crime has been loaded yet.');
    }
    return answer(definition);
  });

  // What the realtime servers without Redis read every second to learn at once of a new import or
  // new survey figures (two one-row reads): an importer may be another process, even on another
  // machine. With Redis the API publishes it instead (data-version.ts).
  contractRoute(app, GetClockDataVersion, {}, async () => ({ version: await dataVersion() }));

  // The clock of one area (common/clock/area.ts ids), the one way to it: the browser's area clock
  // when its socket is away, and what the realtime server ticks for an area room. A browser may
  // send it only from the product's own pages (security/csrf.ts, PAGE_READ_ROUTES); a visitor's
  // read holds one of the address's search places, the realtime server's reads (bounded on its
  // side: a few at once per node) none, so visitors neither starve them nor are counted for them.
  contractRoute(
    app,
    GetAreaClock,
    {
      schema: {
        description: 'The police clock of one area: postcode:SW1A1AA, force:kent or neighbourhood:kent:MW01',
      },
      onRequest: async (request, reply) => {
        if (isRealtimeRead(request.headers[REALTIME_READ_HEADER])) return;
        await areaReads.admit(request, reply);
      },
    },
    async (request) => {
      const area = parseClockAreaId(request.query.area);
      if (!area) {
        throw badRequest(
          'area must be postcode:<postcode>, force:<force id> or neighbourhood:<force id>:<neighbourhood id>',
          'INVALID_AREA',
        );
      }
      const definition = await search.clock(clockAreaSearch(area));
      if (!definition) {
        throw new HttpError(
          404,
          'NO_AREA_DATA',
          'The store holds no police data for this area in the last 12 months.',
        );
      }
      return answer(definition);
    },
  );
};
