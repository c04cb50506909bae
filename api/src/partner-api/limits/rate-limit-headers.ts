import type { FastifyReply } from 'fastify';
import type { LimitState } from './daily-limit.ts';

/** The one quota policy of a partner key: its requests per UTC day. */
export const POLICY_NAME = 'daily';
export const POLICY_WINDOW_SECONDS = 86_400;

/**
 * The key's quota in the words of the IETF RateLimit header fields draft
 * (draft-ietf-httpapi-ratelimit-headers-11; both fields are Structured Field lists of one item
 * named after the policy), and in the X-RateLimit-* fields partners already read.
 */
export function rateLimitFields(state: LimitState): Record<string, string> {
  return {
    'ratelimit-policy': `"${POLICY_NAME}";q=${state.limit};w=${POLICY_WINDOW_SECONDS}`,
    ratelimit: `"${POLICY_NAME}";r=${state.remaining};t=${state.retryAfter}`,
    'x-ratelimit-limit': String(state.limit),
    'x-ratelimit-remaining': String(state.remaining),
    'x-ratelimit-reset': String(state.resetAt),
  };
}

export function setRateLimitHeaders(reply: FastifyReply, state: LimitState): void {
  reply.headers(rateLimitFields(state));
}
