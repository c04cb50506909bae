import { badRequest, HttpError, unauthorized } from '../http/errors.ts';
import type { HashPool, HashSlot } from '../security/passwords-pool.ts';
import {
  hashPassword,
  needsRehash,
  randomPassword,
  verifyPassword,
  type PasswordCost,
} from '../security/passwords.ts';
import { tooManyRequests, type RateLimiter, type RateRule } from '../security/rate-limit.ts';
import type { LoginThrottle, ThrottleDecision } from './login-throttle.ts';
import type { SecondFactorService } from './second-factor.ts';
import type { SecurityLog } from './security-log.ts';
import type { SessionService } from './sessions.ts';
import { normaliseUsername, type AdminUserService } from './users.ts';

export const INVALID_CREDENTIALS = 'Invalid credentials';

/**
 * What sign-in works with, each built once by the composition root (composition/admin-auth.ts)
 * and handed in: the service builds none of them.
 */
export interface AuthServiceOptions {
  users: AdminUserService;
  sessions: SessionService;
  /** The app's one rate limiter (services.ts), which also counts the second-factor codes. */
  limiter: RateLimiter;
  throttle: LoginThrottle;
  hashPool: HashPool;
  securityLog: SecurityLog;
  secondFactor: SecondFactorService;
  now?: () => number;
  cost?: PasswordCost;
}

declare const admitted: unique symbol;

/**
 * A sign-in attempt its address's limit has counted and let through (`admitSignIn`). `login`
 * takes only these, so no caller can check a password without the address being counted first.
 */
export interface AdmittedAttempt {
  readonly ip: string;
  /** The address's count, given back if the attempt is refused unchecked. */
  readonly addressCount: ThrottleDecision;
  readonly [admitted]: true;
}

export interface LoginRequest {
  attempt: AdmittedAttempt;
  username: string;
  password: string;
  /** The second factor: a 6-digit TOTP or a recovery code, once the account has one. */
  code?: string;
  userAgent?: string;
  /** The session token the browser already had, if any: it is ended, never reused. */
  previousToken?: string;
}

// Codes typed after a correct password: only someone who has the password can use these up.
const SECOND_FACTOR_RULE: RateRule = { name: 'second-factor', limit: 10, windowMs: 15 * 60_000 };
// Codes a signed-in admin types to turn the second factor on or off, per admin. Its own bucket:
// a stolen session can neither guess on unlimited nor use up the sign-in codes of the real admin.
export const SESSION_CODE_RULE: RateRule = { name: 'session-code', limit: 10, windowMs: 15 * 60_000 };
// At most one "busy" line a minute in the security log, however long a flood lasts.
const BUSY_LOG_EVERY_MS = 60_000;

/**
 * Sign-in and sign-out. Each attempt is counted before anything else (login-throttle), its
 * password checked in the bounded hash pool (refused with 429 when the pool is full), and the
 * outcome written to the security log. An unknown account and a wrong password take the same
 * time and give the same answer, so the login cannot be used to find out which accounts exist.
 */
