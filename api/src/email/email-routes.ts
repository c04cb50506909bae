import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CONTACT_TEXTS,
  validateContactMessage,
  validateDataIssueReport,
  type Validation,
} from '../../../common/contact/messages.ts';
import { SendContactMessage, SendDataIssueReport } from '../../../common/contracts/email.ts';
import type { SecurityLog } from '../admin/security-log.ts';
import { badRequest } from '../http/errors.ts';
import { tooManyRequests, type RateLimiter } from '../security/rate-limit.ts';
import type { Outbox, OutboxKind, OutboxPayload } from './outbox.ts';
import { contractRoute } from '../http/contract-route.ts';
import { addressGroupOf } from '../http/visitor-address.ts';

export interface EmailRoutesOptions {
  outbox: Outbox;
  /** Called after a message is stored (e.g. `worker.wake`), so it goes out without waiting a round. */
  onQueued?: () => void;
  /** Messages one address may send per window. */
  maxPerAddress?: number;
  windowMs?: number;
  /** The app's counters, shared by every API node through the database. */
  limiter: RateLimiter;
  /** The app's keyed address hash: the allowance and the stored message name the sender by it. */
  addressHash: (address: string) => string;
  /** The admin security log, told of an address's first refused message in a window. */
  securityLog: SecurityLog;
}

export const EMAIL_THROTTLE_DEFAULTS = { maxPerAddress: 5, windowMs: 10 * 60_000 } as const;

/**
 * POST /api/email/contact and /api/email/data-issue (public): validated with the browser's own
 * rules, throttled per address, and stored in the outbox before answering 202; the outbox worker
 * delivers them to the admin address.
 */
export const emailRoutes: FastifyPluginAsyncTypebox<EmailRoutesOptions> = async (app, options) => {
  const { outbox, limiter, addressHash, securityLog } = options;
  const maxPerAddress = options.maxPerAddress ?? EMAIL_THROTTLE_DEFAULTS.maxPerAddress;
  const windowMs = options.windowMs ?? EMAIL_THROTTLE_DEFAULTS.windowMs;

  // Contact messages and data-issue reports share one allowance per address.
  const rule = { name: 'message', limit: maxPerAddress, windowMs };

  /** `sender`: the visitor's address group (addressGroupOf), the unit the allowance counts. */
  async function accept<T extends OutboxPayload>(
    kind: OutboxKind,
    sender: string,
    validation: Validation<T>,
  ) {
    if (!validation.ok) throw badRequest(validation.error, 'INVALID_MESSAGE');
    // Counted before it is stored: of any number of parallel posts, only the allowance is kept.
    const senderKey = addressHash(sender);
    const decision = await limiter.consume(rule, senderKey);
    if (!decision.allowed) {
      if (decision.firstRefusal) {
        await securityLog.record({ kind: 'messages-throttled', ip: sender, detail: kind });
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

  contractRoute(app, SendContactMessage, {}, async (request, reply) => {
    await accept('contact', addressGroupOf(request), validateContactMessage(request.body));
    return reply.status(202).send({ success: true, message: CONTACT_TEXTS.contactSent });
  });

  contractRoute(app, SendDataIssueReport, {}, async (request, reply) => {
    await accept('data-issue', addressGroupOf(request), validateDataIssueReport(request.body));
    return reply.status(202).send({ success: true, message: CONTACT_TEXTS.reportSent });
  });
};
