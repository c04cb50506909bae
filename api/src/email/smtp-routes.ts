import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { GetSmtpSettings, SaveSmtpSettings, TestSmtpSettings } from '../../../common/contracts/email.ts';
import { assertAdminAuth } from '../admin/auth-plugin.ts';
import { DEFAULT_SMTP_TIMEOUTS, describeSmtpError, verifySmtp, type SmtpTimeouts } from './smtp-client.ts';
import type { SmtpSettingsService } from './smtp-settings.ts';
import { rateKey, tooManyRequests, type RateLimiter } from '../security/rate-limit.ts';
import { contractRoute } from '../http/contract-route.ts';
import { addressGroupOf } from '../http/visitor-address.ts';

export interface SmtpRoutesOptions {
  smtpSettings: SmtpSettingsService;
  /** After a save (e.g. make waiting outbox messages due and wake the worker). */
  onSaved?: () => Promise<void> | void;
  timeouts?: SmtpTimeouts;
  limiter: RateLimiter;
  /** The app's keyed address hash, which names an address group's bucket (were no admin signed in). */
  addressHash: (address: string) => string;
}

/** Shown before anything was saved: the spec's defaults (port 587, not secure). */
const UNSAVED = {
  host: '',
  port: '587',
  user: '',
  fromEmail: '',
  adminEmail: '',
  secure: false,
  passwordSet: false,
  updatedAt: null,
};

/**
 * GET/POST /api/smtp/settings and POST /api/smtp/test, admin only. The password is write-only:
 * reads answer `passwordSet`, and a blank password in a save or test means "the stored one", which
 * only ever goes with the stored host, port, username and TLS setting. Saves and tests take only SMTP
 * ports (SMTP_ALLOWED_PORTS, smtp-port-guard.ts); a test a few times a minute per admin
 * (SMTP_TESTS_PER_MINUTE).
 */
export const smtpRoutes: FastifyPluginAsyncTypebox<SmtpRoutesOptions> = async (app, options) => {
  assertAdminAuth(app, 'smtpRoutes');
  app.addHook('onRequest', app.requireAdmin);
  const { smtpSettings, limiter, addressHash } = options;
  const timeouts = options.timeouts ?? DEFAULT_SMTP_TIMEOUTS;
  // Counted in the database like every other limit, so it holds across API nodes and parallel requests.
  const testRule = { name: 'smtp-test', limit: app.config.smtpTestsPerMinute, windowMs: 60_000 };

  contractRoute(app, GetSmtpSettings, {}, async () => {
    return (await smtpSettings.view()) ?? UNSAVED;
  });

  contractRoute(app, SaveSmtpSettings, {}, async (request) => {
    const settings = await smtpSettings.save(request.body);
    await options.onSaved?.();
    return { success: true as const, settings };
  });

  // Counted first: over the limit, nothing is read or decrypted from the stored settings. Per
  // admin (requireAdmin has run); were there none, per address group, as a keyed hash.
  const countTest = async (request: FastifyRequest) => {
    const counted = request.admin ? String(request.admin.userId) : addressHash(addressGroupOf(request));
    const decision = await limiter.consume(testRule, rateKey(counted));
    if (!decision.allowed) {
      throw tooManyRequests(
        'TOO_MANY_SMTP_TESTS',
        `At most ${testRule.limit} SMTP connection tests a minute.`,
        decision.retryAfter,
      );
    }
  };

  contractRoute(app, TestSmtpSettings, {}, async (request) => {
    await countTest(request);
    const settings = await smtpSettings.resolveForTest(request.body);
    try {
      await verifySmtp(settings, timeouts);
      return { success: true, message: 'SMTP connection is working!' };
    } catch (error) {
      const message = describeSmtpError(error, settings);
      return { success: false, message, error: message };
    }
  });
};
