import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DeleteWebhook, PutWebhook } from '../../../../common/contracts/webhooks.ts';
import { contractRoute } from '../../http/contract-route.ts';
import { admittedKey, partnerAdmission } from '../admission.ts';
import type { ApiKeyService } from '../keys/api-key-service.ts';
import type { DailyLimiter } from '../limits/daily-limit.ts';
import { deleteWebhookSchema, putWebhookSchema } from './openapi.ts';
import type { WebhookService } from './webhook-service.ts';

export interface PartnerWebhookOptions {
  keys: ApiKeyService;
  limiter: DailyLimiter;
  webhooks: WebhookService;
}

/**
 * PUT and DELETE /external/webhook (register with prefix /api): a partner registers the one URL
 * its key's deliveries go to, or removes it. Admitted as every partner route is (../admission.ts:
 * the key looked up on every request, its domain checked against an Origin, one request counted
 * against its day; errors are problem details).
 */
export const partnerWebhookRoutes: FastifyPluginAsyncTypebox<PartnerWebhookOptions> = async (
  app,
  { keys, limiter, webhooks },
) => {
  await app.register(partnerAdmission, { keys, limiter });

  const { body: _body, response: putDocs, ...putWords } = putWebhookSchema;
  contractRoute(app, PutWebhook, { schema: putWords, responseDocs: putDocs }, async (request) =>
    webhooks.register(admittedKey(request).id, request.body.url),
  );

  const { response: deleteDocs, ...deleteWords } = deleteWebhookSchema;
  contractRoute(app, DeleteWebhook, { schema: deleteWords, responseDocs: deleteDocs }, async (request) => ({
    success: true as const,
    removed: await webhooks.remove(admittedKey(request).id),
  }));
};
