import { QueryTypes, type Sequelize } from 'sequelize';
import {
  checkKeyRequest,
  KEY_LINK_DAYS,
  keyRequestIssueText,
  type KeyRequestBody,
  type KeyRequestView,
} from '../../../../common/contracts/key-requests.ts';
import type { Locale } from '../../../../common/i18n/locale.ts';
import { badRequest, HttpError, notFound } from '../../http/errors.ts';
import { tooManyRequests, type RateLimiter } from '../../security/rate-limit.ts';
import type { Outbox } from '../../email/outbox.ts';
import type { ApiKeyService } from '../keys/api-key-service.ts';
import { linkTokenHash, newLinkToken, openKey, sealKey } from './key-link.ts';

/** What the outbox holds for a decision mail; the worker composes it from the request at send time. */
export interface KeyDecisionPayload {
  requestId: number;
  /** Approved only: the token of the link to the key. */
  token?: string;
}

/** What a decision mail needs to know of its request. */
export interface KeyRequestRecipient {
  email: string;
  name: string;
  organisation: string;
  locale: Locale;
  linkExpiresAt: number | null;
}

export interface KeyRequestServiceOptions {
  sequelize: Sequelize;
  keys: Pick<ApiKeyService, 'create'>;
  outbox: Pick<Outbox, 'enqueue'>;
  /** The app's counters, shared by every API node through the database. */
  limiter: Pick<RateLimiter, 'consume'>;
  /** The app's keyed hash: the allowances count addresses and emails by it, never as sent. */
  hashAddress: (value: string) => string;
  /** Whether a mail server is configured to send the decisions. */
  mailAvailable: () => Promise<boolean>;
  /** Called after a mail is stored (e.g. `worker.wake`). */
  onQueued?: () => void;
  now?: () => number;
}

/** Requests one address may send, and one email may be named in, per window. */
export const KEY_REQUEST_ALLOWANCES = {
  perAddress: { name: 'key-request-address', limit: 5, windowMs: 60 * 60_000 },
  perEmail: { name: 'key-request-email', limit: 3, windowMs: 24 * 60 * 60_000 },
} as const;

const LINK_MS = KEY_LINK_DAYS * 24 * 60 * 60_000;

type Row = {
  id: unknown;
  name: string;
  email: string;
  organisation: string;
  intended_use: string;
  locale: string;
  status: string;
  created_at: unknown;
  decided_at: unknown;
  api_key_id: unknown;
  key_sealed: string | null;
  link_expires_at: unknown;
  link_opened_at: unknown;
};

const COLUMNS = `id, name, email, organisation, intended_use, locale, status, created_at, decided_at,
  api_key_id, key_sealed, link_expires_at, link_opened_at`;

const iso = (ms: unknown) => (ms === null || ms === undefined ? null : new Date(Number(ms)).toISOString());
const localeOf = (value: string): Locale => (value === 'cy' ? 'cy' : 'en');

function view(row: Row): KeyRequestView {
  return {
    id: Number(row.id),
    name: row.name,
    email: row.email,
    organisation: row.organisation,
    intendedUse: row.intended_use,
    locale: localeOf(row.locale),
    status: row.status === 'approved' ? 'approved' : row.status === 'declined' ? 'declined' : 'pending',
    createdAt: iso(row.created_at)!,
    decidedAt: iso(row.decided_at),
    apiKeyId: row.api_key_id === null ? null : Number(row.api_key_id),
    linkExpiresAt: iso(row.link_expires_at),
    linkOpenedAt: iso(row.link_opened_at),
  };
}

const linkUsed = () =>
  new HttpError(410, 'KEY_LINK_USED', 'This key was already shown once; a key is never shown twice.');
const linkExpired = () =>
  new HttpError(
    410,
    'KEY_LINK_EXPIRED',
    'This link has expired; ask for a key again on the developers page.',
  );

/**
 * The partner key request workflow: a request is checked with the form's own rules, counted
 * against its address and its email (before it is stored, so of any number of parallel requests
 * only the allowance is kept), and stored whether or not mail can be sent. An administrator
 * approves (a key is made with the API key service and sealed under a one-time link, which a mail
 * carries) or declines (a polite mail). The link shows the key once, within KEY_LINK_DAYS.
 */
