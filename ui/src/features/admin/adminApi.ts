import { apiPost, type ApiKey } from '../../shared/api.ts';

/**
 * The admin API as the browser sees it. Every route here answers 401 without an admin session,
 * whatever the UI shows; see useAdminResource for what a 401 does to the page.
 */

export interface SystemInfo {
  version: string;
  environment: string;
  database: { dialect: string; status: 'connected' | 'unreachable' };
}

export type { ForceHoldings, ImportRecord, ImportsOverview } from '../../../../common/admin/imports.ts';

export type MessageStatus = 'pending' | 'sent' | 'failed';
export type MessageKind = 'contact' | 'data-issue';

export interface OutboxMessageView {
  id: number;
  kind: MessageKind;
  status: MessageStatus;
  attempts: number;
  createdAt: string;
  sentAt: string | null;
  nextAttemptAt: string | null;
  lastError: string | null;
  payload: {
    name?: string;
    email?: string;
    message?: string;
    issue?: string;
    page?: string;
    timestamp: string | null;
  };
}

export interface MessagesList {
  messages: OutboxMessageView[];
  total: number;
  counts: Record<MessageStatus, number>;
}

export const MESSAGES_PAGE_SIZE = 25;

export function messagesKey(
  status: MessageStatus | undefined,
  offset: number,
  limit = MESSAGES_PAGE_SIZE,
): string {
  const query = new URLSearchParams({ limit: String(limit), offset: String(offset) });
  if (status) query.set('status', status);
  return `/api/admin/messages?${query}`;
}

export function retryMessage(id: number): Promise<{ success: true; message: OutboxMessageView }> {
  // No body: the server's CSRF check accepts a bodyless POST from this origin without a content type.
  return apiPost(['/api/admin/messages', id, 'retry']);
}

/** GET /api/smtp/settings: never the password, only whether one is stored. */
export interface SmtpSettingsView {
  host: string;
  port: string;
  user: string;
  fromEmail: string;
  adminEmail: string;
  secure: boolean;
  passwordSet: boolean;
  updatedAt?: string | null;
}

/** What the form sends: a blank `pass` keeps the stored password. */
export interface SmtpSettingsInput {
  host: string;
  port: string;
  user: string;
  pass: string;
  fromEmail: string;
  adminEmail: string;
  secure: boolean;
}

export interface SmtpTestResult {
  success: boolean;
  message?: string;
  error?: string;
}

export const SMTP_SETTINGS_KEY: ApiKey = '/api/smtp/settings';

export function saveSmtpSettings(input: SmtpSettingsInput) {
  return apiPost<{ success: true; settings: SmtpSettingsView }>('/api/smtp/settings', input);
}

export function testSmtpSettings(input: SmtpSettingsInput) {
  return apiPost<SmtpTestResult>('/api/smtp/test', input);
}

export type SecurityEventKind =
  | 'sign-in'
  | 'sign-in-failed'
  | 'sign-in-throttled'
  | 'sign-in-busy'
  | 'sign-out'
  | 'second-factor-failed'
  | 'recovery-code-used'
  | 'second-factor-enabled'
  | 'second-factor-disabled'
  | 'api-key-created'
  | 'api-key-revoked'
  | 'settings-changed'
  | 'messages-throttled'
  | 'admin-created'
  | 'password-set';

export interface SecurityEventView {
  id: number;
  at: string;
  kind: SecurityEventKind;
  username: string | null;
  addressHash: string | null;
  detail: string | null;
}

export interface SecurityLogList {
  events: SecurityEventView[];
  total: number;
}

export const SECURITY_LOG_PAGE_SIZE = 50;

export function securityLogKey(offset: number, limit = SECURITY_LOG_PAGE_SIZE): string {
  return `/api/admin/security-log?${new URLSearchParams({ limit: String(limit), offset: String(offset) })}`;
}

export interface SecondFactorStatus {
  enabled: boolean;
  enabledAt: string | null;
  recoveryCodesLeft: number;
}

export interface SecondFactorSetup {
  secret: string;
  uri: string;
  qrCode: string;
}

export const SECOND_FACTOR_KEY = '/api/admin/second-factor';

export function startSecondFactorSetup(): Promise<SecondFactorSetup> {
  return apiPost('/api/admin/second-factor/setup');
}

export function confirmSecondFactor(code: string): Promise<{ success: true; recoveryCodes: string[] }> {
  return apiPost('/api/admin/second-factor/confirm', { code });
}

export function disableSecondFactor(code: string): Promise<{ success: true }> {
  return apiPost('/api/admin/second-factor/disable', { code });
}
