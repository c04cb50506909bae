import type { FastifyBaseLogger } from 'fastify';
import type { Sequelize } from 'sequelize';
import type { AppConfig } from '../../common/config/config.ts';
import { addressHash, ephemeralAddressKey } from '../../server-common/security/address-hash.ts';
import { realtimeReadCheck } from '../../server-common/security/realtime-reads.ts';
import { createSecretBox, type SecretBox, type SecretKey } from '../../server-common/security/secret-box.ts';
import { createAlertMailer, registerAlertComposers } from './alerts/alert-mailer.ts';
import { alertAreaResolver } from './alerts/alert-area.ts';
import { createAlertsService } from './alerts/alerts-service.ts';
import { createAreaFeedService } from './area-feed/feed-service.ts';
import { clockDataVersion, createDataVersionPublisher } from './clocks/data-version.ts';
import { createDataStatusService } from './data-status/data-status-service.ts';
import { alertAdminsThrough } from './data-updates/admin-alert.ts';
import { CHECK_LEASE, createDataUpdater, type DataUpdater } from './data-updates/data-updater.ts';
import { importProcess } from './data-updates/import-process.ts';
import { readDataUpdateState } from './db/data-update-checks.ts';
import { leases, windowCounters } from './db/window-counters.ts';
import { createOutbox } from './email/outbox.ts';
import { cachedByDataVersion } from './http/etag.ts';
import { createInFlightPerAddress } from './http/in-flight-per-address.ts';
import {
  createMonthNoticesDispatcher,
  MONTH_NOTICES_LEASE,
  type MonthNoticeConsumer,
} from './month-notices/dispatcher.ts';
import { createClockImageService } from './og-image/clock-image-service.ts';
import type { SearchService } from './search/search-service.ts';
import { appVersion } from './version.ts';
import { createCsewFiguresService } from './clocks/csew-figures-service.ts';
import { createPoliceClockService } from './clocks/police-clock-service.ts';
import { createForceService } from './forces/force-service.ts';
import { createStopSearchService } from './forces/stop-search-service.ts';
import { forwardedRequestHeaders, requestScopedLogger } from './observability/request-context.ts';
import { createApiKeyService } from './partner-api/keys/api-key-service.ts';
import { createDailyLimiter } from './partner-api/limits/daily-limit.ts';
import { createKeyRequestService } from './partner-api/key-requests/key-request-service.ts';
import { registerKeyRequestComposers } from './partner-api/key-requests/key-request-mail.ts';
import type { PoliceApiClient } from './police-data/police-api/client.ts';
import { createLeaseService, IMPORT_LEASE, type LeaseService } from './police-data/import/import-lease.ts';
import { createPostcodeApiClient } from './postcodes/postcodes-io-client.ts';
import { createPostcodeService } from './postcodes/postcode-service.ts';
import { createImportsService } from './admin/imports-service.ts';
import { createExportService } from './search/export-service.ts';
import { neighbourhoodPlaces } from './search/map-places.ts';
import { createMapService } from './search/map-service.ts';
import { createSearchService } from './search/search-service.ts';
import { createRateLimiter } from './security/rate-limit.ts';
import { composeAdminAuth, type AdminAuthOptions } from './composition/admin-auth.ts';
import { composeCaches } from './composition/caches.ts';
import { composeExportGate } from './composition/export-gate.ts';
import { composeMailServices, type MailServices, type MailServicesOptions } from './composition/mail.ts';
import { composePoliceApi } from './composition/police-api.ts';
import {
  composeWebhooks,
  type WebhookServices,
  type WebhookServicesOptions,
} from './composition/webhooks.ts';
import { createConnectionCap } from './http/connection-cap.ts';
import { createApiMetrics, type ApiMetrics } from './observability/metrics.ts';

