import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ApproveKeyRequest,
  DeclineKeyRequest,
  ListKeyRequests,
  RequestApiKey,
  RevealApiKey,
} from '../../../../common/contracts/key-requests.ts';
import { assertAdminAuth } from '../../admin/auth-plugin.ts';
import { contractRoute } from '../../http/contract-route.ts';
import { addressGroupOf } from '../../http/visitor-address.ts';
import type { KeyRequestService } from './key-request-service.ts';

export interface KeyRequestRoutesOptions {
  requests: KeyRequestService;
}

/**
 * POST /api/developers/key-requests and /api/developers/key-reveal (public, registered under
 * /api): the developers page's form, and the key page's one-time button.
 */
export const keyRequestRoutes: FastifyPluginAsyncTypebox<KeyRequestRoutesOptions> = async (
  app,
  { requests },
) => {
  contractRoute(app, RequestApiKey, {}, async (request, reply) => {
    const { mailAvailable } = await requests.submit(request.body, addressGroupOf(request));
    return reply.status(202).send({ success: true as const, mailAvailable });
  });

  contractRoute(app, RevealApiKey, {}, async (request, reply) => {
    const key = await requests.reveal(request.body.token);
    // The key is in this one answer: no cache, no proxy, no back button may keep it.
    reply.header('cache-control', 'no-store');
    return { success: true as const, ...key };
  });
};

/**
 * GET /api-key-requests and POST /api-key-requests/:id/approve|decline (register under
 * /api/admin): the API keys page's list of requests and its decisions. Admin session required.
 */
export const keyRequestAdminRoutes: FastifyPluginAsyncTypebox<KeyRequestRoutesOptions> = async (
  app,
  { requests },
) => {
  assertAdminAuth(app, 'keyRequestAdminRoutes');
  app.addHook('onRequest', app.requireAdmin);

  contractRoute(app, ListKeyRequests, {}, async () => ({
    requests: await requests.list(),
    mailAvailable: await requests.mailAvailable(),
  }));

  contractRoute(app, ApproveKeyRequest, {}, async (request) => ({
    success: true as const,
    request: await requests.approve(request.params.id, request.body),
  }));

  contractRoute(app, DeclineKeyRequest, {}, async (request) => ({
    success: true as const,
    request: await requests.decline(request.params.id),
  }));
};
