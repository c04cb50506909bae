import { QueryTypes, type Sequelize } from 'sequelize';
import { HttpError } from '../http/errors.ts';

/**
 * Slows password guessing down to a handful per quarter hour, per account (whatever addresses the
 * guesses come from) and per address (whatever accounts it tries). Counted in the database so all
 * API nodes share one count. Only failures are recorded; a successful login clears its account.
 */

export interface LoginThrottleOptions {
  sequelize: Sequelize;
  now?: () => number;
  windowMs?: number;
  maxPerAccount?: number;
  maxPerAddress?: number;
}

export const THROTTLE_DEFAULTS = { windowMs: 15 * 60_000, maxPerAccount: 5, maxPerAddress: 20 } as const;
// Old rows serve no purpose once outside every window; cleared as new ones arrive.
const KEEP_MS = 24 * 60 * 60_000;

export function createLoginThrottle({
  sequelize,
  now = Date.now,
  windowMs = THROTTLE_DEFAULTS.windowMs,
  maxPerAccount = THROTTLE_DEFAULTS.maxPerAccount,
  maxPerAddress = THROTTLE_DEFAULTS.maxPerAddress,
}: LoginThrottleOptions) {
  /** Seconds until the oldest counted failure leaves the window, when the limit is reached. */
  async function waitFor(column: 'username' | 'ip', value: string, limit: number): Promise<number | null> {
    const since = now() - windowMs;
    const rows = await sequelize.query<{ attempted_at: number }>(
      `SELECT attempted_at FROM login_attempts WHERE ${column} = ? AND attempted_at > ?
       ORDER BY attempted_at DESC LIMIT ${Number(limit)}`,
      { replacements: [value, since], type: QueryTypes.SELECT },
    );
    if (rows.length < limit) return null;
    const oldestCounted = Number(rows[rows.length - 1]!.attempted_at);
    return Math.max(1, Math.ceil((oldestCounted + windowMs - now()) / 1000));
  }

  /** Throws 429 with Retry-After while the account or the address is over its limit. */
  async function check(username: string, ip: string): Promise<void> {
    const waits = await Promise.all([
      waitFor('username', username, maxPerAccount),
      waitFor('ip', ip, maxPerAddress),
    ]);
    const seconds = Math.max(...waits.map((w) => w ?? 0));
    if (seconds > 0) {
      const minutes = Math.ceil(seconds / 60);
      throw new HttpError(
        429,
        'TOO_MANY_ATTEMPTS',
        `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        { 'retry-after': String(seconds) },
      );
    }
  }

  async function recordFailure(username: string, ip: string): Promise<void> {
    const at = now();
    await sequelize.query('INSERT INTO login_attempts (username, ip, attempted_at) VALUES (?, ?, ?)', {
      replacements: [username.slice(0, 128), ip.slice(0, 64), at],
      type: QueryTypes.INSERT,
    });
    await sequelize.query('DELETE FROM login_attempts WHERE attempted_at < ?', {
      replacements: [at - Math.max(KEEP_MS, windowMs)],
      type: QueryTypes.DELETE,
    });
  }

  async function recordSuccess(username: string): Promise<void> {
    await sequelize.query('DELETE FROM login_attempts WHERE username = ?', {
      replacements: [username],
      type: QueryTypes.DELETE,
    });
  }

  return { check, recordFailure, recordSuccess };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