export interface ServicesOptions {
  config: AppConfig;
  sequelize: Sequelize;
  log: FastifyBaseLogger;
  now?: () => number;
  /** The data.police.uk client; tests hand in one aimed at a double. Made from config otherwise. */
  policeApi?: PoliceApiClient;
  /**
   * SECRET_KEY: it keys address hashes and seals stored secrets (SMTP password, webhook secrets,
   * subscribers' addresses, second factors). Omitted in tests: a random address key per process
   * and no secret box (so no mail, webhooks, alerts or second factor).
   */
  secretKey?: SecretKey;
  /** SECRET_KEY_PREVIOUS: keys whose sealed values are still read, and rewritten with the current one. */
  previousSecretKeys?: readonly SecretKey[];
  /** Admin sign-in settings (session timeouts, throttle, hash pool; tests: a cheap hash). */
  adminAuth?: AdminAuthOptions;
  /** Email (SMTP settings, the outbox and its worker), with SECRET_KEY; config's settings unless tuned. */
  mail?: MailTuning;
  /** Partner webhooks (service and delivery worker), with SECRET_KEY; config's settings unless tuned. */
  webhooks?: WebhookTuning;
  /** The scheduled data update (tests: one with short delays); made from config when omitted. */
  dataUpdater?: DataUpdater;
  /** Told of each newly held month besides the area alerts (partner webhooks). */
  monthNoticeConsumers?: MonthNoticeConsumer[];
}

/** What a caller may set of the mail services beyond config (tests: short timeouts, a test port). */
export type MailTuning = Partial<Omit<MailServicesOptions, 'sequelize' | 'secretBox' | 'now'>>;
/** What a caller may set of the webhooks beyond config (tests: private addresses, short retries). */
export type WebhookTuning = Partial<Omit<WebhookServicesOptions, 'sequelize' | 'secretBox' | 'now'>>;

/**
 * The composition root, so each is built once and the same way: every service, limiter, cache and
 * worker the API process uses, made once per app from its configuration and SECRET_KEY, here or in
 * the `compose*` helpers of composition/ that only this module calls. `buildApp` only decorates the
 * app with them, hands each route plugin the ones it needs and adds the lifecycle hooks; run-api.ts
 * only starts and stops the workers. Two features that share a service (the public and the partner
 * search, the rate limits of messages and SMTP tests) share the same instance; no service module
 * builds another (composition.test.ts).
 */
