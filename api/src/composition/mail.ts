import type { Sequelize } from 'sequelize';
import type { SecretBox } from '../../../server-common/security/secret-box.ts';
import {
  createOutboxWorker,
  DEFAULT_WORKER_INTERVAL_MS,
  type OutboxWorkerOptions,
} from '../email/outbox-worker.ts';
import { createOutbox, type OutboxOptions } from '../email/outbox.ts';
import type { SmtpTimeouts } from '../email/smtp-client.ts';
import { createSmtpSettingsService } from '../email/smtp-settings.ts';

export interface MailServicesOptions {
  sequelize: Sequelize;
  secretBox: SecretBox;
  now?: () => number;
  timeouts?: SmtpTimeouts;
  /**
   * First wait before a failed send is tried again (OUTBOX_RETRY_SECONDS); the worker then looks
   * for due messages at least this often, so a retry is not held back by the idle pause.
   */
  retryDelayMs?: number;
  outboxOptions?: Omit<OutboxOptions, 'sequelize' | 'now'>;
  workerIntervalMs?: number;
  log?: OutboxWorkerOptions['log'];
  /** SMTP_ALLOWED_PORTS: the ports the mail server may be on. */
  allowedPorts: readonly number[];
}

/**
 * Part of the composition root (services.ts calls it, nothing else does): the email side wired
 * once: SMTP settings, the outbox and its worker, and the callbacks the routes use to wake the
 * worker, so a stored message or a settings change takes effect at once rather than at the next
 * round. run-api.ts starts and stops `worker`; the route plugins take the rest.
 */
export function composeMailServices(options: MailServicesOptions) {
  const { sequelize, now, retryDelayMs } = options;
  const smtpSettings = createSmtpSettingsService({
    sequelize,
    secretBox: options.secretBox,
    now,
    allowedPorts: options.allowedPorts,
  });
  const outbox = createOutbox({ sequelize, now, baseDelayMs: retryDelayMs, ...options.outboxOptions });
  const worker = createOutboxWorker({
    smtp: smtpSettings,
    outbox,
    now,
    timeouts: options.timeouts,
    intervalMs:
      options.workerIntervalMs ??
      (retryDelayMs === undefined ? undefined : Math.min(DEFAULT_WORKER_INTERVAL_MS, retryDelayMs)),
    log: options.log,
  });
  return {
    smtpSettings,
    outbox,
    worker,
    timeouts: options.timeouts,
    /** For emailRoutes' onQueued and adminMessagesRoutes' onRetry. */
    wakeWorker: () => worker.wake(),
    /** For smtpRoutes' onSaved: messages waiting for a server are worth trying with the new one now. */
    onSettingsSaved: async () => {
      await outbox.expeditePending();
      worker.wake();
    },
  };
}

export type MailServices = ReturnType<typeof composeMailServices>;
