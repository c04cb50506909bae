/**
 * What the admin screens read and change. The shapes are the API's own (common/contracts/); every
 * route here answers 401 without an admin session, whatever the UI shows: see useAdminQuery for
 * what a 401 does to the page.
 */
export type {
  ImportRecord,
  ImportsOverview,
  MessageStatus,
  MessagesList,
  OutboxMessageView,
  SecondFactorSetup,
  SecurityEventKind,
  SystemInfo,
} from '../../../../common/contracts/admin.ts';
export type {
  SmtpSettingsInput,
  SmtpSettingsView,
  SmtpTestResult,
} from '../../../../common/contracts/email.ts';

export const MESSAGES_PAGE_SIZE = 25;
export const SECURITY_LOG_PAGE_SIZE = 50;
