import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ConfirmSecondFactor,
  DisableSecondFactor,
  GetSecondFactor,
  ListSecurityLog,
  SetUpSecondFactor,
} from '../../../common/contracts/admin.ts';
import { assertAdminAuth } from './auth-plugin.ts';

/**
 * GET /api/admin/security-log, and the signed-in admin's second factor:
 * GET /api/admin/second-factor, POST …/setup (secret + QR code), …/confirm (turns it on: needs
 * the current password and a first code; answers the recovery codes once) and …/disable (needs a
 * current code or a recovery code). Codes and passwords are limited per admin and wrong ones
 * logged, so a stolen session can neither guess them nor turn the factor on by itself.
 */
export const adminSecurityRoutes: FastifyPluginAsyncTypebox = async (app) => {
  assertAdminAuth(app, 'adminSecurityRoutes');
  app.addHook('onRequest', app.requireAdmin);
  const { securityLog, secondFactor, confirmSecondFactor, disableSecondFactor } = app.adminAuth;
  const me = (request: { admin: { userId: number; username: string } | null }) => ({
    id: request.admin!.userId,
    username: request.admin!.username,
  });
  const statusOf = async (userId: number) => {
    const status = await secondFactor.status(userId);
    return {
      ...status,
      enabledAt: status.enabledAt === null ? null : new Date(status.enabledAt).toISOString(),
    };
  };

  app.get(
    '/security-log',
    { schema: { querystring: ListSecurityLog.querystring, response: ListSecurityLog.response } },
    async (request) => {
      const { events, total } = await securityLog.list(request.query);
      return { total, events: events.map((event) => ({ ...event, at: new Date(event.at).toISOString() })) };
    },
  );

  app.get('/second-factor', { schema: { response: GetSecondFactor.response } }, async (request) =>
    statusOf(request.admin!.userId),
  );

  app.post('/second-factor/setup', { schema: { response: SetUpSecondFactor.response } }, async (request) =>
    secondFactor.beginSetup(me(request)),
  );

  app.post(
    '/second-factor/confirm',
    { schema: { body: ConfirmSecondFactor.body, response: ConfirmSecondFactor.response } },
    async (request) => {
      const { code, password } = request.body;
      const recoveryCodes = await confirmSecondFactor(me(request), code, password, request.ip);
      return { success: true as const, recoveryCodes };
    },
  );

  app.post(
    '/second-factor/disable',
    { schema: { body: DisableSecondFactor.body, response: DisableSecondFactor.response } },
    async (request) => {
      await disableSecondFactor(me(request), request.body.code, request.ip);
      return { success: true as const };
    },
  );
};
