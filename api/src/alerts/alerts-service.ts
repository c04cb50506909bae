import { createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { QueryTypes, type Sequelize } from 'sequelize';
import { clockAreaId, parseClockAreaId, type ClockArea } from '../../../common/clock/area.ts';
import type { SilentForce } from '../../../common/alerts/offer.ts';
import type {
  AlertAreaAnswer,
  AlertCounts,
  ManagedAlert,
  SubscribeToAlertsBody,
} from '../../../common/contracts/alerts.ts';
import { isValidEmailAddress } from '../../../common/contact/messages.ts';
import { isCrimeCategorySlug } from '../../../common/crime/categories.ts';
import { isLocale, type Locale } from '../../../common/i18n/locale.ts';
import type { Outbox } from '../email/outbox.ts';
import { HttpError, badRequest, notFound } from '../http/errors.ts';
import { tooManyRequests, type RateLimiter } from '../security/rate-limit.ts';
import { SecretKeyError, type SecretBox } from '../../../server-common/security/secret-box.ts';
import { alertWords } from './alert-intl.ts';
import { CONFIRMATION_HOURS, type AlertConfirmationPayload, type Recipient } from './alert-mail.ts';

/**
 * Subscriptions to area alerts: asked for, confirmed, left, swept. A request stores a pending
 * subscription and queues its confirmation mail in one transaction; nothing else is ever sent to
 * an address that has not confirmed.
 *
 * Limits against mail bombing and address probing, counted in the shared `rate_limits` table so
 * they hold across API nodes and under parallel requests: 3 requests per sender address per hour (a
 * 429: it is the sender's own doing) and 3 per email address per day (quietly nothing more is
 * stored or sent, with the same 202: a refusal would tell a stranger that the address was asked
 * for). An address already subscribed to the area gets the same 202 and nothing new.
 */

export const ALERT_LIMITS = {
  perAddress: { name: 'alert-address', limit: 3, windowMs: 60 * 60_000 },
  perEmail: { name: 'alert-email', limit: 3, windowMs: 24 * 60 * 60_000 },
} as const;

export const CONFIRMATION_MS = CONFIRMATION_HOURS * 60 * 60_000;

/**
 * What every accepted request is told, in the language it was made in (alerts.json): that the
 * confirmation is queued, not sent (the mail server may be down), and what to do if it never comes.
 */
export const subscribeAnswer = (locale: Locale = 'en') =>
  alertWords(locale).say('alerts.subscribe.answer', { hours: CONFIRMATION_HOURS });

/**
 * The 503 a request for alerts gets while no mail could reach its address (no mail server set up,
 * or an API built without mail): the pages offer the area's Atom feed instead.
 */
export const emailUnavailable = () =>
  new HttpError(
    503,
    'EMAIL_UNAVAILABLE',
    "Email alerts are not available: this site has no mail server set up. Follow the area's Atom feed instead.",
  );

/** The area as subscriptions hold it, with the words mails and pages say for it. */
export interface ResolvedAlertArea {
  area: ClockArea;
  label: string;
  /** A neighbourhood's own name, which its mails name it by. */
  neighbourhoodName?: string;
  /** Forces of the area that publish no street-level crime (common/alerts/offer.ts): no alert follows it. */
  silentForces?: SilentForce[];
}

export interface AlertsServiceOptions {
  sequelize: Sequelize;
  secretBox: SecretBox;
  /** SECRET_KEY's bytes: the key of the email hash is derived from them. */
  secretKey: Buffer;
  outbox: Pick<Outbox, 'enqueue' | 'undelivered'>;
  /** Whether a mail server is set up: without one no confirmation could ever arrive. */
  mailServerConfigured: () => Promise<boolean>;
  limiter: RateLimiter;
  /** The keyed hash of a sender's network address (app.addressHash). */
  hashAddress: (address: string) => string;
  /** The area's label; throws HttpError 404 for an area that does not exist (the search's own checks). */
  resolveArea: (area: ClockArea) => Promise<ResolvedAlertArea>;
  /** Called after a mail was queued (the outbox worker's wake). */
  onQueued?: () => void;
  now?: () => number;
}

export interface ConfirmedSubscription {
  id: number;
  area: string;
  categories: string[];
}

interface SubscriptionRow {
  id: number;
  email_enc: string;
  email_hash: string;
  area: string;
  categories: string | null;
  token_hash: string;
  token_enc: string;
  confirmed_at: number | null;
  expires_at: number | null;
  locale: string;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The email hash's key: derived from SECRET_KEY, apart from the address hash's and the encryption. */
function emailHashKey(secretKey: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', secretKey, Buffer.alloc(0), 'crime-clock alert email hash v1', 32));
}

export function createAlertsService(options: AlertsServiceOptions) {
  const { sequelize, secretBox, outbox, limiter, now = Date.now } = options;
  const hashKey = emailHashKey(options.secretKey);
  const emailHash = (email: string) =>
    createHmac('sha256', hashKey).update(email.trim().toLowerCase(), 'utf8').digest('hex');

  async function checkedArea(value: string): Promise<ResolvedAlertArea> {
    const area = parseClockAreaId(value.trim());
    if (!area) {
      throw badRequest(
        'area must be postcode:<postcode>, force:<force id> or neighbourhood:<force id>:<neighbourhood id>',
        'INVALID_AREA',
      );
    }
    try {
      return await options.resolveArea(area);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 404)
        throw badRequest(`area: ${error.message}`, 'INVALID_AREA');
      throw error;
    }
  }

  function checkedCategories(categories: readonly string[] | undefined): string[] {
    const unknown = (categories ?? []).find((slug) => !isCrimeCategorySlug(slug));
    if (unknown !== undefined)
      throw badRequest(`categories: "${unknown.slice(0, 60)}" is not a crime category`, 'INVALID_CATEGORIES');
    return [...new Set(categories ?? [])].sort();
  }

  async function assertEmailAvailable(): Promise<void> {
    if (!(await options.mailServerConfigured())) throw emailUnavailable();
  }

  async function byToken(token: string): Promise<SubscriptionRow | undefined> {
    const [row] = await sequelize.query<SubscriptionRow>(
      'SELECT * FROM alert_subscriptions WHERE token_hash = ?',
      { replacements: [sha256(token)], type: QueryTypes.SELECT },
    );
    return row;
  }

  /**
   * The confirmed subscription a mail's token belongs to: the authority of the manage page over
   * every alert of its address. A pending or unknown token reaches nothing.
   */
  async function ownerOf(token: string): Promise<SubscriptionRow> {
    const row = await byToken(token);
    if (!row || row.confirmed_at === null)
      throw notFound('This link is unknown, or its alerts were stopped.', 'UNKNOWN_TOKEN');
    return row;
  }

  /** One confirmed alert of the token's address; the same 404 for another address's as for none. */
  async function ownedAlert(token: string, id: number): Promise<SubscriptionRow> {
    const owner = await ownerOf(token);
    const [row] = await sequelize.query<SubscriptionRow>(
      'SELECT * FROM alert_subscriptions WHERE id = ? AND email_hash = ? AND confirmed_at IS NOT NULL',
      { replacements: [id, owner.email_hash], type: QueryTypes.SELECT },
    );
    if (!row) throw notFound('This alert is unknown, or it was stopped.', 'UNKNOWN_TOKEN');
    return row;
  }

  async function managed(row: Pick<SubscriptionRow, 'id' | 'area' | 'categories'>): Promise<ManagedAlert> {
    const area = parseClockAreaId(row.area);
    const resolved = area ? await options.resolveArea(area).catch(() => undefined) : undefined;
    return {
      id: Number(row.id),
      area: row.area,
      label: resolved?.label ?? row.area,
      ...(resolved?.neighbourhoodName !== undefined && { neighbourhoodName: resolved.neighbourhoodName }),
      categories: row.categories ? row.categories.split(',') : [],
    };
  }

  return {
    /** Whether confirmations and alerts can be mailed at all (GET /api/config tells the pages). */
    async emailAvailable(): Promise<boolean> {
      return options.mailServerConfigured();
    },

    async subscribe(body: SubscribeToAlertsBody, senderAddress: string): Promise<void> {
      await assertEmailAvailable();
      const email = body.email.trim();
      if (!isValidEmailAddress(email))
        throw badRequest('email: enter a valid email address', 'INVALID_EMAIL');
      const categories = checkedCategories(body.categories);
      const { area, label, neighbourhoodName, silentForces = [] } = await checkedArea(body.area);
      if (silentForces.length > 0) {
        const names = silentForces.map((force) => `${force.name} (since ${force.since})`).join(', ');
        throw new HttpError(
          422,
          'AREA_NOT_PUBLISHED',
          `area: no alerts follow ${label}: ${names} publishes no street-level crime data.`,
        );
      }

      // Counted before anything is stored: of any number of parallel requests, only the allowance passes.
      const sender = await limiter.consume(ALERT_LIMITS.perAddress, options.hashAddress(senderAddress));
      if (!sender.allowed) {
        throw tooManyRequests(
          'TOO_MANY_ALERT_REQUESTS',
          'You have asked for several alerts in a short time.',
          sender.retryAfter,
        );
      }
      const hash = emailHash(email);
      const perEmail = await limiter.consume(ALERT_LIMITS.perEmail, hash);
      if (!perEmail.allowed) return;

      const areaId = clockAreaId(area);
      const [existing] = await sequelize.query<{ id: number }>(
        'SELECT id FROM alert_subscriptions WHERE email_hash = ? AND area = ? AND confirmed_at IS NOT NULL',
        { replacements: [hash, areaId], type: QueryTypes.SELECT },
      );
      if (existing) return;

      const token = randomBytes(32).toString('base64url');
      const at = now();
      await sequelize.transaction(async (transaction) => {
        const [id] = await sequelize.query(
          `INSERT INTO alert_subscriptions
             (email_enc, email_hash, area, categories, token_hash, token_enc, created_at, confirmed_at, expires_at, locale)
           VALUES (?, ?, ?, ?, ?, ?, ?, NULL, ?, ?)`,
          {
            replacements: [
              secretBox.encrypt(email),
              hash,
              areaId,
              categories.length > 0 ? categories.join(',') : null,
              sha256(token),
              secretBox.encrypt(token),
              at,
              at + CONFIRMATION_MS,
              body.locale ?? 'en',
            ],
            type: QueryTypes.INSERT,
            transaction,
          },
        );
        const payload: AlertConfirmationPayload = {
          subscriptionId: Number(id),
          area: areaId,
          label,
          neighbourhoodName,
        };
        await outbox.enqueue('alert-confirmation', payload, null, transaction);
      });
      options.onQueued?.();
    },

    /** The confirmation page's POST; a confirmed subscription confirms again harmlessly. */
    async confirm(token: string): Promise<AlertAreaAnswer> {
      const row = await byToken(token);
      const at = now();
      if (!row || (row.confirmed_at === null && Number(row.expires_at) < at)) {
        throw notFound(
          'This confirmation link is unknown or has expired: ask for the alerts again.',
          'UNKNOWN_TOKEN',
        );
      }
      const area = parseClockAreaId(row.area);
      const resolved = area ? await options.resolveArea(area).catch(() => undefined) : undefined;
      if (row.confirmed_at === null) {
        // A second confirmed subscription of one address to one area would send every alert twice.
        const [twin] = await sequelize.query<{ id: number }>(
          'SELECT id FROM alert_subscriptions WHERE email_hash = ? AND area = ? AND confirmed_at IS NOT NULL',
          { replacements: [row.email_hash, row.area], type: QueryTypes.SELECT },
        );
        if (twin)
          await sequelize.query('DELETE FROM alert_subscriptions WHERE id = ?', { replacements: [row.id] });
        else
          await sequelize.query(
            'UPDATE alert_subscriptions SET confirmed_at = ?, expires_at = NULL WHERE id = ? AND confirmed_at IS NULL',
            { replacements: [at, row.id], type: QueryTypes.UPDATE },
          );
      }
      return {
        area: row.area,
        label: resolved?.label ?? row.area,
        neighbourhoodName: resolved?.neighbourhoodName,
      };
    },

    /** Deletes the subscription the token belongs to; an unknown token is already gone. */
    async unsubscribe(token: string): Promise<void> {
      await sequelize.query('DELETE FROM alert_subscriptions WHERE token_hash = ?', {
        replacements: [sha256(token)],
        type: QueryTypes.DELETE,
      });
    },

    /** Deletes subscriptions left unconfirmed past their 48 hours; returns how many. */
    async sweep(): Promise<number> {
      const expired = [now()];
      const [row] = await sequelize.query<{ n: unknown }>(
        'SELECT COUNT(*) AS n FROM alert_subscriptions WHERE confirmed_at IS NULL AND expires_at < ?',
        { replacements: expired, type: QueryTypes.SELECT },
      );
      const n = Number(row?.n ?? 0);
      if (n > 0)
        await sequelize.query(
          'DELETE FROM alert_subscriptions WHERE confirmed_at IS NULL AND expires_at < ?',
          {
            replacements: expired,
            type: QueryTypes.DELETE,
          },
        );
      return n;
    },

    async counts(): Promise<AlertCounts> {
      const [row] = await sequelize.query<{ pending: unknown; confirmed: unknown; areas: unknown }>(
        `SELECT SUM(CASE WHEN confirmed_at IS NULL THEN 1 ELSE 0 END) AS pending,
                SUM(CASE WHEN confirmed_at IS NULL THEN 0 ELSE 1 END) AS confirmed,
                COUNT(DISTINCT CASE WHEN confirmed_at IS NULL THEN NULL ELSE area END) AS areas
         FROM alert_subscriptions`,
        { type: QueryTypes.SELECT },
      );
      // A confirmation older than its link is of no use any more, sent or not.
      const undelivered = await outbox.undelivered('alert-confirmation', now() - CONFIRMATION_MS);
      return {
        pending: Number(row?.pending ?? 0),
        confirmed: Number(row?.confirmed ?? 0),
        areas: Number(row?.areas ?? 0),
        undeliveredConfirmations: undelivered.count,
        lastConfirmationError: undelivered.lastError,
      };
    },

    async confirmed(): Promise<ConfirmedSubscription[]> {
      const rows = await sequelize.query<{ id: number; area: string; categories: string | null }>(
        'SELECT id, area, categories FROM alert_subscriptions WHERE confirmed_at IS NOT NULL ORDER BY id',
        { type: QueryTypes.SELECT },
      );
      return rows.map((r) => ({
        id: Number(r.id),
        area: r.area,
        categories: r.categories ? r.categories.split(',') : [],
      }));
    },

    /**
     * Who a subscription's mail goes to, read at send time: undefined when it was deleted, or
     * (`confirmedOnly`) is not confirmed. Throws SecretKeyError when the key that sealed it is gone.
     */
    async recipient(id: number, confirmedOnly: boolean): Promise<Recipient | undefined> {
      const [row] = await sequelize.query<SubscriptionRow>('SELECT * FROM alert_subscriptions WHERE id = ?', {
        replacements: [id],
        type: QueryTypes.SELECT,
      });
      if (!row || (confirmedOnly && row.confirmed_at === null)) return undefined;
      return {
        email: secretBox.decrypt(row.email_enc),
        token: secretBox.decrypt(row.token_enc),
        locale: isLocale(row.locale) ? row.locale : 'en',
      };
    },

    /** The alerts of the token's address, each with its area and categories (the manage page). */
    async manage(token: string): Promise<{ email: string; alerts: ManagedAlert[] }> {
      const owner = await ownerOf(token);
      const rows = await sequelize.query<SubscriptionRow>(
        'SELECT * FROM alert_subscriptions WHERE email_hash = ? AND confirmed_at IS NOT NULL ORDER BY id',
        { replacements: [owner.email_hash], type: QueryTypes.SELECT },
      );
      return {
        email: secretBox.decrypt(owner.email_enc),
        alerts: await Promise.all(rows.map(managed)),
      };
    },

    /** Sets the categories one alert of the token's address counts (none: every category). */
    async updateCategories(token: string, id: number, categories: readonly string[]): Promise<ManagedAlert> {
      const row = await ownedAlert(token, id);
      const checked = checkedCategories(categories);
      const stored = checked.length > 0 ? checked.join(',') : null;
      await sequelize.query('UPDATE alert_subscriptions SET categories = ? WHERE id = ?', {
        replacements: [stored, row.id],
        type: QueryTypes.UPDATE,
      });
      return managed({ ...row, categories: stored });
    },

    /** Stops one alert of the token's address (its own token's, or another area's). */
    async stop(token: string, id: number): Promise<void> {
      const row = await ownedAlert(token, id);
      await sequelize.query('DELETE FROM alert_subscriptions WHERE id = ?', {
        replacements: [row.id],
        type: QueryTypes.DELETE,
      });
    },

    /**
     * After a SECRET_KEY rotation: seals every subscription written with a previous key again
     * with the current one, and its email hash with the current key's. Each update applies only
     * to the row as read, so API nodes starting together do it once. Returns how many changed.
     */
    async reencryptWithCurrentKey(): Promise<number> {
      const rows = await sequelize.query<SubscriptionRow>(
        'SELECT id, email_enc, token_enc FROM alert_subscriptions WHERE email_enc NOT LIKE ?',
        { replacements: [`v1:${secretBox.keyId}:%`], type: QueryTypes.SELECT },
      );
      let changed = 0;
      for (const row of rows) {
        let email: string;
        let token: string;
        try {
          email = secretBox.decrypt(row.email_enc);
          token = secretBox.decrypt(row.token_enc);
        } catch (error) {
          if (error instanceof SecretKeyError) continue;
          throw error;
        }
        await sequelize.query(
          'UPDATE alert_subscriptions SET email_enc = ?, email_hash = ?, token_enc = ? WHERE id = ? AND email_enc = ?',
          {
            replacements: [
              secretBox.encrypt(email),
              emailHash(email),
              secretBox.encrypt(token),
              row.id,
              row.email_enc,
            ],
            type: QueryTypes.UPDATE,
          },
        );
        changed += 1;
      }
      return changed;
    },
  };
}

export type AlertsService = ReturnType<typeof createAlertsService>;
