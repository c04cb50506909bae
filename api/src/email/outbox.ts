import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { backOffDelay } from '../../../common/retry/back-off.ts';
import type { ContactMessage, DataIssueReport } from '../../../common/contact/messages.ts';
import {
  ADMIN_MESSAGE_KINDS,
  type MessageStatus,
  type OutboxMessageView,
} from '../../../common/contracts/admin.ts';
import type { AlertConfirmationPayload, AreaAlertPayload } from '../alerts/alert-mail.ts';
import { HttpError, notFound } from '../http/errors.ts';
import type { KeyDecisionPayload } from '../partner-api/key-requests/key-request-service.ts';

/**
 * Messages wait in the `outbox` table until an SMTP server has accepted them: a visitor's message
 * is stored before the API answers, so a mail server that is down, slow or misconfigured delays it
 * but never loses it, across restarts and on any number of API nodes. Nodes share the work by
 * claiming one row at a time with a conditional UPDATE (a lease), so no two send the same message.
 */

/** The kinds the admin's message list shows (the contract's ADMIN_MESSAGE_KINDS). */
export type AdminMessageKind = OutboxMessageView['kind'];
/**
 * The administrator's kinds go to them and are listed for them; the alert kinds go to a
 * subscriber and the key decisions to the partner who asked (the worker is handed a composer
 * for each); they are never listed: admins see counts only.
 */
export type OutboxKind =
  AdminMessageKind | 'alert-confirmation' | 'area-alert' | 'key-approved' | 'key-declined';
export const isAdminKind = (kind: OutboxKind): kind is AdminMessageKind =>
  ADMIN_MESSAGE_KINDS.some((admin) => admin === kind);
export type OutboxStatus = MessageStatus;
/** To the admins, from the scheduled data update (api/src/data-updates/): checks keep failing. */
export interface DataUpdateAlert {
  message: string;
  timestamp: string | null;
}
export type OutboxPayload =
  | ContactMessage
  | DataIssueReport
  | DataUpdateAlert
  | AlertConfirmationPayload
  | AreaAlertPayload
  | KeyDecisionPayload;

export interface OutboxMessage {
  id: number;
  kind: OutboxKind;
  payload: OutboxPayload;
  status: OutboxStatus;
  attempts: number;
  nextAttemptAt: number;
  lastError: string | null;
  createdAt: number;
  sentAt: number | null;
}

/** A message for the administrator: the only kind they list and resend. */
export type AdminOutboxMessage = OutboxMessage & {
  kind: AdminMessageKind;
  payload: ContactMessage | DataIssueReport | DataUpdateAlert;
};

const isAdminMessage = (message: OutboxMessage): message is AdminOutboxMessage => isAdminKind(message.kind);

export interface OutboxOptions {
  sequelize: Sequelize;
  now?: () => number;
  /** After this many failed sends a message is marked failed: kept and listed, retried by hand. */
  maxAttempts?: number;
  /** First retry delay; doubles with each failure up to maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** How long a claim protects a message being sent; well above the longest send. */
  leaseMs?: number;
  /** Sent messages are deleted this long after sending (privacy policy: within 30 days). */
  retentionMs?: number;
}

export const OUTBOX_DEFAULTS = {
  maxAttempts: 12,
  baseDelayMs: 30_000,
  maxDelayMs: 60 * 60_000,
  leaseMs: 2 * 60_000,
  retentionMs: 30 * 24 * 60 * 60_000,
} as const;

interface OutboxRow {
  id: number;
  kind: string;
  payload: string;
  status: string;
  attempts: number;
  next_attempt_at: number;
  last_error: string | null;
  created_at: number;
  sent_at: number | null;
}

const COLUMNS = 'id, kind, payload, status, attempts, next_attempt_at, last_error, created_at, sent_at';

function toMessage(row: OutboxRow): OutboxMessage {
  return {
    id: Number(row.id),
    kind: row.kind as OutboxKind,
    payload: JSON.parse(row.payload) as OutboxPayload,
    status: row.status as OutboxStatus,
    attempts: Number(row.attempts),
    nextAttemptAt: Number(row.next_attempt_at),
    lastError: row.last_error,
    createdAt: Number(row.created_at),
    sentAt: row.sent_at === null ? null : Number(row.sent_at),
  };
}

