import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ListMessages, RetryMessage } from '../../../common/contracts/admin.ts';
import type { AdminOutboxMessage, Outbox } from '../email/outbox.ts';
import { assertAdminAuth } from './auth-plugin.ts';
import { contractRoute } from '../http/contract-route.ts';

export interface AdminMessagesOptions {
  outbox: Outbox;
  /** After a retry was requested (e.g. `worker.wake`). */
  onRetry?: () => void;
}

function view(message: AdminOutboxMessage) {
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

  contractRoute(app, ListMessages, {}, async (request) => {
    const result = await outbox.list(request.query);
    return { ...result, messages: result.messages.map(view) };
  });

  contractRoute(app, RetryMessage, {}, async (request) => {
    const message = await outbox.retry(request.params.id);
    options.onRetry?.();
    return { success: true as const, message: view(message) };
  });
};
