import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { assertAdminAuth } from './auth-plugin.ts';
import { SECURITY_EVENT_KINDS, type SecurityEventKind } from './security-log.ts';

const Kind = Type.Unsafe<SecurityEventKind>({ type: 'string', enum: [...SECURITY_EVENT_KINDS] });
const Event = Type.Object({
  id: Type.Integer(),
  at: Type.String(),
  kind: Kind,
  username: Type.Union([Type.String(), Type.Null()]),
  addressHash: Type.Union([Type.String(), Type.Null()]),
  detail: Type.Union([Type.String(), Type.Null()]),
});
const Status = Type.Object({
  enabled: Type.Boolean(),
  enabledAt: Type.Union([Type.String(), Type.Null()]),
  recoveryCodesLeft: Type.Integer(),
});
const Code = Type.Object({ code: Type.String({ minLength: 1, maxLength: 40 }) });

/**
 * GET /api/admin/security-log, and the signed-in admin's second factor:
 * GET /api/admin/second-factor, POST …/setup (secret + QR code), …/confirm (turns it on, answers
 * the recovery codes once) and …/disable (needs a current code or a recovery code). Both codes are
 * limited per admin and wrong ones logged, so a stolen session cannot guess them.
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
    {
      schema: {
        querystring: Type.Object({
          kind: Type.Optional(Kind),
          limit: Type.Integer({ minimum: 1, maximum: 200, default: 50 }),
          offset: Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 }),
        }),
        response: { 200: Type.Object({ events: Type.Array(Event), total: Type.Integer() }) },
      },
    },
    async (request) => {
      const { events, total } = await securityLog.list(request.query);
      return { total, events: events.map((event) => ({ ...event, at: new Date(event.at).toISOString() })) };
    },
  );

  app.get('/second-factor', { schema: { response: { 200: Status } } }, async (request) =>
    statusOf(request.admin!.userId),
  );

  app.post(
    '/second-factor/setup',
    {
      schema: {
        response: {
          200: Type.Object({
            secret: Type.String({ description: 'base32, for typing in by hand' }),
            uri: Type.String(),
            qrCode: Type.String({ description: 'data: URL of a PNG' }),
          }),
        },
      },
    },
    async (request) => secondFactor.beginSetup(me(request)),
  );

  app.post(
    '/second-factor/confirm',
    {
      schema: {
        body: Code,
        response: {
          200: Type.Object({ success: Type.Literal(true), recoveryCodes: Type.Array(Type.String()) }),
        },
      },
    },
    async (request) => {
      const recoveryCodes = await confirmSecondFactor(me(request), request.body.code, request.ip);
      return { success: true as const, recoveryCodes };
    },
  );

  app.post(
    '/second-factor/disable',
    { schema: { body: Code, response: { 200: Type.Object({ success: Type.Literal(true) }) } } },
    async (request) => {
      await disableSecondFactor(me(request), request.body.code, request.ip);
      return { success: true as const };
    },
  );
};
