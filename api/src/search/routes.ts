import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MAX_PAGE_SIZE, SEARCH_TYPES } from '../../../common/search/types.ts';
import { postcodeServiceForApp, type PostcodeService } from '../postcodes/postcode-service.ts';
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

export interface SearchRoutesOptions {
  search?: SearchService;
  postcodes?: PostcodeService;
}

/** POST /crimes/search and GET /available-dates. */
export const searchRoutes: FastifyPluginAsyncTypebox<SearchRoutesOptions> = async (app, options) => {
  const search =
    options.search ??
    createSearchService({ sequelize: app.db, postcodes: options.postcodes ?? postcodeServiceForApp(app) });

  app.post(
    '/crimes/search',
    { schema: { body: SearchBody, description: 'Crime search by postcode radius, neighbourhood or force' } },
    async (request) => search.search(request.body),
  );

  app.get('/available-dates', async () => search.availableDates());
};