export function createKeyRequestService(options: KeyRequestServiceOptions) {
  const { sequelize, keys, outbox, limiter, hashAddress, now = Date.now } = options;

  async function byId(id: number): Promise<Row> {
    const [row] = await sequelize.query<Row>(`SELECT ${COLUMNS} FROM api_key_requests WHERE id = :id`, {
      replacements: { id },
      type: QueryTypes.SELECT,
    });
    if (!row) throw notFound(`No API key request with id ${id}`, 'KEY_REQUEST_NOT_FOUND');
    return row;
  }

  /** Moves a pending request to `status`; refuses one already decided (by another admin, or twice). */
  async function decide(id: number, status: 'approved' | 'declined'): Promise<void> {
    const [, changed] = await sequelize.query(
      "UPDATE api_key_requests SET status = :status, decided_at = :at WHERE id = :id AND status = 'pending'",
      { replacements: { id, status, at: now() }, type: QueryTypes.UPDATE },
    );
    if (Number(changed) === 0) {
      await byId(id);
      throw new HttpError(409, 'KEY_REQUEST_DECIDED', 'This request was already approved or declined.');
    }
  }

  return {
    /** `sender`: the visitor's address group, the unit the address allowance counts. */
    async submit(body: KeyRequestBody, sender: string): Promise<{ mailAvailable: boolean }> {
      const checked = checkKeyRequest(body);
      if (!checked.ok) {
        throw badRequest(checked.issues.map(keyRequestIssueText).join(' '), 'INVALID_KEY_REQUEST');
      }
      const { value } = checked;
      const refused = (retryAfter: number) =>
        tooManyRequests(
          'TOO_MANY_KEY_REQUESTS',
          'Several key requests have been sent in a short time.',
          retryAfter,
        );
      const byAddress = await limiter.consume(KEY_REQUEST_ALLOWANCES.perAddress, hashAddress(sender));
      if (!byAddress.allowed) throw refused(byAddress.retryAfter);
      const byEmail = await limiter.consume(
        KEY_REQUEST_ALLOWANCES.perEmail,
        hashAddress(`email:${value.email.toLowerCase()}`),
      );
      if (!byEmail.allowed) throw refused(byEmail.retryAfter);
      await sequelize.query(
        `INSERT INTO api_key_requests (name, email, organisation, intended_use, locale, status, created_at)
         VALUES (:name, :email, :organisation, :intendedUse, :locale, 'pending', :at)`,
        {
          replacements: { ...value, locale: body.locale ?? 'en', at: now() },
          type: QueryTypes.INSERT,
        },
      );
      return { mailAvailable: await options.mailAvailable() };
    },

    /** Pending first, then the newest. */
    async list(): Promise<KeyRequestView[]> {
      const rows = await sequelize.query<Row>(
        `SELECT ${COLUMNS} FROM api_key_requests
         ORDER BY CASE WHEN status = 'pending' THEN 0 ELSE 1 END, created_at DESC, id DESC`,
        { type: QueryTypes.SELECT },
      );
      return rows.map(view);
    },

    mailAvailable: () => options.mailAvailable(),

    async approve(
      id: number,
      settings: { dailyRateLimit?: number; domain?: string | null } = {},
    ): Promise<KeyRequestView> {
      const request = await byId(id);
      await decide(id, 'approved');
      let made;
      try {
        made = await keys.create({
          name: `${request.organisation} (${request.name})`.slice(0, 100),
          ...settings,
        });
      } catch (error) {
        // A domain the key service refuses: the request is still the admin's to decide.
        await sequelize.query(
          "UPDATE api_key_requests SET status = 'pending', decided_at = NULL WHERE id = :id",
          {
            replacements: { id },
            type: QueryTypes.UPDATE,
          },
        );
        throw error;
      }
      const token = newLinkToken();
      await sequelize.transaction(async (transaction) => {
        await sequelize.query(
          `UPDATE api_key_requests SET api_key_id = :keyId, link_token_hash = :hash, key_sealed = :sealed,
             link_expires_at = :expires WHERE id = :id`,
          {
            replacements: {
              id,
              keyId: made.key.id,
              hash: linkTokenHash(token),
              sealed: sealKey(made.apiKey, token),
              expires: now() + LINK_MS,
            },
            type: QueryTypes.UPDATE,
            transaction,
          },
        );
        const payload: KeyDecisionPayload = { requestId: id, token };
        await outbox.enqueue('key-approved', payload, null, transaction);
      });
      options.onQueued?.();
      return view(await byId(id));
    },

    async decline(id: number): Promise<KeyRequestView> {
      await decide(id, 'declined');
      const payload: KeyDecisionPayload = { requestId: id };
      await outbox.enqueue('key-declined', payload, null);
      options.onQueued?.();
      return view(await byId(id));
    },

    /**
     * The key behind a link, once: the first caller within the expiry gets it, and the seal is
     * cleared in the same conditional UPDATE, so of two parallel openings exactly one does.
     */
    async reveal(token: string): Promise<{ apiKey: string; name: string; dailyRateLimit: number }> {
      const [row] = await sequelize.query<Row & { daily_rate_limit: unknown; key_name: string }>(
        `SELECT r.id, r.key_sealed, r.link_expires_at, r.link_opened_at, k.name AS key_name, k.daily_rate_limit
         FROM api_key_requests r JOIN api_keys k ON k.id = r.api_key_id WHERE r.link_token_hash = :hash`,
        { replacements: { hash: linkTokenHash(token) }, type: QueryTypes.SELECT },
      );
      if (!row) throw notFound('This link is not one we sent.', 'UNKNOWN_TOKEN');
      if (row.link_opened_at !== null) throw linkUsed();
      if (Number(row.link_expires_at) <= now() || row.key_sealed === null) {
        await sequelize.query('UPDATE api_key_requests SET key_sealed = NULL WHERE id = :id', {
          replacements: { id: row.id },
          type: QueryTypes.UPDATE,
        });
        throw linkExpired();
      }
      const [, changed] = await sequelize.query(
        `UPDATE api_key_requests SET key_sealed = NULL, link_opened_at = :at
         WHERE id = :id AND key_sealed IS NOT NULL AND link_opened_at IS NULL`,
        { replacements: { id: row.id, at: now() }, type: QueryTypes.UPDATE },
      );
      if (Number(changed) === 0) throw linkUsed();
      const apiKey = openKey(row.key_sealed, token);
      if (apiKey === null) throw notFound('This link is not one we sent.', 'UNKNOWN_TOKEN');
      return { apiKey, name: row.key_name, dailyRateLimit: Number(row.daily_rate_limit) };
    },

    /** For the decision mails, composed at send time. */
    async recipient(id: number): Promise<KeyRequestRecipient | null> {
      const [row] = await sequelize.query<Row>(`SELECT ${COLUMNS} FROM api_key_requests WHERE id = :id`, {
        replacements: { id },
        type: QueryTypes.SELECT,
      });
      if (!row) return null;
      return {
        email: row.email,
        name: row.name,
        organisation: row.organisation,
        locale: localeOf(row.locale),
        linkExpiresAt: row.link_expires_at === null ? null : Number(row.link_expires_at),
      };
    },
  };
}

export type KeyRequestService = ReturnType<typeof createKeyRequestService>;
