import type { FastifyBaseLogger } from 'fastify';
import type { Sequelize } from 'sequelize';
import { clockAreaSearch } from '../../common/clock/area.ts';
import type { AppConfig } from '../../common/config/config.ts';
import { addressHash, ephemeralAddressKey } from '../../server-common/security/address-hash.ts';
import { realtimeReadCheck } from '../../server-common/security/realtime-reads.ts';
import type { SecretBox } from '../../server-common/security/secret-box.ts';
import { createAlertMailer, registerAlertComposers } from './alerts/alert-mailer.ts';
import { createAlertsService } from './alerts/alerts-service.ts';
import { createAreaFeedService } from './area-feed/feed-service.ts';
import { clockDataVersion, createDataVersionPublisher } from './clocks/data-version.ts';
import { createDataStatusService } from './data-status/data-status-service.ts';
import { alertAdminsThrough } from './data-updates/admin-alert.ts';
import { createDataUpdater, type DataUpdater } from './data-updates/data-updater.ts';
import { importProcess } from './data-updates/import-process.ts';
import { leases } from './db/window-counters.ts';
import type { MailServices } from './email/mail-services.ts';
import { createOutbox } from './email/outbox.ts';
import { cachedByDataVersion } from './http/etag.ts';
import { createInFlightPerAddress } from './http/in-flight-per-address.ts';
import { createMonthNoticesDispatcher, type MonthNoticeConsumer } from './month-notices/dispatcher.ts';
import { createClockImageService } from './og-image/clock-image-service.ts';
import type { WebhookServices } from './partner-api/webhooks/index.ts';
import { createExportGate } from './search/export-gate.ts';
import type { SearchService } from './search/search-service.ts';
import { appVersion } from './version.ts';
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
  /** SECRET_KEY's bytes, which key address hashes; omitted in tests (a random key per process). */
  secretKey?: Buffer;
  /** Admin sign-in settings (second-factor key, session timeouts; tests: a cheap hash). */
  adminAuth?: AdminAuthOptions;
  /** Email: SMTP settings, the outbox and its worker (run-api.ts); omitted in tests without mail. */
  mail?: MailServices;
  /** Partner webhooks (service and delivery worker, run-api.ts); omitted in tests without them. */
  webhooks?: WebhookServices;
  /** The scheduled data update (tests: one with short delays); made from config when omitted. */
  dataUpdater?: DataUpdater;
  /** Seals stored secrets with SECRET_KEY (subscribers' addresses); the admin sign-in's when omitted. */
  secretBox?: SecretBox;
  /** Told of each newly held month besides the area alerts (partner webhooks). */
  monthNoticeConsumers?: MonthNoticeConsumer[];
}

/**
 * The composition root (issue 31): every service, limiter, cache and worker the app uses, made
 * once per app from its configuration. `buildApp` only decorates the app with them, hands each
 * route plugin the ones it needs and adds the lifecycle hooks; two features that share a service
 * (the public and the partner search, the rate limits of messages and SMTP tests) share the same
 * instance. Process-level services (mail, webhooks) are made in run-api.ts and handed in.
 */
