import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_KEY_HEADER } from '../../../../common/contracts/partner.ts';

/**
 * CORS for the partner endpoint, so partner pages can call it from the browser.
 *
 * - Preflight (OPTIONS): carries no key, so it cannot know the key's domain; it allows POST with
 *   the Content-Type and X-API-Key headers from the asking origin, and the real request decides.
 * - Real request: Access-Control-Allow-Origin is the request's own Origin, echoed (never `*`),
 *   when that origin may use the key, or when the request was refused before any key was known
 *   (the page may then read why). A request refused with ORIGIN_NOT_ALLOWED gets no
 *   Access-Control-Allow-Origin, so the browser hands the page nothing.
 * - The rate-limit headers and Retry-After are exposed to the page's script.
 */

export const EXPOSED_HEADERS = [
  'RateLimit-Policy',
  'RateLimit',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'Retry-After',
  'X-Request-Id',
  'Content-Disposition',
  'X-Total-Count',
].join(', ');

export const PREFLIGHT_MAX_AGE_SECONDS = 600;

function varyOnOrigin(reply: FastifyReply) {
  const vary = reply.getHeader('vary');
  const list = typeof vary === 'string' ? vary.split(/\s*,\s*/).filter(Boolean) : [];
  if (!list.some((v) => v.toLowerCase() === 'origin')) reply.header('vary', [...list, 'Origin'].join(', '));
}

/** The answer to a preflight of a partner route that takes `method` (POST search, GET export). */
export const answerPreflight = (method: 'GET' | 'POST') => (request: FastifyRequest, reply: FastifyReply) => {
  varyOnOrigin(reply);
  reply.header('allow', `${method}, OPTIONS`);
  const origin = request.headers.origin;
  if (origin) {
    reply.header('access-control-allow-origin', origin);
    reply.header('access-control-allow-methods', `${method}, OPTIONS`);
    reply.header('access-control-allow-headers', `Content-Type, ${API_KEY_HEADER}`);
    reply.header('access-control-max-age', String(PREFLIGHT_MAX_AGE_SECONDS));
  }
  return reply.status(204).send();
};

/** For the actual request's answer; `originRefused` when the key's domain does not allow the Origin. */
export function corsHeaders(request: FastifyRequest, reply: FastifyReply, originRefused: boolean) {
  varyOnOrigin(reply);
  const origin = request.headers.origin;
  if (!origin || originRefused) return;
  reply.header('access-control-allow-origin', origin);
  reply.header('access-control-expose-headers', EXPOSED_HEADERS);
}
