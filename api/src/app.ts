import fastifyCookie from '@fastify/cookie';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyServerOptions, type RouteOptions } from 'fastify';
import type { Sequelize } from 'sequelize';
import type { AppConfig } from '../../common/config/config.ts';
import { adminAuthPlugin } from './admin/auth-plugin.ts';
import { adminMessagesRoutes } from './admin/messages-routes.ts';
import { adminSecurityRoutes } from './admin/security-routes.ts';
import { adminSystemRoutes } from './admin/system-routes.ts';
import type { AlertsService } from './alerts/alerts-service.ts';
import { adminAlertRoutes, alertRoutes, alertsUnavailableRoutes } from './alerts/routes.ts';
import { areaFeedRoutes } from './area-feed/routes.ts';
import type { MonthNoticeConsumer, MonthNoticesDispatcher } from './month-notices/dispatcher.ts';
import { clientConfigRoutes } from './clocks/config-routes.ts';
import { clockRoutes } from './clocks/routes.ts';
import { csewFiguresRoutes } from './clocks/csew-figures-routes.ts';
import { healthRoutes } from './health/routes.ts';
import { oembedRoutes } from './oembed/routes.ts';
import { isSyntheticDefinition } from '../../common/clock/police-definition.ts';
import { clockImageRoutes } from './og-image/routes.ts';
import { observabilityPlugin } from './observability/observability-plugin.ts';
import { REQUEST_ID_HEADER, requestIdOf } from './observability/request-id.ts';
import { RequestLogController } from './observability/request-log.ts';
import { emailRoutes } from './email/email-routes.ts';
import { smtpRoutes } from './email/smtp-routes.ts';
import { dataStatusRoutes } from './data-status/routes.ts';
import type { DataUpdater } from './data-updates/data-updater.ts';
import { dataUpdateRoutes } from './data-updates/routes.ts';
import { forceRoutes, stopSearchRoutes } from './forces/routes.ts';
import { errorHandler, notFound } from './http/errors.ts';
import { partnerProblemHandler } from './partner-api/errors/problem.ts';
import { PARTNER_PATH_PREFIX } from '../../common/contracts/partner.ts';
import { acceptOnlyUtf8Json } from './http/json-body.ts';
import { trustProxyOption } from '../../server-common/addresses/visitor-address.ts';
import { strictValidatorFactory } from './http/validation.ts';
import { apiDocsPlugin } from './partner-api/docs/docs-plugin.ts';
import { apiKeyAdminRoutes } from './partner-api/keys/admin-routes.ts';
import { keyRequestAdminRoutes, keyRequestRoutes } from './partner-api/key-requests/routes.ts';
import { partnerSearchRoutes } from './partner-api/search/routes.ts';
import { webhookAdminRoutes } from './partner-api/webhooks/admin-routes.ts';
import { partnerWebhookRoutes } from './partner-api/webhooks/routes.ts';
import { postcodeRoutes } from './postcodes/routes.ts';
import { searchRoutes } from './search/routes.ts';
import type { AdminAuthOptions } from './composition/admin-auth.ts';
import type { MailServices } from './composition/mail.ts';
import type { WebhookServices } from './composition/webhooks.ts';
import { composeServices, type ServicesOptions } from './services.ts';
import { securityPlugin, type SecurityOptions } from './security/security-plugin.ts';
import { registerStaticUi, wantsAppShell } from './ui-hosting/static-ui.ts';
import { appVersion } from './version.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Sequelize;
    appVersion: string;
    /** The keyed hash of a visitor's address (security/address-hash.ts) under this app's SECRET_KEY. */
    addressHash: (address: string) => string;
    /** The scheduled police data update; run-api.ts starts it once the API listens. */
    dataUpdater: DataUpdater;
    /** Area alerts (with mail only). */
    alerts: AlertsService | undefined;
    /** Announces each newly held month to the alerts and other consumers (with mail only). */
    monthNotices: MonthNoticesDispatcher | undefined;
    /** SMTP settings, the outbox and its worker (with `mail` only); run-api.ts runs the worker. */
    mail: MailServices | undefined;
    /** Partner webhooks and their delivery worker (with `webhooks` only); run-api.ts runs the worker. */
    webhooks: WebhookServices | undefined;
  }
}

