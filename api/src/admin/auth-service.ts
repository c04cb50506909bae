import type { Sequelize } from 'sequelize';
import { unauthorized } from '../http/errors.ts';
import {
  hashPassword,
  needsRehash,
  randomPassword,
  verifyPassword,
  type ScryptCost,
} from '../security/passwords.ts';
import { createLoginThrottle, type LoginThrottleOptions } from './login-throttle.ts';
import { createSessionService, type SessionServiceOptions } from './sessions.ts';
import { createAdminUserService, normaliseUsername } from './users.ts';

export const INVALID_CREDENTIALS = 'Invalid credentials';

export interface AuthServiceOptions {
  sequelize: Sequelize;
  now?: () => number;
  session?: Omit<SessionServiceOptions, 'sequelize' | 'now'>;
  throttle?: Omit<LoginThrottleOptions, 'sequelize' | 'now'>;
  cost?: ScryptCost;
}

export interface LoginRequest {
  username: string;
  password: string;
  ip: string;
  userAgent?: string;
  /** The session token the browser already had, if any: it is ended, never reused. */
  previousToken?: string;
}

/**
 * Sign-in and sign-out. An unknown account and a wrong password take the same time and give the
 * same answer, so the login cannot be used to find out which accounts exist.
 */
export function createAuthService(options: AuthServiceOptions) {
  const { sequelize, now = Date.now } = options;
  const users = createAdminUserService({ sequelize, now, cost: options.cost });
  const sessions = createSessionService({ sequelize, now, ...options.session });
  const throttle = createLoginThrottle({ sequelize, now, ...options.throttle });
  // Verified against when the account does not exist, so both paths cost one scrypt.
  let dummyHash: Promise<string> | undefined;
  const getDummyHash = () => (dummyHash ??= hashPassword(randomPassword(), options.cost));

  async function login(request: LoginRequest) {
    const username = normaliseUsername(request.username);
    // Whatever happens next, the session the browser came with is over (no fixation).
    await sessions.destroy(request.previousToken);
    await throttle.check(username, request.ip);

    const user = await users.findByUsername(username);
    const valid = user
      ? await verifyPassword(request.password, user.passwordHash)
      : await verifyPassword(request.password, await getDummyHash()).then(() => false);
    if (!user || !valid) {
      await throttle.recordFailure(username, request.ip);
      throw unauthorized(INVALID_CREDENTIALS, 'INVALID_CREDENTIALS');
    }

    await throttle.recordSuccess(username);
    if (needsRehash(user.passwordHash, options.cost)) await users.replaceHash(user.id, request.password);
    await sessions.purgeExpired();
    const session = await sessions.create(user.id, { ip: request.ip, userAgent: request.userAgent });
    return { token: session.token, expiresAt: session.expiresAt, admin: { username: user.username } };
  }

  return {
    login,
    logout: (token: string | undefined) => sessions.destroy(token),
    resolve: (token: string | undefined) => sessions.resolve(token),
    /** Computes the dummy hash ahead of the first login, so that login is not the slow one. */
    warmUp: () => getDummyHash().then(() => undefined),
    sessions,
    users,
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
