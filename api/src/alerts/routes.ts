import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ConfirmAlert,
  GetAlertCounts,
  SubscribeToAlerts,
  UnsubscribeFromAlerts,
} from '../../../common/contracts/alerts.ts';
import type { ResponseOf } from '../../../common/contracts/endpoint.ts';
import { assertAdminAuth } from '../admin/auth-plugin.ts';
import { subscribeAnswer, type AlertsService } from './alerts-service.ts';

export interface AlertRoutesOptions {
  alerts: AlertsService;
}

/**
 * POST /api/alerts, /api/alerts/confirm and /api/alerts/unsubscribe (public). The unsubscribe
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

  app.post(
    '/',
    { schema: { body: SubscribeToAlerts.body, response: SubscribeToAlerts.response } },
    async (request, reply) => {
      await alerts.subscribe(request.body, request.ip);
      return reply.status(202).send({ success: true, message: subscribeAnswer(request.body.locale) });
    },
  );

  app.post(
    '/confirm',
    { schema: { body: ConfirmAlert.body } },
    async (request): Promise<ResponseOf<typeof ConfirmAlert>> => ({
      success: true,
      ...(await alerts.confirm(request.body.token)),
    }),
  );

  app.post(
    '/unsubscribe',
    { schema: { querystring: UnsubscribeFromAlerts.querystring } },
    async (request): Promise<ResponseOf<typeof UnsubscribeFromAlerts>> => {
      await alerts.unsubscribe(request.query.token);
      return { success: true };
    },
  );
};

/** GET /api/admin/alerts: how many subscriptions there are; never who. Admin only. */
export const adminAlertRoutes: FastifyPluginAsyncTypebox<AlertRoutesOptions> = async (app, { alerts }) => {
  assertAdminAuth(app, 'adminAlertRoutes');
  app.addHook('onRequest', app.requireAdmin);
  app.get('/alerts', { schema: { response: GetAlertCounts.response } }, async () => alerts.counts());
};
