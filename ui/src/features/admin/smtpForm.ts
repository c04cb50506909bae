import { ApiError } from '../../shared/api.ts';
import type { SmtpSettingsInput, SmtpSettingsView, SmtpTestResult } from './adminApi.ts';

/** Default port: 587, mail submission with STARTTLS; 465 is the SSL/TLS port. */
export const DEFAULT_SMTP_PORT = '587';
export const SSL_SMTP_PORT = '465';

export const SMTP_TEXTS = {
  savedTitle: 'Settings Saved',
  saved: 'SMTP settings have been saved successfully.',
  saveFailedTitle: 'Save Failed',
  saveFailed: 'Failed to save SMTP settings.',
  saveNetwork: 'Network error while saving settings.',
  testOkTitle: 'Test Successful',
  testOk: 'SMTP connection is working!',
  testFailedTitle: 'Test Failed',
  testFailed: 'SMTP connection failed.',
  testNetwork: 'Network error during test.',
  testCompleted: 'Test completed',
  passwordKept: 'A password is set — leave blank to keep it.',
} as const;

export interface SmtpProvider {
  name: string;
  host: string;
  port: string;
  note: string;
}

/** Hints for the common providers. Their rules change; the notes say where to look. */
export const SMTP_PROVIDERS: readonly SmtpProvider[] = [
  {
    name: 'Gmail / Google Workspace',
    host: 'smtp.gmail.com',
    port: DEFAULT_SMTP_PORT,
    note: 'Needs an app password (Google Account → Security → 2-Step Verification → App passwords); the normal account password is refused.',
  },
  {
    name: 'Microsoft 365 / Outlook',
    host: 'smtp.office365.com',
    port: DEFAULT_SMTP_PORT,
    note: 'SMTP AUTH must be allowed for the mailbox by the Microsoft 365 administrator; accounts with multi-factor sign-in need an app password.',
  },
  {
    name: 'Yahoo Mail',
    host: 'smtp.mail.yahoo.com',
    port: DEFAULT_SMTP_PORT,
    note: 'Needs an app password, generated under Account Security.',
  },
  {
    name: 'iCloud Mail',
    host: 'smtp.mail.me.com',
    port: DEFAULT_SMTP_PORT,
    note: 'Needs an app-specific password from the Apple Account sign-in and security page.',
  },
];

/** The form's fields as typed; what is sent is smtpPayload's. */
export interface SmtpFormValues {
  host: string;
  port: string;
  user: string;
  pass: string;
  fromEmail: string;
  adminEmail: string;
  secure: boolean;
}

export function formFromSettings(view: Omit<SmtpSettingsView, 'updatedAt'>): SmtpFormValues {
  return {
    host: view.host,
    port: view.port || DEFAULT_SMTP_PORT,
    user: view.user,
    pass: '',
    fromEmail: view.fromEmail,
    adminEmail: view.adminEmail,
    secure: view.secure,
  };
}

/** Save and Test need at least a host and a username: without them no server can be tried. */
export function canSubmitSmtp(form: SmtpFormValues): boolean {
  return form.host.trim() !== '' && form.user.trim() !== '';
}

/**
 * Ticking SSL/TLS on the submission port moves to the SSL port, and back; a port the admin typed
 * themselves is left alone.
 */
export function withSecure(form: SmtpFormValues, secure: boolean): SmtpFormValues {
  let port = form.port;
  if (secure && port === DEFAULT_SMTP_PORT) port = SSL_SMTP_PORT;
  if (!secure && port === SSL_SMTP_PORT) port = DEFAULT_SMTP_PORT;
  return { ...form, secure, port };
}

/** The trimmed values the server receives. */
export function smtpPayload(form: SmtpFormValues): SmtpSettingsInput {
  return {
    host: form.host.trim(),
    port: form.port.trim(),
    user: form.user.trim(),
    pass: form.pass,
    fromEmail: form.fromEmail.trim(),
    adminEmail: form.adminEmail.trim(),
    secure: form.secure,
  };
}

export interface Outcome {
  ok: boolean;
  title: string;
  /** The toast's text. */
  toast: string;
  /** The result alert's text: the server's message, else "Test completed". */
  alert: string;
}

/**
 * null when no answer came (fetch rejects before any response: a network error); otherwise the
 * server's error text, or undefined when its answer carried none.
 */
function serverMessageOf(error: unknown): string | undefined | null {
  return error instanceof ApiError ? (error.serverMessage ?? undefined) : null;
}

export function saveFailure(error: unknown): Outcome {
  const server = serverMessageOf(error);
  const text = server === null ? SMTP_TEXTS.saveNetwork : (server ?? SMTP_TEXTS.saveFailed);
  return { ok: false, title: SMTP_TEXTS.saveFailedTitle, toast: text, alert: text };
}

/** Also for an answer without its texts, which gets the specification's general words. */
export function testOutcome(result: Pick<SmtpTestResult, 'success'> & Partial<SmtpTestResult>): Outcome {
  if (result.success) {
    return {
      ok: true,
      title: SMTP_TEXTS.testOkTitle,
      toast: SMTP_TEXTS.testOk,
      alert: result.message || SMTP_TEXTS.testCompleted,
    };
  }
  return {
    ok: false,
    title: SMTP_TEXTS.testFailedTitle,
    toast: result.error || result.message || SMTP_TEXTS.testFailed,
    alert: result.message || result.error || SMTP_TEXTS.testCompleted,
  };
}

export function testFailure(error: unknown): Outcome {
  const server = serverMessageOf(error);
  const text = server === null ? SMTP_TEXTS.testNetwork : (server ?? SMTP_TEXTS.testFailed);
  return { ok: false, title: SMTP_TEXTS.testFailedTitle, toast: text, alert: text };
}
