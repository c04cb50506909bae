import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SecurityEventKind, SecurityLog } from './security-log.ts';
import { addressGroupOf } from '../http/visitor-address.ts';

/**
 * Admin changes that the security log keeps, recognised by route once they succeeded: the routes
 * themselves (partner keys, SMTP settings) stay free of logging, and a route added here is logged
 * whichever feature owns it.
 */
const AUDITED: Record<string, { kind: SecurityEventKind; detail: (request: FastifyRequest) => string }> = {
  'POST /api/admin/api-keys': {
    kind: 'api-key-created',
    detail: (request) => `key "${String((request.body as { name?: unknown } | undefined)?.name ?? '')}"`,
  },
  'DELETE /api/admin/api-keys/:id': {
    kind: 'api-key-revoked',
    detail: (request) => `key ${String((request.params as { id?: unknown }).id)}`,
  },
  'POST /api/admin/csew-figures': { kind: 'settings-changed', detail: () => 'CSEW survey figures uploaded' },
  'DELETE /api/admin/csew-figures': {
    kind: 'settings-changed',
    detail: () => 'CSEW survey figures reverted',
  },
  'POST /api/smtp/settings': {
    kind: 'settings-changed',
    detail: (request) =>
      `SMTP settings (host ${String((request.body as { host?: unknown } | undefined)?.host ?? '')})`,
  },
};

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Set by a route whose request succeeded without changing anything (revoking a revoked key):
     * nothing is recorded for it.
     */
    changedNothing: boolean;
  }
}

export function recordAdminChanges(app: FastifyInstance, securityLog: SecurityLog): void {
  app.decorateRequest('changedNothing', false);
  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode >= 300 || !request.admin || request.changedNothing) return;
    const audited = AUDITED[`${request.method} ${request.routeOptions.url ?? ''}`];
    if (!audited) return;
    try {
      await securityLog.record({
        kind: audited.kind,
        username: request.admin.username,
        ip: addressGroupOf(request),
        detail: audited.detail(request),
      });
    } catch (error) {
      // The change is made and answered; a lost log line must not turn into an error for it.
      request.log.error({ err: error }, 'could not write the security log');
    }
  });
}
