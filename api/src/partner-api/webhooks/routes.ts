import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../http/errors.ts';
import { DOCS_PREFIX } from '../docs/docs-plugin.ts';
import { partnerProblemHandler } from '../errors/problem.ts';
import { API_KEY_ERRORS, type ApiKeyService, type PartnerKey } from '../keys/api-key-service.ts';
import { originAllowed } from '../keys/domain.ts';
import type { DailyLimiter } from '../limits/daily-limit.ts';
import { setRateLimitHeaders } from '../limits/rate-limit-headers.ts';
import { deleteWebhookSchema, putWebhookSchema } from './openapi.ts';
import type { WebhookService } from './webhook-service.ts';

export const PARTNER_WEBHOOK_PATH = '/external/webhook';

export interface PartnerWebhookOptions {
  keys: ApiKeyService;
  limiter: DailyLimiter;
  webhooks: WebhookService;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The partner key the request was admitted with (webhook routes). */
    webhookKey: PartnerKey | null;
  }
}

/**
 * PUT and DELETE /external/webhook (register with prefix /api): a partner registers the one URL
 * its key's deliveries go to, or removes it. Admitted as the crime search admits: the key looked
 * up on every request, its domain checked against an Origin, one request counted against its day;
 * errors are problem details.
 */
export const partnerWebhookRoutes: FastifyPluginAsyncTypebox<PartnerWebhookOptions> = async (
  app,
  { keys, limiter, webhooks },
) => {
  app.decorateRequest('webhookKey', null);
  const problem = partnerProblemHandler(app.config.publicOrigin, DOCS_PREFIX);
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    // The app's CSRF check refuses a state change without X-API-Key: here that is a missing key.
    const missingKey =
      error instanceof HttpError && error.code === 'CSRF' && request.headers['x-api-key'] === undefined;
    return problem(missingKey ? API_KEY_ERRORS.missing() : error, request, reply);
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  async function admit(request: FastifyRequest, reply: FastifyReply) {
    const header = request.headers['x-api-key'];
    const key = await keys.authenticate(Array.isArray(header) ? header.join(',') : header);
    if (!originAllowed(key.domain, request.headers.origin)) {
      throw new HttpError(
        403,
        'ORIGIN_NOT_ALLOWED',
        `This API key may only be used from ${key.domain} (or its subdomains); the request came from ${request.headers.origin}.`,
      );
    }
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
    request.webhookKey = key;
  }

  app.put(PARTNER_WEBHOOK_PATH, { schema: putWebhookSchema, onRequest: admit }, async (request) =>
    webhooks.register(request.webhookKey!.id, request.body.url),
  );

  app.delete(PARTNER_WEBHOOK_PATH, { schema: deleteWebhookSchema, onRequest: admit }, async (request) => ({
    success: true as const,
    removed: await webhooks.remove(request.webhookKey!.id),
  }));
};
