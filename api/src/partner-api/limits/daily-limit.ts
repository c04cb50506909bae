import { QueryTypes, type Sequelize } from 'sequelize';
import { apiKeyUsageStatements } from '../../db/api-key-usage.ts';

/**
 * The daily request limit of a partner key, counted in the database so that it is exact however
 * many requests arrive at once and on however many API nodes: each request is one conditional
 * increment of the key's row for the UTC day,
 *
 *   UPDATE api_key_usage SET count = count + 1 WHERE key_id = ? AND day = ? AND count < limit
 *
 * which either succeeds (the request is allowed) or matches no row (the limit is reached). SQLite
 * runs one writer at a time and MySQL/MariaDB lock the row for the statement, so no two requests
 * can both take the last unit. The first request of a day creates the row with a count of 1; if
 * two race to create it, one insert wins and the other falls back to the conditional increment.
 *
 * The same statement records when the key was last used; the key's total is the sum of its day
 * rows. Each dialect also hands back the new count in that statement (SQLite `RETURNING`, MySQL
 * `LAST_INSERT_ID(expr)`), so `remaining` is exact too: an allowed request costs one write.
 *
 * Not rate-limiter-flexible's SQL stores: the quota is the key's usage row itself (per UTC day, last use, totals), one write a request, where the library adds a table and a second write.
 */

export interface LimitState {
  limit: number;
  /** Requests left today after this one. */
  remaining: number;
  /** Epoch seconds of the next UTC midnight, when the count starts again. */
  resetAt: number;
  /** Seconds from now until `resetAt` (at least 1). */
  retryAfter: number;
}

export interface LimitDecision extends LimitState {
  allowed: boolean;
}

export interface DailyLimiter {
  /**
   * Counts one request against the key's limit for today and records it as the key's last use,
   * unless the limit is already reached (then nothing changes).
   */
  consume(keyId: number, limit: number): Promise<LimitDecision>;
  /** Today's state without counting anything (for answers that must not use up the quota). */
  peek(keyId: number, limit: number): Promise<LimitState>;
}

export interface DailyLimiterOptions {
  sequelize: Sequelize;
  now?: () => number;
}

/** The UTC day of an instant as YYYY-MM-DD, and the epoch seconds of the midnight that ends it. */
export function utcDay(ms: number): { day: string; resetAt: number } {
  const date = new Date(ms);
  const next = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + 1);
  return { day: date.toISOString().slice(0, 10), resetAt: next / 1000 };
}

export function createDailyLimiter({ sequelize, now = Date.now }: DailyLimiterOptions): DailyLimiter {
  const statements = apiKeyUsageStatements(sequelize);

  function state(limit: number, count: number, at: number, resetAt: number): LimitState {
    return {
      limit,
      remaining: Math.max(0, limit - count),
      resetAt,
      retryAfter: Math.max(1, Math.ceil(resetAt - at / 1000)),
    };
  }

  return {
    async consume(keyId, limit) {
      const at = now();
      const { day, resetAt } = utcDay(at);
      let count = await statements.increment(keyId, day, limit, at);
      if (count === null) {
        if (await statements.insertFirst(keyId, day, at)) count = 1;
        // Another request created the row in between, or the limit is reached: one more try decides.
        else count = await statements.increment(keyId, day, limit, at);
      }
      if (count === null) return { ...state(limit, limit, at, resetAt), allowed: false };
      return { ...state(limit, count, at, resetAt), allowed: true };
    },

    async peek(keyId, limit) {
      const at = now();
      const { day, resetAt } = utcDay(at);
      const [row] = await sequelize.query<{ count: unknown }>(
        'SELECT count FROM api_key_usage WHERE key_id = :keyId AND day = :day',
        { replacements: { keyId, day }, type: QueryTypes.SELECT },
      );
      return state(limit, row ? Number(row.count) : 0, at, resetAt);
    },
  };
}
