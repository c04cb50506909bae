import { parseConfig } from '../../common/config/config.ts';
import { buildApp, type App } from '../../api/src/app.ts';
import { createAdminUserService } from '../../api/src/admin/users.ts';
import type { AdminAuthOptions } from '../../api/src/composition/admin-auth.ts';
import type { WebhookTuning } from '../../api/src/services.ts';
import type { OutboxOptions } from '../../api/src/email/outbox.ts';
import type { SmtpTimeouts } from '../../api/src/email/smtp-client.ts';
import {
  createSecretBox,
  secretKeyFromHex,
  type SecretBox,
} from '../../server-common/security/secret-box.ts';
import type { PasswordCost } from '../../api/src/security/passwords.ts';
import type { Sequelize } from 'sequelize';

/**
 * The app as server.ts wires it (security, admin auth, SMTP, email, messages, system), for tests.
 * Test-only; never imported by the app.
 */

export const TEST_SECRET_HEX = 'a1'.repeat(32);

/** A clock tests move by hand. */
export function manualClock(start = Date.UTC(2025, 5, 1, 9, 0, 0)) {
  let current = start;
  return {
    now: () => current,
    advance(ms: number) {
      current += ms;
    },
  };
}

export interface AdminTestAppOptions {
  sequelize: Sequelize;
  databaseUrl: string;
  env?: Record<string, string>;
  now?: () => number;
  cost?: PasswordCost;
  smtpTimeouts?: SmtpTimeouts;
  outboxOptions?: Omit<OutboxOptions, 'sequelize' | 'now'>;
  emailThrottle?: { maxPerAddress?: number; windowMs?: number };
  /** Sign-in throttle and hash pool settings (tests of the limits shorten them). */
  adminAuth?: Pick<AdminAuthOptions, 'throttle' | 'hashPool'>;
  /** Partner webhooks (the root builds them with the app's secret key): their settings. */
  webhooks?: WebhookTuning;
  /** Registers more plugins (features app.ts does not wire yet, or test doubles) before `ready`. */
  extraPlugins?: (app: App) => Promise<void>;
}

export async function buildAdminTestApp(options: AdminTestAppOptions) {
  const config = parseConfig({ DATABASE_URL: options.databaseUrl, NODE_ENV: 'test', ...options.env });
  const secretKey = secretKeyFromHex(TEST_SECRET_HEX, 'test key');
  const app: App = await buildApp({
    config,
    sequelize: options.sequelize,
    secretKey,
    mail: { timeouts: options.smtpTimeouts, outboxOptions: options.outboxOptions },
    webhooks: options.webhooks,
    now: options.now,
    adminAuth: { cost: options.cost, ...options.adminAuth },
    emailThrottle: options.emailThrottle,
  });
  await options.extraPlugins?.(app);
  await app.ready();
  // The app's own box seals with this key: the test's opens what it sealed.
  const secretBox: SecretBox = createSecretBox(secretKey);
  return { app, config, secretBox, ...app.mail! };
}

/** Headers of a same-origin browser request made with app.inject (whose Host is localhost:80). */
export const SAME_ORIGIN = { origin: 'http://localhost' } as const;

/** The Set-Cookie value for `name` in a response, or undefined. */
export function cookieFrom(headers: Record<string, unknown>, name: string): string | undefined {
  const raw = headers['set-cookie'];
  const list = Array.isArray(raw) ? (raw as string[]) : typeof raw === 'string' ? [raw] : [];
  for (const cookie of list) {
    const [pair] = cookie.split(';');
    const eq = pair!.indexOf('=');
    if (pair!.slice(0, eq) === name) return pair!.slice(eq + 1);
  }
  return undefined;
}

/** The admin account tests sign in as. */
export const TEST_ADMIN = { username: 'admin', password: 'admin password' } as const;

/** Argon2id at its cheapest, so that creating and signing in test admins takes milliseconds. */
export const CHEAP_PASSWORD_COST: PasswordCost = { memoryKiB: 1024, passes: 1, parallelism: 1 };

/** Creates TEST_ADMIN, its password hashed at CHEAP_PASSWORD_COST. */
export async function createTestAdmin(sequelize: Sequelize): Promise<void> {
  await createAdminUserService({ sequelize, cost: CHEAP_PASSWORD_COST }).create(
    TEST_ADMIN.username,
    TEST_ADMIN.password,
  );
}

/** Signs TEST_ADMIN in; the cookies its requests then carry. */
export async function signInTestAdmin(app: App): Promise<Record<string, string>> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/admin/login',
    headers: SAME_ORIGIN,
    payload: TEST_ADMIN,
  });
  return { cc_session: cookieFrom(res.headers, 'cc_session')! };
}
