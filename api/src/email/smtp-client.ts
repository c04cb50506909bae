import nodemailer from 'nodemailer';

/**
 * The one place that talks SMTP. Every connection has short timeouts, because an SMTP server that
 * accepts the TCP connection and then says nothing would otherwise hold a request or the outbox
 * worker for minutes; and every failure is put in words an administrator can act on.
 */

export interface SmtpConnection {
  host: string;
  port: number;
  secure: boolean;
  /** Empty: the server is used without authentication. */
  username: string;
  password: string;
}

export interface SmtpTimeouts {
  connectionMs: number;
  greetingMs: number;
  socketMs: number;
  /** Upper bound of a whole verify or send, whatever the server does. */
  overallMs: number;
}

export const DEFAULT_SMTP_TIMEOUTS: SmtpTimeouts = {
  connectionMs: 10_000,
  greetingMs: 10_000,
  socketMs: 10_000,
  overallMs: 30_000,
};

export interface OutgoingMail {
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  /** Further header fields (List-Unsubscribe…), written as given. */
  headers?: Record<string, string>;
}

function transportFor(connection: SmtpConnection, timeouts: SmtpTimeouts) {
  return nodemailer.createTransport({
    host: connection.host,
    port: connection.port,
    secure: connection.secure,
    auth: connection.username ? { user: connection.username, pass: connection.password } : undefined,
    connectionTimeout: timeouts.connectionMs,
    greetingTimeout: timeouts.greetingMs,
    socketTimeout: timeouts.socketMs,
    dnsTimeout: timeouts.connectionMs,
    tls: { minVersion: 'TLSv1.2' },
  });
}

class OverallTimeout extends Error {
  readonly code = 'ETIMEDOUT';
}

async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new OverallTimeout(`no answer within ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Connects, says hello, starts TLS where offered and signs in; resolves when all of that worked. */
export async function verifySmtp(
  connection: SmtpConnection,
  timeouts: SmtpTimeouts = DEFAULT_SMTP_TIMEOUTS,
): Promise<void> {
  const transport = transportFor(connection, timeouts);
  try {
    await withTimeout(transport.verify(), timeouts.overallMs);
  } finally {
    transport.close();
  }
}

export async function sendSmtp(
  connection: SmtpConnection,
  mail: OutgoingMail,
  timeouts: SmtpTimeouts = DEFAULT_SMTP_TIMEOUTS,
): Promise<{ messageId: string }> {
  const transport = transportFor(connection, timeouts);
  try {
    const info = await withTimeout(transport.sendMail(mail), timeouts.overallMs);
    return { messageId: String(info.messageId ?? '') };
  } finally {
    transport.close();
  }
}

interface MailError {
  code?: unknown;
  message?: unknown;
  responseCode?: unknown;
  response?: unknown;
}

const TLS_WORDS = /\b(ssl|tls|certificate|cert|wrong version number|handshake|self[- ]signed)\b/i;

/** A failure of verifySmtp or sendSmtp in plain words, naming the likely fix. */
export function describeSmtpError(
  error: unknown,
  connection: Pick<SmtpConnection, 'host' | 'port' | 'secure'>,
) {
  const e = (error ?? {}) as MailError;
  const code = typeof e.code === 'string' ? e.code : '';
  const message = typeof e.message === 'string' ? e.message.replace(/\s+/g, ' ').trim().slice(0, 300) : '';
  const where = `${connection.host}:${connection.port}`;

  if (code === 'EDNS' || /ENOTFOUND|EAI_AGAIN/.test(message)) {
    return `Host not found: "${connection.host}" does not resolve to an address. Check the host name.`;
  }
  if (/ECONNREFUSED/.test(message)) {
    return `Connection refused: nothing accepts connections at ${where}. Check the host and port.`;
  }
  if (code === 'EAUTH') {
    return `Authentication failed: the server rejected the username or password${message ? ` (${message})` : ''}.`;
  }
  if (code === 'ENOAUTH') return 'Authentication failed: the server needs a username and password.';
  if (code === 'ETLS' || TLS_WORDS.test(message)) {
    const hint = connection.secure
      ? 'If the server starts plain and upgrades with STARTTLS (usually port 587), turn "secure" off.'
      : 'If the server expects TLS from the first byte (usually port 465), turn "secure" on.';
    return `TLS problem: the secure connection could not be set up (${message || code}). ${hint}`;
  }
  if (code === 'ETIMEDOUT' || /timed? ?out/i.test(message)) {
    const hint =
      !connection.secure && connection.port === 465
        ? ' Port 465 usually expects TLS from the start: turn "secure" on.'
        : ' Check the host, the port and any firewall in between.';
    return `Timeout: ${where} did not answer in time.${hint}`;
  }
  if (code === 'ECONNECTION' || /ECONNRESET|EPIPE|closed/i.test(message)) {
    return `The server at ${where} closed the connection unexpectedly.`;
  }
  if (typeof e.responseCode === 'number') {
    return `The server refused: ${message || `reply ${e.responseCode}`}.`;
  }
  return `SMTP connection failed${message ? `: ${message}` : '.'}`;
}