export function createOutbox(options: OutboxOptions) {
  const { sequelize, now = Date.now } = options;
  const maxAttempts = options.maxAttempts ?? OUTBOX_DEFAULTS.maxAttempts;
  const baseDelayMs = options.baseDelayMs ?? OUTBOX_DEFAULTS.baseDelayMs;
  const maxDelayMs = options.maxDelayMs ?? OUTBOX_DEFAULTS.maxDelayMs;
  const leaseMs = options.leaseMs ?? OUTBOX_DEFAULTS.leaseMs;
  const retentionMs = options.retentionMs ?? OUTBOX_DEFAULTS.retentionMs;

  async function get(id: number): Promise<OutboxMessage | null> {
    const rows = await sequelize.query<OutboxRow>(`SELECT ${COLUMNS} FROM outbox WHERE id = ?`, {
      replacements: [id],
      type: QueryTypes.SELECT,
    });
    return rows[0] ? toMessage(rows[0]) : null;
  }

  async function enqueue(
    kind: OutboxKind,
    payload: OutboxPayload,
    senderKey: string | null,
    /** Stores the message with the caller's other writes: both or neither. */
    transaction?: Transaction,
  ): Promise<number> {
    const at = now();
    const [id] = await sequelize.query(
      `INSERT INTO outbox (kind, payload, status, attempts, next_attempt_at, created_at, sender_key)
       VALUES (?, ?, 'pending', 0, ?, ?, ?)`,
      {
        replacements: [kind, JSON.stringify(payload), at, at, senderKey],
        type: QueryTypes.INSERT,
        ...(transaction ? { transaction } : {}),
      },
    );
    return Number(id);
  }

  /**
   * Takes the next due message for this worker, or null when none is due. The UPDATE only matches
   * while nobody else holds the row, so of two nodes racing for it exactly one gets affected = 1.
   */
  async function claimNext(workerId: string): Promise<OutboxMessage | null> {
    for (let tries = 0; tries < 5; tries += 1) {
      const at = now();
      const candidates = await sequelize.query<{ id: number }>(
        `SELECT id FROM outbox
         WHERE status = 'pending' AND next_attempt_at <= ? AND (claimed_until IS NULL OR claimed_until < ?)
         ORDER BY next_attempt_at, id LIMIT 1`,
        { replacements: [at, at], type: QueryTypes.SELECT },
      );
      const id = candidates[0]?.id;
      if (id === undefined) return null;
      const [, claimed] = await sequelize.query(
        `UPDATE outbox SET claimed_by = ?, claimed_until = ?
         WHERE id = ? AND status = 'pending' AND (claimed_until IS NULL OR claimed_until < ?)`,
        { replacements: [workerId, at + leaseMs, id, at], type: QueryTypes.UPDATE },
      );
      if (Number(claimed) === 1) return get(Number(id));
    }
    return null;
  }

  async function markSent(id: number, workerId: string): Promise<void> {
    await sequelize.query(
      `UPDATE outbox SET status = 'sent', sent_at = ?, last_error = NULL, attempts = attempts + 1,
       claimed_by = NULL, claimed_until = NULL WHERE id = ? AND claimed_by = ?`,
      { replacements: [now(), id, workerId], type: QueryTypes.UPDATE },
    );
  }

  /** Deletes a claimed message that has nobody to go to any more (its subscriber left). */
  async function discard(id: number, workerId: string): Promise<void> {
    await sequelize.query('DELETE FROM outbox WHERE id = ? AND claimed_by = ?', {
      replacements: [id, workerId],
      type: QueryTypes.DELETE,
    });
  }

  function delayAfter(attempts: number): number {
    return backOffDelay(attempts, { baseMs: baseDelayMs, maxMs: maxDelayMs });
  }

  /** Records a failed send: back to pending with a longer wait, or failed once attempts run out. */
  async function markFailed(message: OutboxMessage, workerId: string, error: string): Promise<OutboxStatus> {
    const attempts = message.attempts + 1;
    const status: OutboxStatus = attempts >= maxAttempts ? 'failed' : 'pending';
    await sequelize.query(
      `UPDATE outbox SET status = ?, attempts = ?, next_attempt_at = ?, last_error = ?,
       claimed_by = NULL, claimed_until = NULL WHERE id = ? AND claimed_by = ?`,
      {
        replacements: [
          status,
          attempts,
          now() + delayAfter(attempts),
          error.slice(0, 1024),
          message.id,
          workerId,
        ],
        type: QueryTypes.UPDATE,
      },
    );
    return status;
  }

  /** Says why pending messages wait when nothing can be tried (e.g. no SMTP settings yet). */
  async function notePending(reason: string): Promise<void> {
    await sequelize.query(
      `UPDATE outbox SET last_error = ? WHERE status = 'pending' AND (last_error IS NULL OR last_error <> ?)`,
      { replacements: [reason, reason], type: QueryTypes.UPDATE },
    );
  }

  /** Makes every pending message due now (after the SMTP settings changed, waiting longer is pointless). */
  async function expeditePending(): Promise<void> {
    await sequelize.query(
      `UPDATE outbox SET next_attempt_at = ? WHERE status = 'pending' AND next_attempt_at > ?`,
      {
        replacements: [now(), now()],
        type: QueryTypes.UPDATE,
      },
    );
  }

  /** An administrator's "send again": a failed or waiting message becomes due now with a fresh back-off. */
  async function retry(id: number): Promise<AdminOutboxMessage> {
    const message = await get(id);
    // A subscriber's mail is not the administrator's to read or resend.
    if (!message || !isAdminMessage(message)) throw notFound(`There is no message ${id}.`);
    if (message.status === 'sent')
      throw new HttpError(409, 'ALREADY_SENT', `Message ${id} was already sent.`);
    await sequelize.query(
      `UPDATE outbox SET status = 'pending', attempts = 0, next_attempt_at = ? WHERE id = ? AND status <> 'sent'`,
      { replacements: [now(), id], type: QueryTypes.UPDATE },
    );
    return (await get(id)) as AdminOutboxMessage;
  }

  /** Messages per status, and when the oldest message still waiting was stored (for /metrics). */
  async function backlog(): Promise<{
    counts: Record<OutboxStatus, number>;
    oldestPendingAt: number | null;
  }> {
    const rows = await sequelize.query<{ status: string; n: number; oldest: number | null }>(
      'SELECT status, COUNT(*) AS n, MIN(created_at) AS oldest FROM outbox GROUP BY status',
      { type: QueryTypes.SELECT },
    );
    const counts: Record<OutboxStatus, number> = { pending: 0, sent: 0, failed: 0 };
    let oldestPendingAt: number | null = null;
    for (const row of rows) {
      if (row.status in counts) counts[row.status as OutboxStatus] = Number(row.n);
      if (row.status === 'pending' && row.oldest !== null) oldestPendingAt = Number(row.oldest);
    }
    return { counts, oldestPendingAt };
  }

  /**
   * Messages of a kind stored since `since` that have not gone: given up on, or waiting again
   * after a failed send (or for a mail server). For a dashboard warning: no addresses, only how
   * many and the last error the mail server gave.
   */
  async function undelivered(
    kind: OutboxKind,
    since = 0,
  ): Promise<{ count: number; lastError: string | null }> {
    const where = `kind = ? AND created_at >= ? AND (status = 'failed' OR (status = 'pending' AND last_error IS NOT NULL))`;
    const [counted] = await sequelize.query<{ n: unknown }>(
      `SELECT COUNT(*) AS n FROM outbox WHERE ${where}`,
      {
        replacements: [kind, since],
        type: QueryTypes.SELECT,
      },
    );
    const [last] = await sequelize.query<{ last_error: string | null }>(
      `SELECT last_error FROM outbox WHERE ${where} ORDER BY id DESC LIMIT 1`,
      { replacements: [kind, since], type: QueryTypes.SELECT },
    );
    return { count: Number(counted?.n ?? 0), lastError: last?.last_error ?? null };
  }

  /** The administrator's messages (ADMIN_MESSAGE_KINDS), newest first. */
  async function list(query: { status?: OutboxStatus; limit: number; offset: number }) {
    const kinds = ADMIN_MESSAGE_KINDS.map(() => '?').join(', ');
    const where = `WHERE kind IN (${kinds})${query.status ? ' AND status = ?' : ''}`;
    const filter = [...ADMIN_MESSAGE_KINDS, ...(query.status ? [query.status] : [])];
    const rows = await sequelize.query<OutboxRow>(
      `SELECT ${COLUMNS} FROM outbox ${where} ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`,
      { replacements: [...filter, query.limit, query.offset], type: QueryTypes.SELECT },
    );
    const counted = await sequelize.query<{ status: string; n: number }>(
      `SELECT status, COUNT(*) AS n FROM outbox WHERE kind IN (${kinds}) GROUP BY status`,
      { replacements: [...ADMIN_MESSAGE_KINDS], type: QueryTypes.SELECT },
    );
    const byStatus: Record<OutboxStatus, number> = { pending: 0, sent: 0, failed: 0 };
    for (const row of counted)
      if (row.status in byStatus) byStatus[row.status as OutboxStatus] = Number(row.n);
    const total = query.status ? byStatus[query.status] : byStatus.pending + byStatus.sent + byStatus.failed;
    return { messages: rows.map(toMessage).filter(isAdminMessage), total, counts: byStatus };
  }

  /** Deletes sent messages older than the retention period; failed and pending ones stay until sent. */
  async function purgeSent(): Promise<void> {
    await sequelize.query(`DELETE FROM outbox WHERE status = 'sent' AND sent_at < ?`, {
      replacements: [now() - retentionMs],
      type: QueryTypes.DELETE,
    });
  }

  return {
    enqueue,
    get,
    claimNext,
    markSent,
    markFailed,
    discard,
    notePending,
    expeditePending,
    retry,
    list,
    backlog,
    undelivered,
    purgeSent,
    maxAttempts,
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
