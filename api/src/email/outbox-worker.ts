import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { createRoundScheduler } from '../../../server-common/scheduling/round-scheduler.ts';
import { SecretKeyError } from '../../../server-common/security/secret-box.ts';
import { composeMail } from './compose.ts';
import { isAdminKind, type Outbox, type OutboxKind, type OutboxMessage } from './outbox.ts';
import {
  DEFAULT_SMTP_TIMEOUTS,
  describeSmtpError,
  sendSmtp,
  type OutgoingMail,
  type SmtpTimeouts,
} from './smtp-client.ts';
import { SmtpPortNotAllowedError, type SmtpSettingsService } from './smtp-settings.ts';

export interface WorkerLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface OutboxWorkerOptions {
  smtp: SmtpSettingsService;
  now?: () => number;
  /** Pause between rounds when idle; a new message wakes the worker sooner. */
  intervalMs?: number;
  /** The outbox the routes store into. */
  outbox: Outbox;
  timeouts?: SmtpTimeouts;
  log?: WorkerLog;
  workerId?: string;
}

/**
 * Makes the mail of a message that goes to someone other than the administrator (a subscriber),
 * at send time; null when it has nobody to go to any more (the subscriber left): it is discarded.
 */
export type MailComposer = (message: OutboxMessage, from: string) => Promise<OutgoingMail | null>;

export const NOT_CONFIGURED = 'Waiting for email settings: save the SMTP settings in the admin area.';
/** Pause between rounds when idle, unless the options say otherwise. */
export const DEFAULT_WORKER_INTERVAL_MS = 15_000;
const PURGE_EVERY_MS = 60 * 60_000;
const silent: WorkerLog = { info() {}, warn() {}, error() {} };

/**
 * Sends what the outbox holds, one claimed message at a time. State lives only in the database,
 * so a restarted (or second) worker simply carries on. A failed send ends the round: the next
 * message would meet the same server, and trying it would only spend its attempts.
 */
export function createOutboxWorker(options: OutboxWorkerOptions) {
  const { smtp, now = Date.now, intervalMs = DEFAULT_WORKER_INTERVAL_MS } = options;
  let log = options.log ?? silent;
  const timeouts = options.timeouts ?? DEFAULT_SMTP_TIMEOUTS;
  const { outbox } = options;
  const workerId =
    options.workerId ?? `${hostname().slice(0, 40)}:${process.pid}:${randomBytes(4).toString('hex')}`;

  const composers = new Map<OutboxKind, MailComposer>();
  let lastPurge = -Infinity;

  /** The mail of a claimed message: the administrator's, or its kind's composer's. */
  async function mailOf(message: OutboxMessage, from: string, adminEmail: string) {
    const composer = composers.get(message.kind);
    if (composer) return composer(message, from);
    if (!isAdminKind(message.kind)) throw new Error(`No composer for ${message.kind} messages on this node.`);
    return composeMail(message, { from, to: adminEmail });
  }
  /** One round: sends every due message (or stops at the first failure). */
  async function runOnce(): Promise<{ sent: number; failed: number }> {
    const result = { sent: 0, failed: 0 };
    if (now() - lastPurge >= PURGE_EVERY_MS) {
      await outbox.purgeSent();
      lastPurge = now();
    }
    let settings;
    try {
      settings = await smtp.load();
    } catch (error) {
      if (error instanceof SmtpPortNotAllowedError) {
        await outbox.notePending(error.message);
        return result;
      }
      if (!(error instanceof SecretKeyError)) throw error;
      await outbox.notePending(`The SMTP password cannot be read: ${error.message}`);
      return result;
    }
    if (!settings) {
      await outbox.notePending(NOT_CONFIGURED);
      return result;
    }
    for (;;) {
      const message = await outbox.claimNext(workerId);
      if (!message) return result;
      let mail: OutgoingMail | null;
      try {
        mail = await mailOf(message, settings.fromEmail, settings.adminEmail);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        await outbox.markFailed(message, workerId, reason);
        result.failed += 1;
        log.error({ messageId: message.id, kind: message.kind, reason }, 'outbox message not composed');
        continue;
      }
      if (!mail) {
        await outbox.discard(message.id, workerId);
        continue;
      }
      try {
        await sendSmtp(settings, mail, timeouts);
      } catch (error) {
        const reason = describeSmtpError(error, settings);
        const status = await outbox.markFailed(message, workerId, reason);
        result.failed += 1;
        const level = status === 'failed' ? 'error' : 'warn';
        log[level](
          { messageId: message.id, attempts: message.attempts + 1, status, reason },
          'outbox send failed',
        );
        return result;
      }
      await outbox.markSent(message.id, workerId);
      result.sent += 1;
      log.info({ messageId: message.id, kind: message.kind }, 'outbox message sent');
    }
  }

  const scheduler = createRoundScheduler({
    round: runOnce,
    intervalMs,
    onError: (error) => log.error({ err: error }, 'outbox round failed'),
  });

  return {
    runOnce,
    outbox,
    workerId,
    /** Who composes `kind`'s mails (the alerts feature registers its own). */
    useComposer(kind: OutboxKind, composer: MailComposer) {
      composers.set(kind, composer);
    },
    /** Starts rounds every `intervalMs`; the log (e.g. `app.log`) may be given only now, once the app exists. */
    start(startOptions: { log?: WorkerLog } = {}) {
      if (startOptions.log) log = startOptions.log;
      scheduler.start();
    },
    /** Runs a round soon (e.g. right after a message was stored) instead of at the next interval. */
    wake: scheduler.wake,
    /** Stops scheduling and waits for a round in progress, so shutdown never cuts a send in half. */
    stop: scheduler.stop,
  };
}

export type OutboxWorker = ReturnType<typeof createOutboxWorker>;
