import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AutocompletePostcodes, LookUpPostcode } from '../../../common/contracts/postcodes.ts';
import { contractRoute } from '../http/contract-route.ts';
import type { PostcodeService } from './postcode-service.ts';

export interface PostcodeRoutesOptions {
  postcodes: PostcodeService;
}

/** GET /postcodes/autocomplete?q=&limit= (postcodes.io-like) and GET /postcodes/:postcode. */
export const postcodeRoutes: FastifyPluginAsyncTypebox<PostcodeRoutesOptions> = async (
  app,
  { postcodes },
) => {
  contractRoute(app, AutocompletePostcodes, {}, async (request) => ({
    status: 200 as const,
    result: await postcodes.autocomplete(request.query.q, request.query.limit),
  }));

  contractRoute(app, LookUpPostcode, {}, async (request) => postcodes.lookup(request.params.postcode));
};
