import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { EXPORT_FORMATS } from '../../../common/search/export.ts';
import { MAX_PAGE_SIZE, SEARCH_TYPES } from '../../../common/search/types.ts';
import { postcodeServiceForApp, type PostcodeService } from '../postcodes/postcode-service.ts';
import { createMapService } from './map-service.ts';
import { createExportService, type SearchExport } from './export-service.ts';
import { createSearchService, type SearchService } from './search-service.ts';

const SearchBody = Type.Object({
  searchType: Type.Optional(Type.Union(SEARCH_TYPES.map((t) => Type.Literal(t)))),
  postcode: Type.Optional(Type.String({ maxLength: 16 })),
  radius: Type.Optional(Type.Number()),
  startMonth: Type.Optional(Type.String({ maxLength: 24 })),
  endMonth: Type.Optional(Type.String({ maxLength: 24 })),
  forceId: Type.Optional(Type.String({ maxLength: 64 })),
  neighbourhoodId: Type.Optional(Type.String({ maxLength: 128 })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE })),
});

/** The search's criteria as a query string (the page fields do not apply). */
const criteriaFields = {
  searchType: Type.Optional(Type.Union(SEARCH_TYPES.map((t) => Type.Literal(t)))),
  postcode: Type.Optional(Type.String({ maxLength: 16 })),
  radius: Type.Optional(Type.Number()),
  startMonth: Type.Optional(Type.String({ maxLength: 24 })),
  endMonth: Type.Optional(Type.String({ maxLength: 24 })),
  forceId: Type.Optional(Type.String({ maxLength: 64 })),
  neighbourhoodId: Type.Optional(Type.String({ maxLength: 128 })),
};

/** The search's criteria for a download link. */
export const ExportQuery = Type.Object({
  format: Type.Union(EXPORT_FORMATS.map((f) => Type.Literal(f))),
  ...criteriaFields,
});

const MapQuery = Type.Object(criteriaFields);

const MarkCrimesQuery = Type.Object({
  ...criteriaFields,
  mark: Type.String({ minLength: 2, maxLength: 64, description: 'A mark id from GET /crimes/map' }),
  categories: Type.Optional(
    Type.String({ maxLength: 400, description: 'Comma-separated category slugs to keep' }),
  ),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
});

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
  search?: SearchService;
  postcodes?: PostcodeService;
}

/** POST /crimes/search, GET /crimes/export, GET /crimes/map(/crimes) and GET /available-dates. */
export const searchRoutes: FastifyPluginAsyncTypebox<SearchRoutesOptions> = async (app, options) => {
  const search =
    options.search ??
    createSearchService({ sequelize: app.db, postcodes: options.postcodes ?? postcodeServiceForApp(app) });

  app.post(
    '/crimes/search',
    { schema: { body: SearchBody, description: 'Crime search by postcode radius, neighbourhood or force' } },
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