export function composeServices(options: ServicesOptions) {
  const { config, sequelize, log, now } = options;
  const addressKey = options.secretKey ?? ephemeralAddressKey();
  const hashAddress = (address: string) => addressHash(address, addressKey);
  const core = coreServices(options, hashAddress);
  const { search, csewFigures } = core;
  // The mail services' outbox (built once, in email/mail-services.ts); an app built without mail
  // (tests, tools) still reports the backlog, through a reader of the same table.
  const outbox = options.mail?.outbox ?? createOutbox({ sequelize });
  const dataUpdater = options.dataUpdater ?? dataUpdaterOf(options);
  const dataVersion = clockDataVersion(core.policeClock, csewFigures);
  // Answers that change only with an import: a minute in any cache, then a cheap 304 while the
  // data version stands (forces, available dates).
  const cached = cachedByDataVersion({ version: dataVersion, release: appVersion, maxAgeSeconds: 60 });
  // The expensive reads' places per address, shared by every API node through the database.
  const places = leases(sequelize);
  const inFlight = (name: string, perAddress: number, what: string) =>
    createInFlightPerAddress({
      leases: places,
      name,
      perAddress,
      refusal: { code: 'TOO_MANY_AT_ONCE', what, retryAfterSeconds: 1 },
    });
  const dataStatus = createDataStatusService({ sequelize, checks: dataUpdater });
  // Links in mails and feeds name the site by PUBLIC_ORIGIN, never by a request's Host header.
  const linkOrigin = config.publicOrigin ?? `http://localhost:${config.apiPort}`;
  return {
    ...core,
    addressHash: hashAddress,
    // The realtime server's reads carry a token of the same key; a random key here matches none.
    isRealtimeRead: realtimeReadCheck(addressKey),
    outbox,
    dataUpdater,
    dataVersion,
    cached,
    exportGate: createExportGate({
      atOnce: config.exportsAtOnce,
      perAddress: config.exportsPerAddress,
      leases: places,
      idleMs: config.exportIdleTimeoutSeconds * 1000,
    }),
    inFlight: {
      searches: inFlight('search', config.searchesPerAddress, 'searches'),
      mapReads: inFlight('map', config.mapReadsPerAddress, 'map reads'),
      partnerSearches: inFlight('partner-search', config.searchesPerAddress, 'searches with one key'),
      clockImages: inFlight('og-image', config.searchesPerAddress, 'clock images'),
      feedReads: inFlight('feed', config.searchesPerAddress, 'feed reads'),
    },
    images: createClockImageService({ ...core, search, now }),
    dataStatus,
    dataStatusCached: cachedByDataVersion({
      version: async () => `${await dataVersion()}|${await dataStatus.stamp()}`,
      release: appVersion,
      maxAgeSeconds: 60,
    }),
    feeds: createAreaFeedService({ sequelize, search, origin: linkOrigin }),
    feedCached: cachedByDataVersion({ version: dataVersion, release: appVersion, maxAgeSeconds: 900 }),
    ...alertsOf(options, { ...core, addressKey, hashAddress, dataVersion, linkOrigin }),
    // With Redis, the realtime nodes hear of new data by publish (started when the app is ready).
    dataVersionPublisher: config.redisUrl
      ? createDataVersionPublisher({ read: dataVersion, redisUrl: config.redisUrl, log })
      : undefined,
  };
}

/**
 * The services every app has, whatever was handed in: the search and what reads through it, the
 * limiters, the admin sign-in, the police data.
 */
function coreServices(options: ServicesOptions, hashAddress: (address: string) => string) {
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
      addressHash: hashAddress,
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

interface AlertsWiring {
  search: SearchService;
  rateLimiter: ReturnType<typeof coreServices>['rateLimiter'];
  addressKey: Buffer;
  hashAddress: (address: string) => string;
  dataVersion: () => Promise<string>;
  linkOrigin: string;
}

/**
 * Area alerts and the month notices that send them: only with mail, and with SECRET_KEY's secret
 * box, which seals the subscribers' addresses.
 */
function alertsOf(options: ServicesOptions, wiring: AlertsWiring) {
  const { sequelize, mail, now, log } = options;
  const secretBox = options.secretBox ?? options.adminAuth?.secretBox;
  if (!mail || !secretBox) return { alerts: undefined, monthNotices: undefined };
  const { search } = wiring;
  const alerts = createAlertsService({
    sequelize,
    secretBox,
    secretKey: wiring.addressKey,
    outbox: mail.outbox,
    limiter: wiring.rateLimiter,
    hashAddress: wiring.hashAddress,
    resolveArea: async (area) => ({ area, label: (await search.resolve(clockAreaSearch(area))).label }),
    onQueued: mail.wakeWorker,
    now,
  });
  registerAlertComposers(mail.worker, alerts, wiring.linkOrigin);
  const monthNotices = createMonthNoticesDispatcher({
    sequelize,
    dataVersion: wiring.dataVersion,
    consumers: [
      createAlertMailer({ alerts, search, outbox: mail.outbox, onQueued: mail.wakeWorker, log }),
      // Partners' webhooks hear of each month with the same notice as the subscribers.
      ...(options.webhooks ? [options.webhooks.monthImportedConsumer()] : []),
      ...(options.monthNoticeConsumers ?? []),
    ],
    housekeeping: async () => void (await alerts.sweep()),
    now,
    log,
  });
  return { alerts, monthNotices };
}

/** The scheduled update from config: the import runs as a child `npm run import`; alerts go through the outbox. */
function dataUpdaterOf(options: ServicesOptions): DataUpdater {
  const { config, mail } = options;
  return createDataUpdater({
    sequelize: options.sequelize,
    policeApiUrl: config.policeApiUrl,
    archiveUrl: config.policeArchiveUrl,
    intervalMinutes: config.dataUpdateIntervalMinutes,
    runImport: importProcess({ databaseUrl: config.databaseUrl }),
    log: options.log,
    now: options.now,
    ...(mail && { alertAdmins: alertAdminsThrough(mail) }),
  });
}

export type AppServices = ReturnType<typeof composeServices>;