export function composeServices(options: ServicesOptions) {
  const { config, sequelize, log, now } = options;
  const addressKey = options.secretKey?.key ?? ephemeralAddressKey();
  const hashAddress = (address: string) => addressHash(address, addressKey);
  const secretBox = options.secretKey
    ? createSecretBox(options.secretKey, options.previousSecretKeys)
    : undefined;
  const caches = composeCaches({ now });
  const core = coreServices(options, { hashAddress, secretBox, caches });
  const { search, csewFigures } = core;
  const { mail, webhooks } = processWorkers(options, secretBox);
  // The mail services' outbox; an app built without mail (tests, tools) still reports the
  // backlog, through a reader of the same table.
  const outbox = mail?.outbox ?? createOutbox({ sequelize });
  const metrics = createApiMetrics({
    store: {
      outboxBacklog: outbox.backlog,
      importsSummary: core.imports.summary,
      dataUpdateLastSuccessAt: async () => (await readDataUpdateState(sequelize)).lastSuccessAt,
    },
    log,
    now,
  });
  // One import lease, on the app's clock, for the data updater and the month notices (which wait
  // while an import runs).
  const importLease = createLeaseService(sequelize, { name: IMPORT_LEASE, now });
  const dataUpdater =
    options.dataUpdater ?? dataUpdaterOf(options, { mail, metrics, policeApi: core.policeApi, importLease });
  const dataVersion = clockDataVersion(core.policeClock, csewFigures);
  // Answers that change only with an import: a minute in any cache, then a cheap 304 while the
  // data version stands (forces, available dates).
  const cached = cachedByDataVersion({ version: dataVersion, release: appVersion, maxAgeSeconds: 60 });
  // The expensive reads' places per address, shared by every API node through the database.
  const places = leases(sequelize);
  // Keyed by the app's address hash, like every other per-address limit: no bucket holds an
  // address, nor a hash anyone could reverse by hashing every address.
  const inFlight = (name: string, perAddress: number, what: string) =>
    createInFlightPerAddress({
      leases: places,
      addressHash: hashAddress,
      name,
      perAddress,
      refusal: { code: 'TOO_MANY_AT_ONCE', what, retryAfterSeconds: 1 },
    });
  const dataStatus = createDataStatusService({ sequelize, checks: dataUpdater });
  // Links in mails and feeds name the site by PUBLIC_ORIGIN, never by a request's Host header.
  const linkOrigin = config.publicOrigin ?? `http://localhost:${config.apiPort}`;
  // Partners' key requests are kept whether or not mail works; the decisions wait in the outbox.
  const keyRequests = createKeyRequestService({
    sequelize,
    keys: core.apiKeys,
    outbox,
    limiter: core.rateLimiter,
    hashAddress,
    mailAvailable: async () => (mail ? (await mail.smtpSettings.view()) !== null : false),
    onQueued: mail?.wakeWorker,
    now,
  });
  if (mail) registerKeyRequestComposers(mail.worker, keyRequests, linkOrigin);
  return {
    ...core,
    addressHash: hashAddress,
    // The realtime server's reads carry a token of the same key; a random key here matches none.
    isRealtimeRead: realtimeReadCheck(addressKey),
    mail,
    webhooks,
    outbox,
    keyRequests,
    dataUpdater,
    dataVersion,
    cached,
    metrics,
    // Open connections per address, counted on the app's server once buildApp attaches it.
    connectionCap: createConnectionCap({
      maxPerAddress: config.apiMaxConnectionsPerAddress,
      trustProxy: config.trustProxy,
      log,
      hashAddress,
      now,
    }),
    exportGate: composeExportGate({
      atOnce: config.exportsAtOnce,
      perAddress: config.exportsPerAddress,
      leases: places,
      addressHash: hashAddress,
      idleMs: config.exportIdleTimeoutSeconds * 1000,
    }),
    inFlight: {
      searches: inFlight('search', config.searchesPerAddress, 'searches'),
      mapReads: inFlight('map', config.mapReadsPerAddress, 'map reads'),
      partnerSearches: inFlight('partner-search', config.searchesPerAddress, 'searches with one key'),
      clockImages: inFlight('og-image', config.searchesPerAddress, 'clock images'),
      feedReads: inFlight('feed', config.searchesPerAddress, 'feed reads'),
    },
    images: createClockImageService({ ...core, search, drawn: caches.clockImages, now }),
    dataStatus,
    dataStatusCached: cachedByDataVersion({
      version: async () => `${await dataVersion()}|${await dataStatus.stamp()}`,
      release: appVersion,
      maxAgeSeconds: 60,
    }),
    feeds: createAreaFeedService({ sequelize, search, origin: linkOrigin }),
    feedCached: cachedByDataVersion({ version: dataVersion, release: appVersion, maxAgeSeconds: 900 }),
    ...alertsOf(options, {
      ...core,
      mail,
      webhooks,
      secretBox,
      addressKey,
      hashAddress,
      dataVersion,
      linkOrigin,
      importLease,
    }),
    // With Redis, the realtime nodes hear of new data by publish (started when the app is ready).
    dataVersionPublisher: config.redisUrl
      ? createDataVersionPublisher({ read: dataVersion, redisUrl: config.redisUrl, log })
      : undefined,
  };
}

/**
 * Email and partner webhooks, when asked for: both seal secrets with SECRET_KEY's box. run-api.ts
 * starts their workers once the API listens and stops them on shutdown.
 */
function processWorkers(options: ServicesOptions, secretBox: SecretBox | undefined) {
  const { config, sequelize, now } = options;
  if (!secretBox) {
    if (options.mail || options.webhooks) {
      throw new Error('Mail and webhooks seal secrets with SECRET_KEY: compose them with a secretKey.');
    }
    return { mail: undefined, webhooks: undefined };
  }
  const mail = options.mail
    ? composeMailServices({
        sequelize,
        secretBox,
        now,
        retryDelayMs: config.outboxRetrySeconds * 1000,
        allowedPorts: config.smtpAllowedPorts,
        ...options.mail,
      })
    : undefined;
  const webhooks = options.webhooks
    ? composeWebhooks({
        sequelize,
        secretBox,
        now,
        allowPrivate: config.webhookAllowPrivateAddresses,
        ...options.webhooks,
      })
    : undefined;
  return { mail, webhooks };
}

/** What the root has built before the core services, for them. */
interface CoreWiring {
  hashAddress: (address: string) => string;
  secretBox: SecretBox | undefined;
  /** The node's in-memory caches (composition/caches.ts). */
  caches: Pick<ReturnType<typeof composeCaches>, 'areaClocks' | 'rateCounts' | 'loginRefunds'>;
}

