import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { ExportQuery, SearchCrimes } from '../../../common/contracts/search.ts';
import { createExportService, type SearchExport } from './export-service.ts';
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

/** POST /crimes/search, GET /crimes/export and GET /available-dates. */
export const searchRoutes: FastifyPluginAsyncTypebox<SearchRoutesOptions> = async (app, { search }) => {
  app.post(
    '/crimes/search',
    {
      schema: {
        body: SearchCrimes.body,
        description: 'Crime search by postcode radius, neighbourhood or force',
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

  app.get('/available-dates', async () => search.availableDates());
};
