import { badRequest } from '../http/errors.ts';

/**
 * What keeps the SMTP settings from being a tool against other machines: the mail server may only
 * be on an SMTP port (SMTP_ALLOWED_PORTS), for the connection test, a save, and every send of the
 * outbox worker, whose errors an admin reads back. Otherwise saving a database's or a cache's
 * port and retrying a message would tell open ports from closed ones. How often an admin may run
 * the test is a rate limit (smtp-routes.ts).
 */
export function smtpPortProblem(port: number, allowedPorts: readonly number[]): string | null {
  return allowedPorts.includes(port)
    ? null
    : `Port ${port} is not an SMTP port: the mail server may use ${allowedPorts.join(', ')} ` +
        '(SMTP_ALLOWED_PORTS).';
}

export function assertSmtpPortAllowed(port: number, allowedPorts: readonly number[]): void {
  const problem = smtpPortProblem(port, allowedPorts);
  if (problem) throw badRequest(problem, 'SMTP_PORT_NOT_ALLOWED');
}