/**
 * The services every app has, whatever was handed in: the search and what reads through it, the
 * limiters, the admin sign-in, the police data.
 */
function coreServices(options: ServicesOptions, built: CoreWiring) {
  const { hashAddress, secretBox, caches } = built;
  const { areaClocks } = caches;
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
  const search = createSearchService({ sequelize, postcodes, policeClock, areaClocks, now });
  // Its counts in the shared `rate_limits` table, which every API node reads.
  const rateLimiter = createRateLimiter({
    counters: windowCounters(sequelize),
    local: caches.rateCounts,
    now,
  });
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
    adminAuth: composeAdminAuth({
      sequelize,
      addressHash: hashAddress,
      now,
      limiter: rateLimiter,
      loginRefunds: caches.loginRefunds,
      secretBox,
      ...options.adminAuth,
    }),
    forces: createForceService({ sequelize }),
    stopSearch: createStopSearchService({ sequelize }),
    // The process's one data.police.uk client: one rate limit for everyone.
    policeApi:
      policeApi ??
      composePoliceApi({
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
  mail: MailServices | undefined;
  webhooks: WebhookServices | undefined;
  secretBox: SecretBox | undefined;
  rateLimiter: ReturnType<typeof coreServices>['rateLimiter'];
  addressKey: Buffer;
  hashAddress: (address: string) => string;
  dataVersion: () => Promise<string>;
  linkOrigin: string;
  importLease: LeaseService;
}

/**
 * Area alerts and the month notices that send them: only with mail, and with SECRET_KEY's secret
 * box, which seals the subscribers' addresses.
 */
function alertsOf(options: ServicesOptions, wiring: AlertsWiring) {
  const { sequelize, now, log } = options;
  const { search, mail, secretBox } = wiring;
  if (!mail || !secretBox) return { alerts: undefined, monthNotices: undefined };
  const alerts = createAlertsService({
    sequelize,
    secretBox,
    secretKey: wiring.addressKey,
    outbox: mail.outbox,
    mailServerConfigured: async () => (await mail.smtpSettings.view()) !== null,
    limiter: wiring.rateLimiter,
    hashAddress: wiring.hashAddress,
    resolveArea: alertAreaResolver(search),
    onQueued: mail.wakeWorker,
    now,
  });
  registerAlertComposers(mail.worker, alerts, wiring.linkOrigin);
  const monthNotices = createMonthNoticesDispatcher({
    sequelize,
    lease: createLeaseService(sequelize, { name: MONTH_NOTICES_LEASE, now }),
    importLease: wiring.importLease,
    dataVersion: wiring.dataVersion,
    consumers: [
      createAlertMailer({ alerts, search, outbox: mail.outbox, onQueued: mail.wakeWorker, log }),
      // Partners' webhooks hear of each month with the same notice as the subscribers.
      ...(wiring.webhooks ? [wiring.webhooks.monthImportedConsumer()] : []),
      ...(options.monthNoticeConsumers ?? []),
    ],
    housekeeping: async () => void (await alerts.sweep()),
    now,
    log,
  });
  return { alerts, monthNotices };
}

/** The scheduled update from config: the import runs as a child `npm run import`; alerts go through the outbox. */
function dataUpdaterOf(
  options: ServicesOptions,
  {
    mail,
    metrics,
    policeApi,
    importLease,
  }: {
    mail: MailServices | undefined;
    metrics: ApiMetrics;
    policeApi: PoliceApiClient;
    importLease: LeaseService;
  },
): DataUpdater {
  const { config, sequelize, now } = options;
  return createDataUpdater({
    sequelize,
    checkLease: createLeaseService(sequelize, { name: CHECK_LEASE, now }),
    importLease,
    // The process's one data.police.uk client: the check shares its rate limit.
    policeApi,
    archiveUrl: config.policeArchiveUrl,
    intervalMinutes: config.dataUpdateIntervalMinutes,
    runImport: importProcess({ databaseUrl: config.databaseUrl }),
    log: options.log,
    metrics,
    now,
    ...(mail && { alertAdmins: alertAdminsThrough(mail) }),
  });
}
