import { badRequest } from '../http/errors.ts';

/**
 * What keeps the SMTP connection test from being a tool against other machines: it may only reach
 * SMTP ports (not scan a network's other services). How often an admin may run it is a rate limit
 * (smtp-routes.ts).
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
