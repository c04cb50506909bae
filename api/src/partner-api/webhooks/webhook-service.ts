import { QueryTypes, UniqueConstraintError, type Sequelize, type Transaction } from 'sequelize';
import type {
  MonthImportedEvent,
  RegisteredWebhook,
  WebhookDeliveryStatus,
  WebhookDeliveryView,
} from '../../../../common/contracts/webhooks.ts';
import { badRequest } from '../../http/errors.ts';
import { SecretKeyError, type SecretBox } from '../../../../server-common/security/secret-box.ts';
import { checkWebhookUrl } from './address-guard.ts';
import { retryDelayMs, RETRY_DEFAULTS, type RetrySchedule } from './retry-schedule.ts';
import type { SendOutcome } from './send.ts';
import { generateMessageId, generateWebhookSecret } from './signing.ts';

/**
 * Partner webhooks: the registration of one URL per API key, and the deliveries, which wait in
 * `webhook_deliveries` until the receiver answers 2xx or 24 h have passed. The table is the queue:
 * nothing lives in memory, so a restart or a second API node carries on where the first stopped.
 * Nodes share the work by claiming one row at a time with a conditional UPDATE (as the mail
 * outbox does), so no two nodes send the same attempt.
 */

export interface WebhookServiceOptions {
  sequelize: Sequelize;
  /** Keeps the signing secrets encrypted at rest (SECRET_KEY). */
  secretBox: SecretBox;
  /** WEBHOOK_ALLOW_PRIVATE_ADDRESSES: plain http and non-public addresses allowed. */
  allowPrivate: boolean;
  now?: () => number;
  retry?: Partial<RetrySchedule>;
  /** How long a claim protects a delivery being sent; well above the send's timeout. */
  leaseMs?: number;
}

/** A claimed delivery with what its attempt needs. */
export interface ClaimedDelivery {
  id: number;
  keyId: number;
  messageId: string;
  payload: string;
  attempts: number;
  giveUpAt: number;
  url: string;
  secret: string;
}

type DeliveryRow = {
  id: unknown;
  message_id: string;
  event_type: string;
  status: string;
  attempts: unknown;
  response_code: unknown;
  last_error: string | null;
  created_at: unknown;
  last_attempt_at: unknown;
  next_attempt_at: unknown;
};

const iso = (ms: unknown) => (ms === null || ms === undefined ? null : new Date(Number(ms)).toISOString());

function deliveryView(row: DeliveryRow): WebhookDeliveryView {
  const status = row.status as WebhookDeliveryStatus;
  return {
    id: Number(row.id),
    messageId: row.message_id,
    type: row.event_type,
    status,
    attempts: Number(row.attempts),
    responseCode: row.response_code === null ? null : Number(row.response_code),
    lastError: row.last_error,
    createdAt: iso(row.created_at)!,
    lastAttemptAt: iso(row.last_attempt_at),
    nextAttemptAt: status === 'pending' ? iso(row.next_attempt_at) : null,
  };
}

export const MONTH_IMPORTED = 'data.month_imported';