export interface AppOptions {
  config: AppConfig;
  sequelize: Sequelize;
  /** Folder of the built UI (dist/ui); omitted in API-only tests. */
  uiDir?: string;
  logger?: FastifyServerOptions['logger'];
  /** Email (SMTP settings, the outbox and its worker, built by the root); omitted in tests that do not need them. */
  mail?: ServicesOptions['mail'];
  security?: SecurityOptions;
  adminAuth?: AdminAuthOptions;
  /** Partner webhooks (service and delivery worker, built by the root); omitted in tests that do not need them. */
  webhooks?: ServicesOptions['webhooks'];
  /** Throttle of the public contact and report posts (tests shorten it). */
  emailThrottle?: { maxPerAddress?: number; windowMs?: number };
  /** The clock the services read; tests move it by hand. */
  now?: () => number;
  /** Sees every route as it is added (tests enumerate the routes with it, e.g. to fuzz them all). */
  onRoute?: (route: RouteOptions) => void;
  /** SECRET_KEY, which keys address hashes and seals stored secrets; omitted in tests without mail. */
  secretKey?: ServicesOptions['secretKey'];
  /** SECRET_KEY_PREVIOUS: keys still read (and rewritten with the current one). */
  previousSecretKeys?: ServicesOptions['previousSecretKeys'];
  /** A data.police.uk client aimed elsewhere (tests: a double); made from config when omitted. */
  policeApi?: ServicesOptions['policeApi'];
  /** The scheduled data update (tests: one with short delays); made from config when omitted. */
  dataUpdater?: DataUpdater;
  /** Told of each newly held month besides the area alerts (partner webhooks). */
  monthNoticeConsumers?: MonthNoticeConsumer[];
  /** false: the month notices are not checked by themselves (tests call `app.monthNotices.runOnce`). */
  monthNoticesLoop?: boolean;
}

