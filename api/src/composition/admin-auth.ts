import type { Sequelize } from 'sequelize';
import type { SecretBox } from '../../../server-common/security/secret-box.ts';
import { createAuthService } from '../admin/auth-service.ts';
import {
  createLoginThrottle,
  type LoginRefunds,
  type LoginThrottleOptions,
} from '../admin/login-throttle.ts';
import { createSecondFactorService } from '../admin/second-factor.ts';
import { createSecurityLog } from '../admin/security-log.ts';
import { createSessionService, type SessionServiceOptions } from '../admin/sessions.ts';
import { createAdminUserService } from '../admin/users.ts';
import { createHashPool, type HashPoolOptions } from '../security/passwords-pool.ts';
import type { PasswordCost } from '../security/passwords.ts';
import type { RateLimiter } from '../security/rate-limit.ts';

/** What the app's caller sets of admin sign-in (tests: a cheap hash, short windows). */
export interface AdminAuthOptions {
  session?: Omit<SessionServiceOptions, 'sequelize' | 'addressHash' | 'now'>;
  throttle?: Omit<LoginThrottleOptions, 'limiter' | 'refunds' | 'addressHash'>;
  hashPool?: HashPoolOptions;
  /** Lower only in tests; production uses the OWASP cost. */
  cost?: PasswordCost;
}

export interface AdminAuthWiring extends AdminAuthOptions {
  sequelize: Sequelize;
  /** The app's keyed address hash. */
  addressHash: (address: string) => string;
  /** The app's one rate limiter. */
  limiter: RateLimiter;
  /** The login throttle's refunds on this node (composition/caches.ts). */
  loginRefunds: LoginRefunds;
  /** Seals second-factor secrets (SECRET_KEY); without it no second factor can be turned on. */
  secretBox?: SecretBox;
  now?: () => number;
}

/**
 * Part of the composition root (services.ts calls it, nothing else does): admin sign-in and the
 * services it works with (accounts, sessions, the login throttle over the app's rate limiter, the
 * hash pool, the security log, the second factor), each built once here.
 */
export function composeAdminAuth(options: AdminAuthWiring) {
  const { sequelize, addressHash, limiter, loginRefunds, now, cost } = options;
  return createAuthService({
    users: createAdminUserService({ sequelize, now, cost }),
    sessions: createSessionService({ sequelize, addressHash, now, ...options.session }),
    limiter,
    throttle: createLoginThrottle({ limiter, refunds: loginRefunds, addressHash, ...options.throttle }),
    hashPool: createHashPool(options.hashPool),
    securityLog: createSecurityLog({ sequelize, addressHash, now }),
    secondFactor: createSecondFactorService({ sequelize, secretBox: options.secretBox, now }),
    now,
    cost,
  });
}
