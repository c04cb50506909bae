import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ConfirmAlert,
  DeleteManagedAlert,
  GetAlertCounts,
  GetManagedAlerts,
  SubscribeToAlerts,
  UnsubscribeFromAlerts,
  UpdateManagedAlert,
} from '../../../common/contracts/alerts.ts';
import { assertAdminAuth } from '../admin/auth-plugin.ts';
import { contractRoute } from '../http/contract-route.ts';
import type { errorHandler } from '../http/errors.ts';
import { emailUnavailable, subscribeAnswer, type AlertsService } from './alerts-service.ts';
import { addressGroupOf } from '../http/visitor-address.ts';

export interface AlertRoutesOptions {
  alerts: AlertsService;
  /**
   * How the public alert routes answer a refusal: problem+json (RFC 9457), as the partner API does,
   * so that a page or a program asking for alerts reads why (EMAIL_UNAVAILABLE, AREA_NOT_PUBLISHED)
   * and its explanation's link the same way.
   */
  problem: typeof errorHandler;
}

/**
 * POST /api/alerts, /api/alerts/confirm and /api/alerts/unsubscribe (public), registered under /api. The unsubscribe
 * route also reads the form body mail providers POST (RFC 8058: `List-Unsubscribe=One-Click`);
 * only this plugin's routes accept that content type.
 */
export const alertRoutes: FastifyPluginAsyncTypebox<AlertRoutesOptions> = async (
  app,
  { alerts, problem },
) => {
  app.setErrorHandler(problem);
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  contractRoute(app, SubscribeToAlerts, {}, async (request, reply) => {
    await alerts.subscribe(request.body, addressGroupOf(request));
    return reply.status(202).send({ success: true, message: subscribeAnswer(request.body.locale) });
  });

  contractRoute(app, ConfirmAlert, {}, async (request) => ({
    success: true as const,
    ...(await alerts.confirm(request.body.token)),
  }));

  contractRoute(app, UnsubscribeFromAlerts, {}, async (request) => {
    await alerts.unsubscribe(request.query.token);
    return { success: true as const };
  });

  contractRoute(app, GetManagedAlerts, {}, async (request) => alerts.manage(request.query.token));

  contractRoute(app, UpdateManagedAlert, {}, async (request) =>
    alerts.updateCategories(request.query.token, request.params.id, request.body.categories),
  );

  contractRoute(app, DeleteManagedAlert, {}, async (request) => {
    await alerts.stop(request.query.token, request.params.id);
    return { success: true as const };
  });
};

/**
 * POST /api/alerts of an API built without mail: a 503 that says so, like the one an API with
 * mail but no mail server gives, rather than a 404 a page would read as a broken link.
 */
export const alertsUnavailableRoutes: FastifyPluginAsyncTypebox<Pick<AlertRoutesOptions, 'problem'>> = async (
  app,
  { problem },
) => {
  app.setErrorHandler(problem);
  contractRoute(app, SubscribeToAlerts, {}, async () => {
    throw emailUnavailable();
  });
};

/** GET /api/admin/alerts: how many subscriptions there are; never who. Admin only. */
export const adminAlertRoutes: FastifyPluginAsyncTypebox<Pick<AlertRoutesOptions, 'alerts'>> = async (
  app,
  { alerts },
) => {
  assertAdminAuth(app, 'adminAlertRoutes');
  app.addHook('onRequest', app.requireAdmin);
  contractRoute(app, GetAlertCounts, {}, async () => alerts.counts());
};