export function createAuthService(options: AuthServiceOptions) {
  const { users, sessions, limiter, throttle, hashPool, securityLog, secondFactor, now = Date.now } = options;
  let lastBusyLog = -Infinity;
  // Verified against when the account does not exist, so both paths cost one hash.
  let dummyHash: Promise<string> | undefined;
  const getDummyHash = () => (dummyHash ??= hashPassword(randomPassword(), options.cost));

  async function checkPassword(request: LoginRequest, username: string, slot: HashSlot) {
    const user = await users.findByUsername(username);
    const valid = await slot.run(() =>
      user
        ? verifyPassword(request.password, user.passwordHash)
        : getDummyHash().then((hash) => verifyPassword(request.password, hash).then(() => false)),
    );
    return valid && user ? user : null;
  }

  /**
   * A place in the hash pool, taken before the attempt is counted on the account: when the pool
   * is full the attempt is refused unchecked, and gives back its address's count, so a flood
   * that keeps the pool busy spends none of the real admin's attempts.
   */
  async function hashSlotFor(request: LoginRequest, username: string): Promise<HashSlot> {
    try {
      return hashPool.reserve();
    } catch (error) {
      await sessions.destroy(request.previousToken);
      await throttle.refundAddress(request.attempt.ip, request.attempt.addressCount);
      if (now() - lastBusyLog >= BUSY_LOG_EVERY_MS) {
        lastBusyLog = now();
        await securityLog.record({ kind: 'sign-in-busy', username, ip: request.attempt.ip });
      }
      throw error;
    }
  }

  async function checkSecondFactor(request: LoginRequest, user: { id: number; username: string }) {
    if (!request.code) {
      throw unauthorized('Enter the code from your authenticator app.', 'SECOND_FACTOR_REQUIRED');
    }
    const decision = await limiter.consume(SECOND_FACTOR_RULE, String(user.id));
    if (!decision.allowed) {
      throw tooManyRequests('TOO_MANY_ATTEMPTS', 'Too many wrong codes.', decision.retryAfter);
    }
    const used = await secondFactor.verify(user, request.code);
    if (!used) {
      await securityLog.record({
        kind: 'second-factor-failed',
        username: user.username,
        ip: request.attempt.ip,
      });
      throw unauthorized('That code does not match.', 'INVALID_CODE');
    }
    if (used === 'recovery') {
      await securityLog.record({
        kind: 'recovery-code-used',
        username: user.username,
        ip: request.attempt.ip,
      });
    }
  }

  /**
   * Runs a second-factor change that checks a code typed by a signed-in admin: counted first (429
   * before any work once over the limit), a wrong code logged as `second-factor-failed`.
   */
  async function withSessionCode<T>(
    admin: { id: number; username: string },
    ip: string,
    action: 'on' | 'off',
    change: () => Promise<T>,
  ): Promise<T> {
    const decision = await limiter.consume(SESSION_CODE_RULE, String(admin.id));
    if (!decision.allowed) {
      if (decision.firstRefusal) {
        await securityLog.record({
          kind: 'second-factor-failed',
          username: admin.username,
          ip,
          detail: `turning it ${action}: limit reached, ${decision.retryAfter} s left in the window`,
        });
      }
      throw tooManyRequests('TOO_MANY_ATTEMPTS', 'Too many codes tried.', decision.retryAfter);
    }
    try {
      const result = await change();
      await securityLog.record({
        kind: action === 'on' ? 'second-factor-enabled' : 'second-factor-disabled',
        username: admin.username,
        ip,
      });
      return result;
    } catch (error) {
      if (
        error instanceof HttpError &&
        (error.code === 'INVALID_CODE' || error.code === 'INVALID_PASSWORD')
      ) {
        await securityLog.record({
          kind: 'second-factor-failed',
          username: admin.username,
          ip,
          detail: `turning it ${action}${error.code === 'INVALID_PASSWORD' ? ': wrong password' : ''}`,
        });
      }
      throw error;
    }
  }

  /**
   * Turns the signed-in admin's second factor on: re-authenticates first (the current password,
   * checked as at sign-in, argon2 in the hash pool), so a stolen session alone cannot turn it on
   * and lock the real admin out. The place in the pool is taken before the attempt is counted
   * (a full pool answers 429 and spends nothing); the password and the code share the admin's
   * `session-code` limit, and a wrong password is 400 INVALID_PASSWORD, logged like a wrong code.
   */
  async function confirmSecondFactor(
    admin: { id: number; username: string },
    code: string,
    password: string,
    ip: string,
  ): Promise<string[]> {
    const slot = hashPool.reserve();
    try {
      return await withSessionCode(admin, ip, 'on', async () => {
        const user = await users.findByUsername(admin.username);
        const valid =
          user?.id === admin.id && (await slot.run(() => verifyPassword(password, user.passwordHash)));
        if (!valid) throw badRequest('That is not your current password.', 'INVALID_PASSWORD');
        return secondFactor.confirm(admin, code);
      });
    } finally {
      slot.cancel();
    }
  }

  /**
   * Counts a sign-in attempt from `ip`, before anything else is done for it: the route calls this
   * before the request's body is read. Over the limit it ends the session the browser came with
   * and throws the 429.
   */
  async function admitSignIn(ip: string, previousToken?: string): Promise<AdmittedAttempt> {
    const decision = await throttle.admitAddress(ip);
    if (!decision.allowed) await refuse(decision, ip, null, previousToken);
    return { ip, addressCount: decision } as AdmittedAttempt;
  }

  async function refuse(
    decision: ThrottleDecision,
    ip: string,
    username: string | null,
    previousToken: string | undefined,
  ): Promise<never> {
    // Whatever happens next, the session the browser came with is over (no fixation).
    await sessions.destroy(previousToken);
    if (decision.firstRefusal) {
      await securityLog.record({
        kind: 'sign-in-throttled',
        username,
        ip,
        detail: `per ${decision.scope}, ${decision.retryAfter} s left in the window`,
      });
    }
    throw tooManyRequests('TOO_MANY_ATTEMPTS', 'Too many sign-in attempts.', decision.retryAfter);
  }

  async function login(request: LoginRequest) {
    const username = normaliseUsername(request.username);
    const ip = request.attempt.ip;
    const slot = await hashSlotFor(request, username);
    let user;
    try {
      // Counted before anything else is done for it on this account (the session below included).
      const admittedOnAccount = await throttle.admitAccount(username, ip);
      if (!admittedOnAccount.allowed) await refuse(admittedOnAccount, ip, username, request.previousToken);
      await sessions.destroy(request.previousToken);
      user = await checkPassword(request, username, slot);
    } finally {
      slot.cancel();
    }
    if (!user) {
      await securityLog.record({ kind: 'sign-in-failed', username, ip: ip });
      throw unauthorized(INVALID_CREDENTIALS, 'INVALID_CREDENTIALS');
    }
    if (user.secondFactorEnabled) await checkSecondFactor(request, user);

    await throttle.succeeded(username, ip);
    await securityLog.record({
      kind: 'sign-in',
      username,
      ip: ip,
      detail: user.secondFactorEnabled ? 'with second factor' : null,
    });
    if (needsRehash(user.passwordHash, options.cost)) await users.replaceHash(user.id, request.password);
    await sessions.purgeExpired();
    const session = await sessions.create(user.id, { ip: ip, userAgent: request.userAgent });
    return { token: session.token, expiresAt: session.expiresAt, admin: { username: user.username } };
  }

  async function logout(token: string | undefined, client: { ip: string }) {
    const session = await sessions.resolve(token);
    await sessions.destroy(token);
    if (session) await securityLog.record({ kind: 'sign-out', username: session.username, ip: client.ip });
  }

  return {
    admitSignIn,
    login,
    logout,
    resolve: (token: string | undefined) => sessions.resolve(token),
    /** Computes the dummy hash ahead of the first login, so that login is not the slow one. */
    warmUp: () => getDummyHash().then(() => undefined),
    sessions,
    users,
    securityLog,
    secondFactor,
    /** Turns the signed-in admin's second factor on (needs the password; answers the recovery codes, once). */
    confirmSecondFactor,
    /** Turns it off; needs a current code or a recovery code. */
    disableSecondFactor: (admin: { id: number; username: string }, code: string, ip: string) =>
      withSessionCode(admin, ip, 'off', () => secondFactor.disable(admin, code)),
    limiter,
    hashPool,
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
