import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { assertAdminAuth } from '../../admin/auth-plugin.ts';
import {
  DEFAULT_DAILY_RATE_LIMIT,
  MAX_DAILY_RATE_LIMIT,
  createApiKeyService,
  type ApiKeyService,
} from './api-key-service.ts';

export interface ApiKeyAdminOptions {
  keys?: ApiKeyService;
  now?: () => number;
}

const ApiKeyView = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  domain: Type.Union([Type.String(), Type.Null()]),
  dailyRateLimit: Type.Integer(),
  requestCount: Type.Integer(),
  lastRequestAt: Type.Union([Type.String(), Type.Null()]),
  status: Type.Union([Type.Literal('active'), Type.Literal('revoked')]),
  keyPrefix: Type.String(),
  createdAt: Type.String(),
  revokedAt: Type.Union([Type.String(), Type.Null()]),
});

const NewKey = Type.Object({
  // Checked again after trimming by the service (1 to 100 characters).
  name: Type.String({ maxLength: 200 }),
  domain: Type.Optional(Type.Union([Type.String({ maxLength: 300 }), Type.Null()])),
  dailyRateLimit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: MAX_DAILY_RATE_LIMIT, default: DEFAULT_DAILY_RATE_LIMIT }),
  ),
});

/**
 * GET /api-keys, POST /api-keys and DELETE /api-keys/:id (register with prefix /api/admin): list,
 * create (the key is in this one answer and nowhere else) and revoke partner API keys. Admin
 * session required; the app's CSRF check covers the POST and DELETE.
 */
export const apiKeyAdminRoutes: FastifyPluginAsyncTypebox<ApiKeyAdminOptions> = async (app, options) => {
  assertAdminAuth(app, 'apiKeyAdminRoutes');
  app.addHook('onRequest', app.requireAdmin);
  const keys = options.keys ?? createApiKeyService({ sequelize: app.db, now: options.now });

  app.get(
    '/api-keys',
    { schema: { response: { 200: Type.Object({ apiKeys: Type.Array(ApiKeyView) }) } } },
    async () => ({ apiKeys: await keys.list() }),
  );

  app.post(
    '/api-keys',
    {
      schema: {
        body: NewKey,
        response: {
          201: Type.Object({
            success: Type.Literal(true),
            apiKey: Type.String({ description: 'The key itself, shown this once.' }),
            name: Type.String(),
            key: ApiKeyView,
          }),
        },
      },
    },
    async (request, reply) => {
      const { apiKey, key } = await keys.create(request.body);
      return reply.status(201).send({ success: true as const, apiKey, name: key.name, key });
    },
  );

  app.delete(
    '/api-keys/:id',
    {
      schema: {
        params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) }),
        response: { 200: Type.Object({ success: Type.Literal(true), key: ApiKeyView }) },
      },
    },
    async (request) => ({ success: true as const, key: await keys.revoke(request.params.id) }),
  );
};
