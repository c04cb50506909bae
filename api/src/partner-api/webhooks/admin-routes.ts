import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ListWebhookDeliveries, WEBHOOK_DELIVERIES_SHOWN } from '../../../../common/contracts/webhooks.ts';
import { assertAdminAuth } from '../../admin/auth-plugin.ts';
import type { WebhookService } from './webhook-service.ts';
import { contractRoute } from '../../http/contract-route.ts';

export interface WebhookAdminOptions {
  webhooks: WebhookService;
}

/**
 * GET /api-keys/:id/webhook (register with prefix /api/admin): the key's webhook URL and its last
 * deliveries (time, status, attempts, response code), for the API keys screen. Admin session.
 */
export const webhookAdminRoutes: FastifyPluginAsyncTypebox<WebhookAdminOptions> = async (
  app,
  { webhooks },
) => {
  assertAdminAuth(app, 'webhookAdminRoutes');
  app.addHook('onRequest', app.requireAdmin);
  contractRoute(app, ListWebhookDeliveries, {}, async (request) =>
    webhooks.recentDeliveries(request.params.id, WEBHOOK_DELIVERIES_SHOWN),
  );
};
