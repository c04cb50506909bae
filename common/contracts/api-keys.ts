import { Type, type Static } from 'typebox';
import { Nullable } from './errors.ts';
import { endpoint } from './endpoint.ts';

/** Partner API keys, admin only (api/src/partner-api/keys/admin-routes.ts). */

export const DEFAULT_DAILY_RATE_LIMIT = 1000;
export const MAX_DAILY_RATE_LIMIT = 1_000_000;

export const ApiKeyStatus = Type.Union([Type.Literal('active'), Type.Literal('revoked')]);
export type ApiKeyStatus = Static<typeof ApiKeyStatus>;

export const ApiKeyView = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  domain: Nullable(Type.String()),
  dailyRateLimit: Type.Integer(),
  requestCount: Type.Integer(),
  lastRequestAt: Nullable(Type.String()),
  status: ApiKeyStatus,
  keyPrefix: Type.String(),
  createdAt: Type.String(),
  revokedAt: Nullable(Type.String()),
});
export type ApiKeyView = Static<typeof ApiKeyView>;

export const NewApiKey = Type.Object({
  // Checked again after trimming by the service (1 to 100 characters).
  name: Type.String({ maxLength: 200 }),
  domain: Type.Optional(Nullable(Type.String({ maxLength: 300 }))),
  dailyRateLimit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: MAX_DAILY_RATE_LIMIT, default: DEFAULT_DAILY_RATE_LIMIT }),
  ),
});
export type NewApiKey = Static<typeof NewApiKey>;

export const ListApiKeys = endpoint({
  method: 'GET',
  path: '/api/admin/api-keys',
  response: { 200: Type.Object({ apiKeys: Type.Array(ApiKeyView) }) },
});

export const CreateApiKey = endpoint({
  method: 'POST',
  path: '/api/admin/api-keys',
  body: NewApiKey,
  response: {
    201: Type.Object({
      success: Type.Literal(true),
      apiKey: Type.String({ description: 'The key itself, shown this once.' }),
      name: Type.String(),
      key: ApiKeyView,
    }),
  },
});

export const RevokeApiKey = endpoint({
  method: 'DELETE',
  path: '/api/admin/api-keys/:id',
  params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) }),
  response: { 200: Type.Object({ success: Type.Literal(true), key: ApiKeyView }) },
});
