import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CONTACT_TEXTS,
  validateContactMessage,
  validateDataIssueReport,
  type Validation,
} from '../../../common/contact/messages.ts';
import { badRequest } from '../http/errors.ts';
import { createRateLimiter, tooManyRequests, type RateLimiter } from '../security/rate-limit.ts';
import type { Outbox, OutboxKind, OutboxPayload } from './outbox.ts';

export interface EmailRoutesOptions {
  outbox: Outbox;
  now?: () => number;
  /** Called after a message is stored (e.g. `worker.wake`), so it goes out without waiting a round. */
  onQueued?: () => void;
  /** Messages one address may send per window. */
  maxPerAddress?: number;
  windowMs?: number;
  /** The shared counters (defaults to one on the app's database). */
  limiter?: RateLimiter;
}

export const EMAIL_THROTTLE_DEFAULTS = { maxPerAddress: 5, windowMs: 10 * 60_000 } as const;

// Types only: which fields are missing or too long is the shared validator's job, in the spec's words.
const ContactBody = Type.Object({
  name: Type.Optional(Type.String()),
  email: Type.Optional(Type.String()),
  message: Type.Optional(Type.String()),
  timestamp: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});
const DataIssueBody = Type.Object({
  issue: Type.Optional(Type.String()),
  page: Type.Optional(Type.String()),
  timestamp: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});
const Accepted = Type.Object({ success: Type.Literal(true), message: Type.String() });

/**
 * POST /api/email/contact and /api/email/data-issue (public): validated with the browser's own
 * rules, throttled per address, and stored in the outbox before answering 202; the outbox worker
 * delivers them to the admin address.
 */
export const emailRoutes: FastifyPluginAsyncTypebox<EmailRoutesOptions> = async (app, options) => {
  const { outbox, now = Date.now } = options;
  const maxPerAddress = options.maxPerAddress ?? EMAIL_THROTTLE_DEFAULTS.maxPerAddress;
  const windowMs = options.windowMs ?? EMAIL_THROTTLE_DEFAULTS.windowMs;

  const limiter = options.limiter ?? createRateLimiter({ sequelize: app.db, now });
  // Contact messages and data-issue reports share one allowance per address.
  const rule = { name: 'message', limit: maxPerAddress, windowMs };

  async function accept<T extends OutboxPayload>(kind: OutboxKind, ip: string, validation: Validation<T>) {
    if (!validation.ok) throw badRequest(validation.error, 'INVALID_MESSAGE');
    // Counted before it is stored: of any number of parallel posts, only the allowance is kept.
    const senderKey = app.addressHash(ip);
    const decision = await limiter.consume(rule, senderKey);
    if (!decision.allowed) {
      if (decision.firstRefusal && app.hasDecorator('adminAuth')) {
        await app.adminAuth.securityLog.record({ kind: 'messages-throttled', ip, detail: kind });
      }
      throw tooManyRequests(
        'TOO_MANY_MESSAGES',
        'You have sent several messages in a short time.',
        decision.retryAfter,
      );
    }
    await outbox.enqueue(kind, validation.value, senderKey);
    options.onQueued?.();
  }

  app.post(
    '/contact',
    { schema: { body: ContactBody, response: { 202: Accepted } } },
    async (request, reply) => {
      await accept('contact', request.ip, validateContactMessage(request.body));
      return reply.status(202).send({ success: true, message: CONTACT_TEXTS.contactSent });
    },
  );

  app.post(
    '/data-issue',
    { schema: { body: DataIssueBody, response: { 202: Accepted } } },
    async (request, reply) => {
      await accept('data-issue', request.ip, validateDataIssueReport(request.body));
      return reply.status(202).send({ success: true, message: CONTACT_TEXTS.reportSent });
    },
  );
};
