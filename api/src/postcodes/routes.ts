import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AUTOCOMPLETE_MAX, type PostcodeService } from './postcode-service.ts';

export interface PostcodeRoutesOptions {
  postcodes: PostcodeService;
}

/** GET /postcodes/autocomplete?q=&limit= (postcodes.io-like) and GET /postcodes/:postcode. */
export const postcodeRoutes: FastifyPluginAsyncTypebox<PostcodeRoutesOptions> = async (
  app,
  { postcodes },
) => {
  app.get(
    '/postcodes/autocomplete',
    {
      schema: {
        querystring: Type.Object({
          q: Type.String({ maxLength: 16 }),
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
        }),
      },
    },
    async (request) => ({
      status: 200,
      result: await postcodes.autocomplete(request.query.q, request.query.limit ?? AUTOCOMPLETE_MAX),
    }),
  );

  app.get(
    '/postcodes/:postcode',
    { schema: { params: Type.Object({ postcode: Type.String({ maxLength: 16 }) }) } },
    async (request) => postcodes.lookup(request.params.postcode),
  );
};