export function createWebhookService(options: WebhookServiceOptions) {
  const { sequelize, secretBox, allowPrivate, now = Date.now } = options;
  const schedule: RetrySchedule = { ...RETRY_DEFAULTS, ...options.retry };
  const leaseMs = options.leaseMs ?? 2 * 60_000;

  /** Registers or replaces the key's URL, with a new secret (returned this once). */
  async function register(keyId: number, url: string): Promise<RegisteredWebhook> {
    const check = checkWebhookUrl(url.trim(), allowPrivate);
    if (!check.ok) throw badRequest(check.error, 'INVALID_WEBHOOK_URL');
    const target = url.trim();
    const secret = generateWebhookSecret();
    const replacements = { keyId, url: target, secret: secretBox.encrypt(secret), at: now() };
    try {
      await sequelize.query(
        'INSERT INTO webhooks (key_id, url, secret_enc, created_at) VALUES (:keyId, :url, :secret, :at)',
        { replacements, type: QueryTypes.INSERT },
      );
    } catch (error) {
      // The key already has one (the primary key says so, also when two PUTs race): replace it.
      if (!(error instanceof UniqueConstraintError)) throw error;
      await sequelize.query(
        'UPDATE webhooks SET url = :url, secret_enc = :secret, created_at = :at WHERE key_id = :keyId',
        { replacements, type: QueryTypes.UPDATE },
      );
    }
    return { url: target, secret };
  }

  /** Removes the key's webhook and cancels what was still to be sent. Whether there was one. */
  async function remove(keyId: number): Promise<boolean> {
    const existing = await sequelize.query('SELECT key_id FROM webhooks WHERE key_id = :keyId', {
      replacements: { keyId },
      type: QueryTypes.SELECT,
    });
    await sequelize.query('DELETE FROM webhooks WHERE key_id = :keyId', {
      replacements: { keyId },
      type: QueryTypes.DELETE,
    });
    await sequelize.query(
      `UPDATE webhook_deliveries SET status = 'cancelled', last_error = 'The webhook was removed.'
       WHERE key_id = :keyId AND status = 'pending'`,
      { replacements: { keyId }, type: QueryTypes.UPDATE },
    );
    return existing.length > 0;
  }

  /**
   * Records one delivery of the event for every active key's webhook (the worker sends them); in
   * the caller's transaction when given, so the month is marked announced only with its deliveries.
   */
  async function queueMonthImported(
    event: { month: string; dataVersion: string },
    transaction?: Transaction,
  ): Promise<void> {
    const body: MonthImportedEvent = {
      type: MONTH_IMPORTED,
      month: event.month,
      dataVersion: event.dataVersion,
    };
    const payload = JSON.stringify(body);
    const targets = await sequelize.query<{ key_id: unknown }>(
      `SELECT w.key_id FROM webhooks w JOIN api_keys k ON k.id = w.key_id WHERE k.status = 'active'`,
      { type: QueryTypes.SELECT, transaction },
    );
    const at = now();
    for (const { key_id: keyId } of targets) {
      await sequelize.query(
        `INSERT INTO webhook_deliveries
           (key_id, message_id, event_type, payload, status, attempts, next_attempt_at, give_up_at, created_at)
         VALUES (:keyId, :messageId, :type, :payload, 'pending', 0, :at, :giveUpAt, :at)`,
        {
          replacements: {
            keyId: Number(keyId),
            messageId: generateMessageId(),
            type: MONTH_IMPORTED,
            payload,
            at,
            giveUpAt: at + schedule.retryForMs,
          },
          type: QueryTypes.INSERT,
          transaction,
        },
      );
    }
  }

  async function setStatus(id: number, status: WebhookDeliveryStatus, reason: string) {
    await sequelize.query(
      `UPDATE webhook_deliveries SET status = :status, last_error = :reason, claimed_by = NULL,
       claimed_until = NULL WHERE id = :id`,
      { replacements: { id, status, reason }, type: QueryTypes.UPDATE },
    );
  }

  /**
   * Takes the next due delivery for this worker, or null when none is due. The UPDATE matches only
   * while nobody else holds the row, so of two nodes racing for it exactly one gets it.
   */
  async function claimNext(workerId: string): Promise<ClaimedDelivery | null> {
    for (let tries = 0; tries < 5; tries += 1) {
      const at = now();
      const [candidate] = await sequelize.query<{ id: unknown }>(
        `SELECT id FROM webhook_deliveries
         WHERE status = 'pending' AND next_attempt_at <= :at AND (claimed_until IS NULL OR claimed_until < :at)
         ORDER BY next_attempt_at, id LIMIT 1`,
        { replacements: { at }, type: QueryTypes.SELECT },
      );
      if (!candidate) return null;
      const id = Number(candidate.id);
      const [, claimed] = await sequelize.query(
        `UPDATE webhook_deliveries SET claimed_by = :workerId, claimed_until = :until
         WHERE id = :id AND status = 'pending' AND (claimed_until IS NULL OR claimed_until < :at)`,
        { replacements: { workerId, until: at + leaseMs, id, at }, type: QueryTypes.UPDATE },
      );
      if (Number(claimed) !== 1) continue;
      const [row] = await sequelize.query<{
        key_id: unknown;
        message_id: string;
        payload: string;
        attempts: unknown;
        give_up_at: unknown;
        url: string | null;
        secret_enc: string | null;
        key_status: string;
      }>(
        `SELECT d.key_id, d.message_id, d.payload, d.attempts, d.give_up_at, w.url, w.secret_enc,
                k.status AS key_status
         FROM webhook_deliveries d
         JOIN api_keys k ON k.id = d.key_id
         LEFT JOIN webhooks w ON w.key_id = d.key_id
         WHERE d.id = :id`,
        { replacements: { id }, type: QueryTypes.SELECT },
      );
      if (!row) continue;
      if (row.url === null || row.secret_enc === null) {
        await setStatus(id, 'cancelled', 'The webhook was removed.');
        continue;
      }
      if (row.key_status !== 'active') {
        await setStatus(id, 'cancelled', 'The API key was revoked.');
        continue;
      }
      let secret: string;
      try {
        secret = secretBox.decrypt(row.secret_enc);
      } catch (error) {
        if (!(error instanceof SecretKeyError)) throw error;
        await setStatus(id, 'failed', `The signing secret cannot be read: ${error.message}`);
        continue;
      }
      return {
        id,
        keyId: Number(row.key_id),
        messageId: row.message_id,
        payload: row.payload,
        attempts: Number(row.attempts),
        giveUpAt: Number(row.give_up_at),
        url: row.url,
        secret,
      };
    }
    return null;
  }

  /**
   * Records an attempt: delivered, or pending again after the next back-off step, or failed when
   * that step would fall after the 24 h the delivery is retried for.
   */
  async function recordAttempt(
    delivery: ClaimedDelivery,
    workerId: string,
    outcome: SendOutcome,
  ): Promise<WebhookDeliveryStatus> {
    const at = now();
    const attempts = delivery.attempts + 1;
    const next = at + retryDelayMs(attempts, schedule);
    const status: WebhookDeliveryStatus = outcome.delivered
      ? 'delivered'
      : next > delivery.giveUpAt
        ? 'failed'
        : 'pending';
    await sequelize.query(
      `UPDATE webhook_deliveries SET status = :status, attempts = :attempts, next_attempt_at = :next,
         last_attempt_at = :at, response_code = :code, last_error = :error, claimed_by = NULL, claimed_until = NULL
       WHERE id = :id AND claimed_by = :workerId`,
      {
        replacements: {
          status,
          attempts,
          next,
          at,
          code: outcome.status,
          error: outcome.delivered ? null : outcome.error.slice(0, 1024),
          id: delivery.id,
          workerId,
        },
        type: QueryTypes.UPDATE,
      },
    );
    return status;
  }

  /** The key's webhook URL and its last `limit` deliveries, newest first (admin log). */
  async function recentDeliveries(keyId: number, limit: number) {
    const [hook] = await sequelize.query<{ url: string }>('SELECT url FROM webhooks WHERE key_id = :keyId', {
      replacements: { keyId },
      type: QueryTypes.SELECT,
    });
    const rows = await sequelize.query<DeliveryRow>(
      `SELECT id, message_id, event_type, status, attempts, response_code, last_error, created_at,
              last_attempt_at, next_attempt_at
       FROM webhook_deliveries WHERE key_id = :keyId ORDER BY created_at DESC, id DESC LIMIT :limit`,
      { replacements: { keyId, limit }, type: QueryTypes.SELECT },
    );
    return { url: hook?.url ?? null, deliveries: rows.map(deliveryView) };
  }

  /**
   * After a SECRET_KEY rotation: writes each signing secret again with the current key. Safe when
   * several nodes start together (each update applies only to the value it read). Returns how many.
   */
  async function reencryptWithCurrentKey(): Promise<number> {
    const rows = await sequelize.query<{ key_id: unknown; secret_enc: string }>(
      'SELECT key_id, secret_enc FROM webhooks',
      { type: QueryTypes.SELECT },
    );
    let rewritten = 0;
    for (const row of rows) {
      if (secretBox.isCurrent(row.secret_enc)) continue;
      let plaintext: string;
      try {
        plaintext = secretBox.decrypt(row.secret_enc);
      } catch (error) {
        if (error instanceof SecretKeyError) continue; // its deliveries say why they fail
        throw error;
      }
      await sequelize.query(
        'UPDATE webhooks SET secret_enc = :next WHERE key_id = :keyId AND secret_enc = :was',
        {
          replacements: {
            next: secretBox.encrypt(plaintext),
            keyId: Number(row.key_id),
            was: row.secret_enc,
          },
          type: QueryTypes.UPDATE,
        },
      );
      rewritten += 1;
    }
    return rewritten;
  }

  return {
    allowPrivate,
    register,
    remove,
    queueMonthImported,
    claimNext,
    recordAttempt,
    recentDeliveries,
    reencryptWithCurrentKey,
  };
}

export type WebhookService = ReturnType<typeof createWebhookService>;
