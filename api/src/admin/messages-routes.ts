import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Outbox, OutboxMessage } from '../email/outbox.ts';
import { assertAdminAuth } from './auth-plugin.ts';

export interface AdminMessagesOptions {
  outbox: Outbox;
  /** After a retry was requested (e.g. `worker.wake`). */
  onRetry?: () => void;
}

const Status = Type.Union([Type.Literal('pending'), Type.Literal('sent'), Type.Literal('failed')]);

const Message = Type.Object({
  id: Type.Integer(),
  kind: Type.Union([Type.Literal('contact'), Type.Literal('data-issue')]),
  status: Status,
  attempts: Type.Integer(),
  createdAt: Type.String(),
  sentAt: Type.Union([Type.String(), Type.Null()]),
  nextAttemptAt: Type.Union([Type.String(), Type.Null()]),
  lastError: Type.Union([Type.String(), Type.Null()]),
  payload: Type.Object({
    name: Type.Optional(Type.String()),
    email: Type.Optional(Type.String()),
    message: Type.Optional(Type.String()),
    issue: Type.Optional(Type.String()),
    page: Type.Optional(Type.String()),
    timestamp: Type.Union([Type.String(), Type.Null()]),
  }),
});

function view(message: OutboxMessage) {
  return {
    id: message.id,
    kind: message.kind,
    status: message.status,
    attempts: message.attempts,
    createdAt: new Date(message.createdAt).toISOString(),
    sentAt: message.sentAt === null ? null : new Date(message.sentAt).toISOString(),
    // Only a pending message has a next attempt; a failed one waits for an administrator.
    nextAttemptAt: message.status === 'pending' ? new Date(message.nextAttemptAt).toISOString() : null,
    lastError: message.lastError,
    payload: message.payload,
  };
}

/** GET /api/admin/messages (with delivery status) and POST /api/admin/messages/:id/retry. */
export const adminMessagesRoutes: FastifyPluginAsyncTypebox<AdminMessagesOptions> = async (app, options) => {
  assertAdminAuth(app, 'adminMessagesRoutes');
  app.addHook('onRequest', app.requireAdmin);
  const { outbox } = options;

  app.get(
    '/messages',
    {
      schema: {
        querystring: Type.Object({
          status: Type.Optional(Status),
          limit: Type.Integer({ minimum: 1, maximum: 200, default: 50 }),
          offset: Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 }),
        }),
        response: {
          200: Type.Object({
            messages: Type.Array(Message),
            total: Type.Integer(),
            counts: Type.Object({ pending: Type.Integer(), sent: Type.Integer(), failed: Type.Integer() }),
          }),
        },
      },
    },
    async (request) => {
      const result = await outbox.list(request.query);
      return { ...result, messages: result.messages.map(view) };
    },
  );

  app.post(
    '/messages/:id/retry',
    {
      schema: {
        params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) }),
        response: { 200: Type.Object({ success: Type.Literal(true), message: Message }) },
      },
    },
    async (request) => {
      const message = await outbox.retry(request.params.id);
      options.onRetry?.();
      return { success: true as const, message: view(message) };
    },
  );
};
