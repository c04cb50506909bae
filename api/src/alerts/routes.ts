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
import { emailUnavailable, subscribeAnswer, type AlertsService } from './alerts-service.ts';
import { addressGroupOf } from '../http/visitor-address.ts';

export interface AlertRoutesOptions {
  alerts: AlertsService;
}

/**
 * POST /api/alerts, /api/alerts/confirm and /api/alerts/unsubscribe (public), registered under /api. The unsubscribe
 * route also reads the form body mail providers POST (RFC 8058: `List-Unsubscribe=One-Click`);
 * only this plugin's routes accept that content type.
 */
export const alertRoutes: FastifyPluginAsyncTypebox<AlertRoutesOptions> = async (app, { alerts }) => {
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
export const alertsUnavailableRoutes: FastifyPluginAsyncTypebox = async (app) => {
  contractRoute(app, SubscribeToAlerts, {}, async () => {
    throw emailUnavailable();
  });
};

/** GET /api/admin/alerts: how many subscriptions there are; never who. Admin only. */
export const adminAlertRoutes: FastifyPluginAsyncTypebox<AlertRoutesOptions> = async (app, { alerts }) => {
  assertAdminAuth(app, 'adminAlertRoutes');
  app.addHook('onRequest', app.requireAdmin);
  contractRoute(app, GetAlertCounts, {}, async () => alerts.counts());
};
