import { apiDelete, apiPost } from '../../../shared/api.ts';

/** The admin API for partner keys (api/src/partner-api/keys/admin-routes.ts). */

export const API_KEYS_URL = '/api/admin/api-keys';

export type ApiKeyStatus = 'active' | 'revoked';

export interface ApiKeyView {
  id: number;
  name: string;
  domain: string | null;
  dailyRateLimit: number;
  requestCount: number;
  lastRequestAt: string | null;
  /** "active", or anything else, which the screen treats as revoked. */
  status: ApiKeyStatus | string;
  keyPrefix: string;
  createdAt: string;
  revokedAt?: string | null;
}

export interface ApiKeysList {
  apiKeys: ApiKeyView[];
}

export interface NewApiKeyPayload {
  name: string;
  domain: string | null;
  dailyRateLimit: number;
}

export interface CreatedApiKey {
  success: true;
  /** The key itself: in this answer only, never again. */
  apiKey: string;
  name: string;
  key: ApiKeyView;
}

export function createApiKey(payload: NewApiKeyPayload): Promise<CreatedApiKey> {
  return apiPost<CreatedApiKey>(API_KEYS_URL, payload);
}

export function revokeApiKey(id: number): Promise<{ success: true; key: ApiKeyView }> {
  return apiDelete([API_KEYS_URL, id]);
}
