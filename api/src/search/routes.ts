import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { ExportQuery, MapQuery, MarkCrimesQuery, SearchCrimes } from '../../../common/contracts/search.ts';
import { createExportService, type SearchExport } from './export-service.ts';
import { createMapService } from './map-service.ts';
import type { SearchService } from './search-service.ts';

/** Headers of a file download; the name is ASCII by construction (exportFileName). */
export function sendExport(reply: FastifyReply, file: SearchExport) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('x-total-count', String(file.total))
    .header('cache-control', 'no-store')
    .send(file.body);
}

export interface SearchRoutesOptions {
  search: SearchService;
}

/** POST /crimes/search, GET /crimes/export, GET /crimes/map(/crimes) and GET /available-dates. */
export const searchRoutes: FastifyPluginAsyncTypebox<SearchRoutesOptions> = async (app, { search }) => {
  app.post(
    '/crimes/search',
    {
      schema: {
        body: SearchCrimes.body,
        description:
          'Crime search by postcode radius, neighbourhood or force, or over the whole store ("default"), with the police clock of the area',
      },
    },
    async (request) => search.search(request.body),
  );

  const exports = createExportService(search);
  app.get(
    '/crimes/export',
    {
      schema: {
        querystring: ExportQuery,
        description: 'The whole result of a crime search as one CSV or JSON file, streamed',
      },
    },
    async (request, reply) => {
      const { format, ...criteria } = request.query;
      return sendExport(reply, await exports.exportSearch(criteria, format));
    },
  );

  const maps = createMapService(search);
  app.get(
    '/crimes/map',
    {
      schema: {
        querystring: MapQuery,
        description: "A search's crimes by location (or hexagon) and category, and the area's outline",
      },
    },
    async (request) => maps.map(request.query),
  );

  app.get(
    '/crimes/map/crimes',
    {
      schema: {
        querystring: MarkCrimesQuery,
        description: "One page of the crimes of one of the map's marks",
      },
    },
    async (request) => {
      const { mark, page, categories, ...criteria } = request.query;
      return maps.markCrimes(criteria, mark, { page, categories });
    },
  );

  app.get('/available-dates', async () => search.availableDates());
};
