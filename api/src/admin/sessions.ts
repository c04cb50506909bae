import { createHash, randomBytes } from 'node:crypto';
import { QueryTypes, type Sequelize } from 'sequelize';

/**
 * Server-side admin sessions in the database, so every API node sees the same sign-ins and a
 * logout is real. The browser holds a 256-bit random token; the table holds only its sha256, so a
 * copy of the table cannot be turned into a working cookie. Of the address a session was opened
 * from it holds only the keyed hash, as the security log does (docs/security.md).
 */

export const SESSION_IDLE_MS = 30 * 60_000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60_000;
// Writing last_seen_at on every request would turn each read into a write; a minute is precise enough.
const TOUCH_EVERY_MS = 60_000;

export interface SessionServiceOptions {
  sequelize: Sequelize;
  /** The app's keyed address hash (`app.addressHash`). */
  addressHash: (address: string) => string;
  now?: () => number;
  idleMs?: number;
  absoluteMs?: number;
}

export interface ActiveSession {
  id: string;
  userId: number;
  username: string;
  createdAt: number;
  expiresAt: number;
}

interface SessionRow {
  id: string;
  user_id: number;
  username: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function sessionIdOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function createSessionService({
  sequelize,
  addressHash,
  now = Date.now,
  idleMs = SESSION_IDLE_MS,
  absoluteMs = SESSION_ABSOLUTE_MS,
}: SessionServiceOptions) {
  async function create(userId: number, client: { ip?: string; userAgent?: string } = {}) {
    const token = randomBytes(32).toString('base64url');
    const at = now();
    await sequelize.query(
      `INSERT INTO admin_sessions (id, user_id, created_at, last_seen_at, expires_at, address_hash, user_agent)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
      {
        replacements: [
          sessionIdOf(token),
          userId,
          at,
          at,
          at + absoluteMs,
          client.ip === undefined ? null : addressHash(client.ip),
          client.userAgent?.slice(0, 255) ?? null,
        ],
        type: QueryTypes.INSERT,
      },
    );
    return { token, expiresAt: at + absoluteMs };
  }

  async function destroy(token: string | undefined): Promise<void> {
    if (!token || !TOKEN_PATTERN.test(token)) return;
    await sequelize.query('DELETE FROM admin_sessions WHERE id = ?', {
      replacements: [sessionIdOf(token)],
      type: QueryTypes.DELETE,
    });
  }

  /** The live session for a cookie token, or null; an expired one is deleted on sight. */
  async function resolve(token: string | undefined): Promise<ActiveSession | null> {
    if (!token || !TOKEN_PATTERN.test(token)) return null;
    const id = sessionIdOf(token);
    const rows = await sequelize.query<SessionRow>(
      `SELECT s.id, s.user_id, u.username, s.created_at, s.last_seen_at, s.expires_at
       FROM admin_sessions s JOIN admin_users u ON u.id = s.user_id
       WHERE s.id = ?`,
      { replacements: [id], type: QueryTypes.SELECT },
    );
    const row = rows[0];
    if (!row) return null;
    const at = now();
    const lastSeen = Number(row.last_seen_at);
    const expiresAt = Number(row.expires_at);
    if (at >= expiresAt || at - lastSeen >= idleMs) {
      await destroy(token);
      return null;
    }
    if (at - lastSeen >= TOUCH_EVERY_MS) {
      await sequelize.query('UPDATE admin_sessions SET last_seen_at = ? WHERE id = ?', {
        replacements: [at, id],
        type: QueryTypes.UPDATE,
      });
    }
    return {
      id,
      userId: Number(row.user_id),
      username: row.username,
      createdAt: Number(row.created_at),
      expiresAt,
    };
  }

  /** Removes sessions past either timeout; run now and then (e.g. at each login). */
  async function purgeExpired(): Promise<void> {
    const at = now();
    await sequelize.query('DELETE FROM admin_sessions WHERE expires_at <= ? OR last_seen_at <= ?', {
      replacements: [at, at - idleMs],
      type: QueryTypes.DELETE,
    });
  }

  return { create, destroy, resolve, purgeExpired, idleMs, absoluteMs };
}

export type SessionService = ReturnType<typeof createSessionService>;
