import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ResponseOf } from '../../../common/contracts/endpoint.ts';
import { AutocompletePostcodes, LookUpPostcode } from '../../../common/contracts/postcodes.ts';
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
      schema: { querystring: AutocompletePostcodes.querystring },
    },
    async (request): Promise<ResponseOf<typeof AutocompletePostcodes>> => ({
      status: 200,
      result: await postcodes.autocomplete(request.query.q, request.query.limit ?? AUTOCOMPLETE_MAX),
    }),
  );

  app.get(
    '/postcodes/:postcode',
    { schema: { params: LookUpPostcode.params } },
    async (request): Promise<ResponseOf<typeof LookUpPostcode>> => postcodes.lookup(request.params.postcode),
  );
};
