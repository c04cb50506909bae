import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ConfirmSecondFactor,
  DisableSecondFactor,
  GetSecondFactor,
  ListSecurityLog,
  SetUpSecondFactor,
} from '../../../common/contracts/admin.ts';
import { assertAdminAuth } from './auth-plugin.ts';
import type { AuthService } from './auth-service.ts';
import { contractRoute } from '../http/contract-route.ts';
import { addressGroupOf } from '../http/visitor-address.ts';

export interface AdminSecurityRoutesOptions {
  /** The app's one admin sign-in (services.ts): its security log and second factor. */
  auth: Pick<AuthService, 'securityLog' | 'secondFactor' | 'confirmSecondFactor' | 'disableSecondFactor'>;
}

/**
 * GET /api/admin/security-log, and the signed-in admin's second factor:
 * GET /api/admin/second-factor, POST …/setup (secret + QR code), …/confirm (turns it on: needs
 * the current password and a first code; answers the recovery codes once) and …/disable (needs a
 * current code or a recovery code). Codes and passwords are limited per admin and wrong ones
 * logged, so a stolen session can neither guess them nor turn the factor on by itself.
 */
export const adminSecurityRoutes: FastifyPluginAsyncTypebox<AdminSecurityRoutesOptions> = async (
  app,
  { auth },
) => {
  assertAdminAuth(app, 'adminSecurityRoutes');
  app.addHook('onRequest', app.requireAdmin);
  const { securityLog, secondFactor, confirmSecondFactor, disableSecondFactor } = auth;
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

  contractRoute(app, ListSecurityLog, {}, async (request) => {
    const { events, total } = await securityLog.list(request.query);
    return { total, events: events.map((event) => ({ ...event, at: new Date(event.at).toISOString() })) };
  });

  contractRoute(app, GetSecondFactor, {}, async (request) => statusOf(request.admin!.userId));

  contractRoute(app, SetUpSecondFactor, {}, async (request) => secondFactor.beginSetup(me(request)));

  contractRoute(app, ConfirmSecondFactor, {}, async (request) => {
    const { code, password } = request.body;
    const recoveryCodes = await confirmSecondFactor(me(request), code, password, addressGroupOf(request));
    return { success: true as const, recoveryCodes };
  });

  contractRoute(app, DisableSecondFactor, {}, async (request) => {
    await disableSecondFactor(me(request), request.body.code, addressGroupOf(request));
    return { success: true as const };
  });
};
