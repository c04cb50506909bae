import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ExportSearch,
  GetAvailableDates,
  GetMarkCrimes,
  GetSearchMap,
  SearchCrimes,
} from '../../../common/contracts/search.ts';
import { contractRoute, pathWithin } from '../http/contract-route.ts';
import type { cachedByDataVersion } from '../http/etag.ts';
import type { InFlightPerAddress } from '../http/in-flight-per-address.ts';
import type { ExportGate } from './export-gate.ts';
import type { ExportService, SearchExport } from './export-service.ts';
import type { MapService } from './map-service.ts';
import type { SearchService } from './search-service.ts';
import { addressGroupOf } from '../http/visitor-address.ts';

/** Headers of a file download; the name is ASCII by construction (exportFileName). */
function sendExport(reply: FastifyReply, file: SearchExport) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('x-total-count', String(file.total))
    .header('cache-control', 'no-store')
    .send(file.body);
}

/**
 * An export admitted by the node's export gate for the visitor's address. Its place is held while
 * the export is prepared (also when the client leaves meanwhile: the work goes on until then) and
 * then until the response is finished or its connection closes; a reader that takes no byte for
 * the gate's idle time is cut off (EXPORT_IDLE_TIMEOUT_SECONDS), which closes it.
 */
export async function sendGatedExport(
  gate: ExportGate,
  request: FastifyRequest,
  reply: FastifyReply,
  produce: () => Promise<SearchExport>,
) {
  const release = await gate.admit(addressGroupOf(request));
  let file: SearchExport;
  try {
    file = await produce();
  } catch (error) {
    void release();
    throw error;
  }
  if (reply.raw.closed) void release();
  else reply.raw.once('close', () => void release());
  closeWhenUnread(request.raw.socket, reply, gate.idleMs);
  return sendExport(reply, file);
}

/**
 * Socket inactivity for one download only: a request still being worked on moves no bytes either,
 * so a server-wide timeout would cut off slow answers too. When the response is over, Node sets
 * the socket's keep-alive timeout in place of this one.
 */
function closeWhenUnread(socket: FastifyRequest['raw']['socket'], reply: FastifyReply, idleMs: number) {
  // An injected request (app.inject, tests) has no real socket, and nothing to time out.
  if (typeof socket?.setTimeout !== 'function') return;
  const onIdle = () => socket.destroy();
  // Node lets the first period pass when the socket's write queue changed since the last write,
  // and a stalled download's always has: half the time, so that it is closed within idleMs.
  socket.setTimeout(Math.max(1, Math.floor(idleMs / 2)));
  socket.once('timeout', onIdle);
  reply.raw.once('close', () => socket.off('timeout', onIdle));
}

export interface SearchRoutesOptions {
  search: SearchService;
  exports: ExportService;
  maps: MapService;
  exportGate: ExportGate;
  /** Searches one address may have in flight (SEARCHES_PER_ADDRESS), on all nodes. */
  searches: InFlightPerAddress;
  /** Map reads and map marks' crimes one address may have in flight (MAP_READS_PER_ADDRESS). */
  mapReads: InFlightPerAddress;
  /** ETag and Cache-Control for the answers that depend only on the imported data. */
  cached: ReturnType<typeof cachedByDataVersion>;
}

/** POST /crimes/search, GET /crimes/export, GET /crimes/map(/crimes) and GET /available-dates. */
export const searchRoutes: FastifyPluginAsyncTypebox<SearchRoutesOptions> = async (
  app,
  { search, exports, maps, exportGate, searches, mapReads, cached },
) => {
  contractRoute(
    app,
    SearchCrimes,
    {
      schema: {
        description:
          'Crime search by postcode radius, neighbourhood or force, or over the whole store ("default"), with the police clock of the area',
      },
      onRequest: searches.admit,
      // As the partner search: the answer is written as the search made it (the contract test
      // holds it to the schema), not re-serialized through the schema's unions.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (request) => search.search(request.body),
  );

  app.get(
    pathWithin(app.prefix, ExportSearch.path),
    {
      schema: {
        querystring: ExportSearch.querystring,
        description: 'The whole result of a crime search as one CSV or JSON file, streamed',
      },
    },
    async (request, reply) => {
      const { format, lang, ...criteria } = request.query;
      return sendGatedExport(exportGate, request, reply, () =>
        exports.exportSearch(criteria, format, { locale: lang }),
      );
    },
  );

  contractRoute(
    app,
    GetSearchMap,
    {
      schema: {
        description: "A search's crimes by location (or hexagon) and category, and the area's outline",
      },
      onRequest: mapReads.admit,
    },
    async (request) => maps.map(request.query),
  );

  contractRoute(
    app,
    GetMarkCrimes,
    {
      schema: { description: "One page of the crimes of one of the map's marks" },
      onRequest: mapReads.admit,
    },
    async (request) => {
      const { mark, page, categories, ...criteria } = request.query;
      return maps.markCrimes(criteria, mark, { page, categories });
    },
  );

  contractRoute(app, GetAvailableDates, { ...cached }, async () => search.availableDates());
};