/** The API as a plugin tree, without listening: tests drive it with `app.inject`. */
export async function buildApp(options: AppOptions) {
  const { config } = options;
  // The partner API's refusals are problem+json wherever they come from: its routes, the router
  // (an address that does not decode, a parameter too long) or no route at all.
  const partnerProblem = partnerProblemHandler(config.publicOrigin);
  const isPartnerPath = (url: string) => url.startsWith(PARTNER_PATH_PREFIX);
  const answerError: typeof errorHandler = (error, request, reply) =>
    isPartnerPath(request.url) ? partnerProblem(error, request, reply) : errorHandler(error, request, reply);
  const app = Fastify({
    logger: options.logger ?? false,
    frameworkErrors: answerError,
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 256 * 1024,
    // The proxy's id only when it is sane; one log line per completed request.
    requestIdHeader: false,
    genReqId: requestIdOf,
    logController: new RequestLogController(),
    ajv: { customOptions: { removeAdditional: 'all', allErrors: false } },
    // Body as sent, query and path text read as numbers where a number belongs; no NUL, no Infinity.
    schemaController: { compilersFactory: { buildValidator: strictValidatorFactory() } },
    // A client that sends its headers or its request slowly, or keeps an idle connection, is cut
    // off: thousands of such connections must not hold the API's descriptors and memory.
    http: {
      headersTimeout: config.httpHeadersTimeoutSeconds * 1000,
      connectionsCheckingInterval: Math.min(1000, config.httpHeadersTimeoutSeconds * 1000),
    },
    requestTimeout: config.httpRequestTimeoutSeconds * 1000,
    keepAliveTimeout: config.httpKeepAliveTimeoutSeconds * 1000,
  }).withTypeProvider<TypeBoxTypeProvider>();

  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  const services = composeServices({
    config,
    sequelize: options.sequelize,
    log: app.log,
    now: options.now,
    policeApi: options.policeApi,
    secretKey: options.secretKey,
    previousSecretKeys: options.previousSecretKeys,
    adminAuth: options.adminAuth,
    mail: options.mail,
    webhooks: options.webhooks,
    dataUpdater: options.dataUpdater,
    monthNoticeConsumers: options.monthNoticeConsumers,
  });
  app.decorate('config', config);
  app.decorate('db', options.sequelize);
  app.decorate('appVersion', appVersion);
  app.decorate('addressHash', services.addressHash);
  services.connectionCap.attach(app.server);

  app.setErrorHandler(answerError);
  acceptOnlyUtf8Json(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  const { imports, dataUpdater, mail } = services;
  app.decorate('dataUpdater', dataUpdater);
  app.decorate('mail', mail);
  app.decorate('webhooks', services.webhooks);
  app.addHook('onClose', () => dataUpdater.stop());
  await app.register(observabilityPlugin, { metrics: services.metrics });

  await app.register(fastifyCookie);
  await app.register(securityPlugin, options.security ?? {});
  // Before the routes it documents: it collects their schemas as they register.
  await app.register(apiDocsPlugin);
  await app.register(adminAuthPlugin, { auth: services.adminAuth });
  await app.register(adminSystemRoutes, { prefix: '/api/admin', imports });
  await app.register(adminSecurityRoutes, { prefix: '/api/admin', auth: services.adminAuth });
  await app.register(apiKeyAdminRoutes, { prefix: '/api/admin', keys: services.apiKeys });
  await app.register(keyRequestAdminRoutes, { prefix: '/api/admin', requests: services.keyRequests });
  await app.register(keyRequestRoutes, { prefix: '/api', requests: services.keyRequests });
  await app.register(dataUpdateRoutes, { prefix: '/api/admin', updater: dataUpdater });
  if (mail) {
    await app.register(adminMessagesRoutes, {
      prefix: '/api/admin',
      outbox: mail.outbox,
      onRetry: mail.wakeWorker,
    });
    await app.register(smtpRoutes, {
      prefix: '/api/smtp',
      smtpSettings: mail.smtpSettings,
      timeouts: mail.timeouts,
      onSaved: mail.onSettingsSaved,
      limiter: services.rateLimiter,
      addressHash: services.addressHash,
    });
    await app.register(emailRoutes, {
      prefix: '/api/email',
      outbox: mail.outbox,
      onQueued: mail.wakeWorker,
      limiter: services.rateLimiter,
      addressHash: services.addressHash,
      securityLog: services.adminAuth.securityLog,
      ...options.emailThrottle,
    });
  }
  await app.register(healthRoutes, { prefix: '/api' });

  const { search, postcodes, csewFigures, cached, exportGate, inFlight } = services;
  await app.register(searchRoutes, {
    prefix: '/api',
    search,
    exports: services.exports,
    maps: services.maps,
    exportGate,
    searches: inFlight.searches,
    mapReads: inFlight.mapReads,
    cached,
  });
  await app.register(partnerSearchRoutes, {
    prefix: '/api',
    search,
    exports: services.exports,
    exportGate,
    keys: services.apiKeys,
    limiter: services.dailyLimiter,
    searches: inFlight.partnerSearches,
  });
  if (services.webhooks) {
    const webhooks = services.webhooks.service;
    await app.register(partnerWebhookRoutes, {
      prefix: '/api',
      keys: services.apiKeys,
      limiter: services.dailyLimiter,
      webhooks,
    });
    await app.register(webhookAdminRoutes, { prefix: '/api/admin', webhooks });
  }
  await app.register(postcodeRoutes, { prefix: '/api', postcodes });
  await app.register(forceRoutes, {
    prefix: '/api',
    forces: services.forces,
    policeApi: services.policeApi,
    cached,
  });
  await app.register(oembedRoutes, {
    prefix: '/api',
    cached,
    policeSynthetic: async () => {
      const definition = await services.policeClock.definition();
      return definition !== null && isSyntheticDefinition(definition.meta);
    },
  });
  await app.register(clockImageRoutes, {
    prefix: '/api',
    images: services.images,
    drawings: inFlight.clockImages,
  });
  await app.register(stopSearchRoutes, { prefix: '/api', stopSearch: services.stopSearch });
  await app.register(dataStatusRoutes, {
    prefix: '/api',
    dataStatus: services.dataStatus,
    cached: services.dataStatusCached,
  });
  await app.register(areaFeedRoutes, {
    prefix: '/api',
    feeds: services.feeds,
    reads: inFlight.feedReads,
    cached: services.feedCached,
  });
  // Area alerts and their month notices exist only with mail and SECRET_KEY's secret box.
  const { alerts, monthNotices } = services;
  if (alerts && monthNotices) {
    await app.register(alertRoutes, { prefix: '/api', alerts, problem: partnerProblem });
    await app.register(adminAlertRoutes, { prefix: '/api/admin', alerts });
    if (options.monthNoticesLoop !== false) {
      app.addHook('onReady', async () => monthNotices.start());
      app.addHook('onClose', async () => monthNotices.stop());
    }
  } else {
    await app.register(alertsUnavailableRoutes, { prefix: '/api', problem: partnerProblem });
  }
  app.decorate('alerts', alerts);
  app.decorate('monthNotices', monthNotices);
  await app.register(clientConfigRoutes, {
    prefix: '/api',
    emailAlerts: async () => (alerts && monthNotices ? alerts.emailAvailable() : false),
  });
  await app.register(csewFiguresRoutes, { prefix: '/api/admin', figures: csewFigures, now: options.now });
  await app.register(clockRoutes, {
    prefix: '/api',
    policeClock: services.policeClock,
    search,
    csewFigures,
    areaReads: inFlight.searches,
    isRealtimeRead: services.isRealtimeRead,
    dataVersion: services.dataVersion,
  });
  const publisher = services.dataVersionPublisher;
  if (publisher) {
    app.addHook('onReady', async () => publisher.start());
    app.addHook('onClose', () => publisher.stop());
  }

  const appShell = options.uiDir ? await registerStaticUi(app, options.uiDir) : undefined;
  app.setNotFoundHandler((request, reply) => {
    if (appShell && wantsAppShell(request)) return appShell.send(request, reply);
    const message = `Not found: ${request.method} ${request.url.split('?')[0]}`;
    if (isPartnerPath(request.url)) return partnerProblem(notFound(message), request, reply);
    return reply.status(404).send({
      success: false,
      error: message,
      code: 'NOT_FOUND',
    });
  });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
