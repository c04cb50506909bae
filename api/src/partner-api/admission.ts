import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../http/errors.ts';
import type { InFlightPerAddress } from '../http/in-flight-per-address.ts';
import { partnerProblemHandler } from './errors/problem.ts';
import { API_KEY_ERRORS, type ApiKeyService, type PartnerKey } from './keys/api-key-service.ts';
import { originAllowed } from './keys/domain.ts';
import type { DailyLimiter } from './limits/daily-limit.ts';
import { setRateLimitHeaders } from './limits/rate-limit-headers.ts';
import { addressGroupOf } from '../http/visitor-address.ts';
import { API_KEY_HEADER } from '../../../common/contracts/partner.ts';

/** Node gives header names in lower case. */
const KEY_HEADER = API_KEY_HEADER.toLowerCase();

export interface PartnerAdmissionOptions {
  keys: ApiKeyService;
  limiter: DailyLimiter;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The partner key the request was admitted with; null before admission (and for preflights). */
    partnerKey: PartnerKey | null;
    /** Set when the key's domain does not allow the request's Origin. */
    partnerOriginRefused: boolean;
  }
  interface FastifyContextConfig {
    /**
     * A partner route's bound on requests one key may have in flight from one address, held
     * before the request counts against the key's day.
     */
    partnerInFlight?: InFlightPerAddress;
  }
}

/**
 * The admission every partner route (/api/external/*) shares, registered inside each partner
 * route plugin (fastify-plugin, so its hooks and error handler are that plugin's). Before the body
 * is read, the key is looked up (every request reads the database: a revocation counts from the
 * next request on every node), its domain is checked against the Origin, and the request is
 * counted against the key's daily limit, in the order that spends the least: a request refused
 * for too many in flight does not count against the key's day. Every answer given once the key is
 * known carries the rate-limit headers, errors included; errors are RFC 9457 problem details;
 * nothing is cached. Preflights (OPTIONS) carry no key and are not admitted here.
 */
export const partnerAdmission = fp<PartnerAdmissionOptions>(
  async (app, { keys, limiter }) => {
    app.decorateRequest('partnerKey', null);
    app.decorateRequest('partnerOriginRefused', false);

    // The app's CSRF check runs first and exempts only requests that carry X-API-Key; here, a
    // request without one is simply missing its credential, and partners program against that code.
    const problem = partnerProblemHandler(app.config.publicOrigin);
    app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
      const missingKey =
        error instanceof HttpError && error.code === 'CSRF' && request.headers[KEY_HEADER] === undefined;
      return problem(missingKey ? API_KEY_ERRORS.missing() : error, request, reply);
    });

    app.addHook('onRequest', async (request, reply) => {
      if (request.method === 'OPTIONS') return;
      await admit(request, reply, request.routeOptions.config.partnerInFlight);
    });
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    async function admit(request: FastifyRequest, reply: FastifyReply, places?: InFlightPerAddress) {
      const header = request.headers[KEY_HEADER];
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
      await places?.hold(`${key.id}|${addressGroupOf(request)}`, reply).catch(async (error: unknown) => {
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
      request.partnerKey = key;
    }
  },
  { name: 'partner-admission', fastify: '5.x' },
);

/** The key a partner route's handler was admitted with (the admission hook has run). */
export function admittedKey(request: FastifyRequest): PartnerKey {
  if (!request.partnerKey) throw new Error('partner route reached without admission');
  return request.partnerKey;
}
