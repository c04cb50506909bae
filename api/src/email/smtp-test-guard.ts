import { badRequest, HttpError } from '../http/errors.ts';

/**
 * What keeps the SMTP connection test from being a tool against other machines: it may only reach
 * SMTP ports (not scan a network's other services), and each admin may run only a few a minute.
 */

export function assertSmtpTestPort(port: number, allowedPorts: readonly number[]): void {
  if (!allowedPorts.includes(port)) {
    throw badRequest(
      `Port ${port} is not an SMTP port: the connection test may use ${allowedPorts.join(', ')} ` +
        '(SMTP_ALLOWED_PORTS).',
      'SMTP_PORT_NOT_ALLOWED',
    );
  }
}

export interface SmtpTestLimiter {
  /** Counts a test for the admin, or throws 429 when the minute's tests are used up. */
  admit(adminId: string | number): void;
}

const MINUTE_MS = 60_000;

/**
 * A fixed one-minute window per admin, counted in this process. Check and count are one
 * synchronous step, so parallel requests cannot all pass the check before any is counted.
 */
export function createSmtpTestLimiter(options: { perMinute: number; now?: () => number }): SmtpTestLimiter {
  const now = options.now ?? Date.now;
  const windows = new Map<string, { start: number; count: number }>();
  return {
    admit(adminId) {
      const at = now();
      for (const [key, window] of windows) if (at - window.start >= MINUTE_MS) windows.delete(key);
      const key = String(adminId);
      const window = windows.get(key) ?? { start: at, count: 0 };
      windows.set(key, window);
      if (window.count >= options.perMinute) {
        const seconds = Math.max(1, Math.ceil((window.start + MINUTE_MS - at) / 1000));
        throw new HttpError(
          429,
          'TOO_MANY_SMTP_TESTS',
          `At most ${options.perMinute} SMTP connection tests a minute; try again in ${seconds} s.`,
          { 'retry-after': String(seconds) },
        );
      }
      window.count += 1;
    },
  };
}
