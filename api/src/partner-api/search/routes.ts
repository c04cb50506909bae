import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { addressGroup } from '../../../../server-common/addresses/address-group.ts';
import { HttpError } from '../../http/errors.ts';
import type { InFlightPerAddress } from '../../http/in-flight-per-address.ts';
import type { ExportService } from '../../search/export-service.ts';
import type { ExportGate } from '../../search/export-gate.ts';
import { sendGatedExport } from '../../search/routes.ts';
import type { SearchService } from '../../search/search-service.ts';
import { DOCS_PREFIX } from '../docs/docs-plugin.ts';
import { partnerProblemHandler } from '../errors/problem.ts';
import { API_KEY_ERRORS, type ApiKeyService } from '../keys/api-key-service.ts';
import { originAllowed } from '../keys/domain.ts';
import type { DailyLimiter } from '../limits/daily-limit.ts';
import { setRateLimitHeaders } from '../limits/rate-limit-headers.ts';
import { answerPreflight, corsHeaders } from './cors.ts';
import { partnerExportSchema, partnerSearchSchema } from './openapi.ts';

export const PARTNER_SEARCH_PATH = '/external/crime-search';
export const PARTNER_EXPORT_PATH = '/external/crime-search/export';

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

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when the key's domain does not allow the request's Origin. */
    partnerOriginRefused: boolean;
  }
}

/**
 * POST /external/crime-search (register with prefix /api): the public crime search's answer for a
 * postcode radius search, for partner sites holding an API key (X-API-Key). Before the body is
 * read, the key is looked up (every request reads the database: a revocation counts from the next
 * request on every node), its domain is checked against the Origin, and the request is counted
 * against the key's daily limit. Every answer given once the key is known carries RateLimit-Policy
 * and RateLimit (the IETF draft's fields) and X-RateLimit-Limit, -Remaining and -Reset, errors
 * included. Errors are RFC 9457 problem details (application/problem+json).
 */
export const partnerSearchRoutes: FastifyPluginAsyncTypebox<PartnerSearchOptions> = async (
  app,
  { search, exports, keys, limiter, exportGate, searches },
) => {
  app.decorateRequest('partnerOriginRefused', false);

  // The app's CSRF check runs first and exempts only requests that carry X-API-Key; here, a
  // request without one is simply missing its credential, and partners program against that code.
  const problem = partnerProblemHandler(app.config.publicOrigin, DOCS_PREFIX);
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    const missingKey =
      error instanceof HttpError && error.code === 'CSRF' && request.headers['x-api-key'] === undefined;
    return problem(missingKey ? API_KEY_ERRORS.missing() : error, request, reply);
  });

  app.addHook('onSend', async (request, reply) => {
    if (request.method !== 'OPTIONS') corsHeaders(request, reply, request.partnerOriginRefused);
    // The answer is meant to be read by partner pages on other origins.
    reply.header('cross-origin-resource-policy', 'cross-origin');
    reply.header('cache-control', 'no-store');
  });

  /**
   * The key's checks, in the order that spends the least: a request refused for having too many
   * searches in flight does not count against the key's day.
   */
  async function admit(request: FastifyRequest, reply: FastifyReply, places?: InFlightPerAddress) {
    const header = request.headers['x-api-key'];
    const key = await keys.authenticate(Array.isArray(header) ? header.join(',') : header);
    if (!originAllowed(key.domain, request.headers.origin)) {
      request.partnerOriginRefused = true;
      setRateLimitHeaders(reply, await limiter.peek(key.id, key.dailyRateLimit));
      throw new HttpError(
        403,
        'ORIGIN_NOT_ALLOWED',
        `This API key may only be used from ${key.domain} (or its subdomains); the request came from ${request.headers.origin}.`,
      );
    }
    // A key shared by many sites' visitors is bounded per address, not as a whole.
    await places?.hold(`${key.id}|${addressGroup(request.ip)}`, reply).catch(async (error: unknown) => {
      setRateLimitHeaders(reply, await limiter.peek(key.id, key.dailyRateLimit));
      throw error;
    });
    const decision = await limiter.consume(key.id, key.dailyRateLimit);
    setRateLimitHeaders(reply, decision);
    if (!decision.allowed) {
      throw new HttpError(
        429,
        'RATE_LIMITED',
        `The daily limit of ${decision.limit} requests for this API key is reached; it starts again at midnight UTC.`,
        { 'retry-after': String(decision.retryAfter) },
      );
    }
  }

  // Untagged, so the OpenAPI document leaves it out (apiDocsPlugin hides untagged routes).
  app.options(PARTNER_SEARCH_PATH, answerPreflight('POST'));

  app.post(
    PARTNER_SEARCH_PATH,
    {
      schema: partnerSearchSchema,
      onRequest: (request, reply) => admit(request, reply, searches),
      // The response schema documents the answer; the answer itself is the search's, unfiltered.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (request) => {
      const { postcode, radius, startMonth, endMonth, page, pageSize } = request.body;
      return search.search({ searchType: 'radius', postcode, radius, startMonth, endMonth, page, pageSize });
    },
  );

  app.options(PARTNER_EXPORT_PATH, answerPreflight('GET'));
  app.get(
    PARTNER_EXPORT_PATH,
    { schema: partnerExportSchema, onRequest: (request, reply) => admit(request, reply) },
    async (request, reply) => {
      const { format, postcode, radius, startMonth, endMonth } = request.query;
      return sendGatedExport(exportGate, request, reply, () =>
        exports.exportSearch({ searchType: 'radius', postcode, radius, startMonth, endMonth }, format),
      );
    },
  );
};
