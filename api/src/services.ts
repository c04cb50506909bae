import type { FastifyBaseLogger } from 'fastify';
import type { Sequelize } from 'sequelize';
import type { AppConfig } from '../../common/config/config.ts';
import { createCsewFiguresService } from './clocks/csew-figures-service.ts';
import { createPoliceClockService } from './clocks/police-clock-service.ts';
import { createForceService } from './forces/force-service.ts';
import { createStopSearchService } from './forces/stop-search-service.ts';
import { forwardedRequestHeaders, requestScopedLogger } from './observability/request-context.ts';
import { createApiKeyService } from './partner-api/keys/api-key-service.ts';
import { createDailyLimiter } from './partner-api/limits/daily-limit.ts';
import { createPoliceApiClient, type PoliceApiClient } from './police-data/police-api/client.ts';
import { createPostcodeApiClient } from './postcodes/postcodes-io-client.ts';
import { createPostcodeService } from './postcodes/postcode-service.ts';
import { createAuthService, type AdminAuthOptions } from './admin/auth-service.ts';
import { createImportsService } from './admin/imports-service.ts';
import { createExportService } from './search/export-service.ts';
import { neighbourhoodPlaces } from './search/map-places.ts';
import { createMapService } from './search/map-service.ts';
import { createSearchService } from './search/search-service.ts';
import { createRateLimiter } from './security/rate-limit.ts';

export interface ServicesOptions {
  config: AppConfig;
  sequelize: Sequelize;
  log: FastifyBaseLogger;
  now?: () => number;
  /** The data.police.uk client; tests hand in one aimed at a double. Made from config otherwise. */
  policeApi?: PoliceApiClient;
  /** The app's keyed address hash (`app.addressHash`): sign-in limits and the security log. */
  addressHash: (address: string) => string;
  /** Admin sign-in settings (second-factor key, session timeouts; tests: a cheap hash). */
  adminAuth?: AdminAuthOptions;
}

/**
 * Every service the routes use, made once per app from its configuration: each route plugin is
 * handed the ones it needs, so two features that share a service (the public and the partner
 * search, the rate limits of messages and SMTP tests) share the same instance.
 */
export function composeServices(options: ServicesOptions) {
  const { config, sequelize, log, now, policeApi } = options;
  const remotePostcodes = config.postcodeApiUrl
    ? createPostcodeApiClient({
        baseUrl: config.postcodeApiUrl,
        logger: requestScopedLogger(log),
        requestHeaders: forwardedRequestHeaders,
      })
    : undefined;
  const postcodes = createPostcodeService({ sequelize, remote: remotePostcodes });
  const policeClock = createPoliceClockService({ sequelize });
  // One search for the public search and the partner API: one truth for both.
  const search = createSearchService({ sequelize, postcodes, policeClock, now });
  const rateLimiter = createRateLimiter({ sequelize, now });
  return {
    postcodes,
    search,
    // The public and the partner exports: one export service over the one search.
    exports: createExportService(search),
    maps: createMapService(search, { places: neighbourhoodPlaces(sequelize) }),
    // Recorded imports: the admin area's list and the store gauges read the same service.
    imports: createImportsService({ sequelize }),
    apiKeys: createApiKeyService({ sequelize, now }),
    dailyLimiter: createDailyLimiter({ sequelize, now }),
    rateLimiter,
    // Admin sign-in (users, sessions, second factor), counted by the app's one rate limiter.
    adminAuth: createAuthService({
      sequelize,
      addressHash: options.addressHash,
      now,
      limiter: rateLimiter,
      ...options.adminAuth,
    }),
    forces: createForceService({ sequelize }),
    stopSearch: createStopSearchService({ sequelize }),
    // The process's one data.police.uk client: one rate limit for everyone.
    policeApi:
      policeApi ??
      createPoliceApiClient({
        baseUrl: config.policeApiUrl,
        sequelize,
        logger: requestScopedLogger(log),
        requestHeaders: forwardedRequestHeaders,
      }),
    csewFigures: createCsewFiguresService({ sequelize }),
    policeClock,
  };
}

export type AppServices = ReturnType<typeof composeServices>;
