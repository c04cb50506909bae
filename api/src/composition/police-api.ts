import type { Sequelize } from 'sequelize';
import { createApiCache } from '../police-data/police-api/cache.ts';
import {
  createPoliceApiClient,
  DEFAULT_RETRY,
  PUBLISHED_RATE_LIMIT,
  type PoliceApiClient,
  type PoliceApiClientOptions,
} from '../police-data/police-api/client.ts';
import { createTokenBucket } from '../police-data/police-api/token-bucket.ts';
import { createTransport, type RetryOptions } from '../police-data/police-api/transport.ts';
import { appVersion } from '../version.ts';

export interface PoliceApiSettings extends Omit<PoliceApiClientOptions, 'cache' | 'transport'> {
  /** e.g. https://data.police.uk/api (config `policeApiUrl`). */
  baseUrl: string;
  sequelize: Sequelize;
  fetch?: typeof fetch;
  /** Per attempt, headers and body included. */
  timeoutMs?: number;
  rateLimit?: { perSecond: number; burst: number };
  retry?: Partial<RetryOptions>;
  userAgent?: string;
  /** Extra headers per call, e.g. the x-request-id of the request the call is made for. */
  requestHeaders?: () => Record<string, string>;
}

/**
 * Part of the composition root (services.ts calls it, nothing else does): the process's one
 * data.police.uk client over its cache and one rate-limited transport.
 */
export function composePoliceApi(settings: PoliceApiSettings): PoliceApiClient {
  const { sequelize, baseUrl, logger, now, ttlMs, forceName } = settings;
  const transport = createTransport({
    baseUrl: baseUrl.replace(/\/+$/, ''),
    fetch: settings.fetch ?? globalThis.fetch,
    bucket: createTokenBucket(settings.rateLimit ?? PUBLISHED_RATE_LIMIT),
    timeoutMs: settings.timeoutMs ?? 10_000,
    retry: { ...DEFAULT_RETRY, ...settings.retry },
    userAgent: settings.userAgent ?? `crime-clock/${appVersion}`,
    logger: logger ?? { warn() {}, debug() {} },
    headers: settings.requestHeaders,
  });
  return createPoliceApiClient({
    cache: createApiCache(sequelize),
    transport,
    logger,
    now,
    ttlMs,
    forceName,
  });
}
