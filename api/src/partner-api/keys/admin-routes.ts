import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CreateApiKey, ListApiKeys, RevokeApiKey } from '../../../../common/contracts/api-keys.ts';
import { assertAdminAuth } from '../../admin/auth-plugin.ts';
import type { ApiKeyService } from './api-key-service.ts';
import { contractRoute } from '../../http/contract-route.ts';

export interface ApiKeyAdminOptions {
  keys: ApiKeyService;
}

/**
 * GET /api-keys, POST /api-keys and DELETE /api-keys/:id (register with prefix /api/admin): list,
 * create (the key is in this one answer and nowhere else) and revoke partner API keys. Admin
 * session required; the app's CSRF check covers the POST and DELETE.
 */
export const apiKeyAdminRoutes: FastifyPluginAsyncTypebox<ApiKeyAdminOptions> = async (app, { keys }) => {
  assertAdminAuth(app, 'apiKeyAdminRoutes');
  app.addHook('onRequest', app.requireAdmin);

  contractRoute(app, ListApiKeys, {}, async () => ({
    apiKeys: await keys.list(),
  }));

  contractRoute(app, CreateApiKey, {}, async (request, reply) => {
    const { apiKey, key } = await keys.create(request.body);
    return reply.status(201).send({ success: true as const, apiKey, name: key.name, key });
  });

  contractRoute(app, RevokeApiKey, {}, async (request) => {
    const { key, revokedNow } = await keys.revoke(request.params.id);
    if (!revokedNow) request.changedNothing = true;
    return { success: true as const, key };
  });
};
