import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PartnerExport, PartnerSearch } from '../../../../common/contracts/partner.ts';
import { contractRoute, pathWithin } from '../../http/contract-route.ts';
import type { InFlightPerAddress } from '../../http/in-flight-per-address.ts';
import type { ExportService } from '../../search/export-service.ts';
import type { ExportGate } from '../../search/export-gate.ts';
import { sendGatedExport } from '../../search/routes.ts';
import type { SearchService } from '../../search/search-service.ts';
import { partnerAdmission } from '../admission.ts';
import type { ApiKeyService } from '../keys/api-key-service.ts';
import type { DailyLimiter } from '../limits/daily-limit.ts';
import { answerPreflight, corsHeaders } from './cors.ts';
import { partnerExportSchema, partnerSearchSchema } from './openapi.ts';

export interface PartnerSearchOptions {
  /** The public crime search: partners get the same answer as the site. */
  search: Pick<SearchService, 'search' | 'searchAll'>;
  keys: ApiKeyService;
  limiter: DailyLimiter;
  /** The export service the public export uses too. */
  exports: ExportService;
  /** The node's bound on exports streaming at once, shared with the public export. */
  exportGate: ExportGate;
  /** Searches one key may have in flight from one address (SEARCHES_PER_ADDRESS), on all nodes. */
  searches: InFlightPerAddress;
}

/**
 * POST /external/crime-search (register with prefix /api): the public crime search's answer for a
 * postcode radius search, and GET /external/crime-search/export, its whole result as a file, for
 * partner sites holding an API key (X-API-Key), admitted by the partner admission (../admission.ts:
 * key, origin, daily limit, problem details). Readable from partner pages in the browser (CORS).
 */
export const partnerSearchRoutes: FastifyPluginAsyncTypebox<PartnerSearchOptions> = async (
  app,
  { search, exports, keys, limiter, exportGate, searches },
) => {
  await app.register(partnerAdmission, { keys, limiter });

  app.addHook('onSend', async (request, reply) => {
    if (request.method !== 'OPTIONS') corsHeaders(request, reply, request.partnerOriginRefused);
    // The answer is meant to be read by partner pages on other origins.
    reply.header('cross-origin-resource-policy', 'cross-origin');
  });

  // Untagged, so the OpenAPI document leaves it out (apiDocsPlugin hides untagged routes).
  app.options(pathWithin(app.prefix, PartnerSearch.path), answerPreflight('POST'));

  const { body: _body, response: searchDocs, ...searchWords } = partnerSearchSchema;
  contractRoute(
    app,
    PartnerSearch,
    {
      schema: searchWords,
      responseDocs: searchDocs,
      config: { partnerInFlight: searches },
      // The response schema documents the answer; the answer itself is the search's, unfiltered.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (request) => {
      const { postcode, radius, startMonth, endMonth, page, pageSize } = request.body;
      return search.search({ searchType: 'radius', postcode, radius, startMonth, endMonth, page, pageSize });
    },
  );

  const exportPath = pathWithin(app.prefix, PartnerExport.path);
  app.options(exportPath, answerPreflight('GET'));
  app.get(exportPath, { schema: partnerExportSchema }, async (request, reply) => {
    const { format, postcode, radius, startMonth, endMonth } = request.query;
    return sendGatedExport(exportGate, request, reply, () =>
      exports.exportSearch({ searchType: 'radius', postcode, radius, startMonth, endMonth }, format),
    );
  });
};
