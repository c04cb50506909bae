import { QueryTypes, UniqueConstraintError, type Sequelize } from 'sequelize';
import {
  DEFAULT_COST,
  hashPassword,
  passwordPolicyProblem,
  randomPassword,
  type PasswordCost,
} from '../security/passwords.ts';

export interface AdminUser {
  id: number;
  username: string;
  passwordHash: string;
  secondFactorEnabled: boolean;
}

export class AdminUserError extends Error {
  override readonly name = 'AdminUserError';
}

const USERNAME_PATTERN = /^[a-z0-9][a-z0-9._@-]{0,63}$/;

/** Usernames are case-insensitive: "Admin" and "admin" are one account. */
export function normaliseUsername(username: string): string {
  return username.trim().toLowerCase();
}

export function usernameProblem(username: string): string | null {
  return USERNAME_PATTERN.test(normaliseUsername(username))
    ? null
    : 'A username is 1 to 64 characters: letters, digits and . _ @ - (starting with a letter or digit).';
}

interface UserRow {
  id: number;
  username: string;
  password_hash: string;
  totp_enabled_at: number | null;
}

export interface AdminUserServiceOptions {
  sequelize: Sequelize;
  now?: () => number;
  /** Lower only in tests that create many accounts; production uses the OWASP cost. */
  cost?: PasswordCost;
}

export function createAdminUserService({
  sequelize,
  now = Date.now,
  cost = DEFAULT_COST,
}: AdminUserServiceOptions) {
  const toUser = (row: UserRow): AdminUser => ({
    id: Number(row.id),
    username: row.username,
    passwordHash: row.password_hash,
    secondFactorEnabled: row.totp_enabled_at != null,
  });

  function checkPassword(password: string) {
    const problem = passwordPolicyProblem(password);
    if (problem) throw new AdminUserError(problem);
  }

  async function findByUsername(username: string): Promise<AdminUser | null> {
    const rows = await sequelize.query<UserRow>(
      'SELECT id, username, password_hash, totp_enabled_at FROM admin_users WHERE username = ?',
      { replacements: [normaliseUsername(username)], type: QueryTypes.SELECT },
    );
    return rows[0] ? toUser(rows[0]) : null;
  }

  async function count(): Promise<number> {
    const [row] = await sequelize.query<{ n: number }>('SELECT COUNT(*) AS n FROM admin_users', {
      type: QueryTypes.SELECT,
    });
    return Number(row?.n ?? 0);
  }

  async function create(username: string, password: string): Promise<AdminUser> {
    const problem = usernameProblem(username);
    if (problem) throw new AdminUserError(problem);
    checkPassword(password);
    const name = normaliseUsername(username);
    const hash = await hashPassword(password, cost);
    const at = now();
    try {
      await sequelize.query(
        'INSERT INTO admin_users (username, password_hash, created_at, updated_at) VALUES (?, ?, ?, ?)',
        { replacements: [name, hash, at, at], type: QueryTypes.INSERT },
      );
    } catch (error) {
      if (error instanceof UniqueConstraintError)
        throw new AdminUserError(`The admin "${name}" already exists.`);
      throw error;
    }
    const user = await findByUsername(name);
    if (!user) throw new Error(`admin ${name} vanished after insert`);
    return user;
  }

  /** Also signs the account out everywhere: a changed password must end sessions opened with the old one. */
  async function setPassword(username: string, password: string): Promise<void> {
    checkPassword(password);
    const user = await findByUsername(username);
    if (!user) throw new AdminUserError(`There is no admin "${normaliseUsername(username)}".`);
    const hash = await hashPassword(password, cost);
    await sequelize.transaction(async (transaction) => {
      await sequelize.query('UPDATE admin_users SET password_hash = ?, updated_at = ? WHERE id = ?', {
        replacements: [hash, now(), user.id],
        type: QueryTypes.UPDATE,
        transaction,
      });
      await sequelize.query('DELETE FROM admin_sessions WHERE user_id = ?', {
        replacements: [user.id],
        type: QueryTypes.DELETE,
        transaction,
      });
    });
  }

  /**
   * The operator's way back (`npm run admin -- remove-second-factor`) for an admin who lost both
   * the authenticator and the recovery codes, or whose stolen session turned the factor on: clears
   * the secret and the recovery codes and signs the account out everywhere, in one transaction.
   * False (and nothing changed) when the account had no second factor on.
   */
  async function removeSecondFactor(username: string): Promise<boolean> {
    const user = await findByUsername(username);
    if (!user) throw new AdminUserError(`There is no admin "${normaliseUsername(username)}".`);
    return sequelize.transaction(async (transaction) => {
      const [, turnedOff] = await sequelize.query(
        `UPDATE admin_users SET totp_secret_enc = NULL, totp_enabled_at = NULL, totp_last_step = NULL,
           updated_at = ? WHERE id = ? AND totp_enabled_at IS NOT NULL`,
        { replacements: [now(), user.id], type: QueryTypes.UPDATE, transaction },
      );
      if (Number(turnedOff) === 0) return false;
      for (const table of ['admin_recovery_codes', 'admin_sessions']) {
        await sequelize.query(`DELETE FROM ${table} WHERE user_id = ?`, {
          replacements: [user.id],
          type: QueryTypes.DELETE,
          transaction,
        });
      }
      return true;
    });
  }

  /** Replaces a hash without touching sessions (a transparent cost upgrade at login). */
  async function replaceHash(userId: number, password: string): Promise<void> {
    const hash = await hashPassword(password, cost);
    await sequelize.query('UPDATE admin_users SET password_hash = ?, updated_at = ? WHERE id = ?', {
      replacements: [hash, now(), userId],
      type: QueryTypes.UPDATE,
    });
  }

  /**
   * On a store with no admin at all, creates `admin` with a random password and returns it so the
   * server can print it once; null when an admin exists (or another node created it just now).
   */
  async function ensureFirstAdmin(): Promise<{ username: string; password: string } | null> {
    if ((await count()) > 0) return null;
    const password = randomPassword();
    try {
      await create('admin', password);
    } catch (error) {
      if (error instanceof AdminUserError && (await count()) > 0) return null;
      throw error;
    }
    return { username: 'admin', password };
  }

  async function list(): Promise<{ username: string; createdAt: number }[]> {
    const rows = await sequelize.query<{ username: string; created_at: number }>(
      'SELECT username, created_at FROM admin_users ORDER BY username',
      { type: QueryTypes.SELECT },
    );
    return rows.map((row) => ({ username: row.username, createdAt: Number(row.created_at) }));
  }

  return {
    findByUsername,
    count,
    create,
    setPassword,
    removeSecondFactor,
    replaceHash,
    ensureFirstAdmin,
    list,
  };
}

export type AdminUserService = ReturnType<typeof createAdminUserService>;
