import { Type, type Static } from 'typebox';
import { PASSWORD_MAX_LENGTH } from './auth.ts';
import { Done, Nullable } from './errors.ts';
import { endpoint } from './endpoint.ts';
import { ListWindow } from './paging.ts';

/** The admin area's own endpoints (api/src/admin/): all answer 401 without an admin session. */

export const SystemInfo = Type.Object({
  version: Type.String(),
  environment: Type.String(),
  database: Type.Object({
    dialect: Type.String(),
    status: Type.Union([Type.Literal('connected'), Type.Literal('unreachable')]),
  }),
});
export type SystemInfo = Static<typeof SystemInfo>;

export const GetSystem = endpoint({
  method: 'GET',
  path: '/api/admin/system',
  response: { 200: SystemInfo },
});

/** A file an import could not bring in, and why (the store kept what it held before). */
export const FailedImportFile = Type.Object({ file: Type.String(), error: Type.String() });
export type FailedImportFile = Static<typeof FailedImportFile>;

export const ImportRecord = Type.Object({
  id: Type.Integer(),
  source: Type.String(),
  status: Type.String({
    description:
      'running, completed, partial (some files not imported), failed, stopped (Ctrl-C or SIGTERM: the file under way rolled back), interrupted (the process died)',
  }),
  synthetic: Type.Boolean(),
  startedAt: Nullable(Type.String()),
  finishedAt: Nullable(Type.String()),
  months: Type.Array(Type.String({ description: 'YYYY-MM' })),
  forces: Type.Array(Type.String()),
  files: Type.Integer(),
  rowsImported: Type.Integer(),
  rowsSkipped: Type.Integer(),
  durationMs: Nullable(Type.Integer()),
  error: Nullable(Type.String()),
  /** How many files were not imported, and the first of them with their reasons. */
  filesFailed: Type.Integer(),
  failedFiles: Type.Array(FailedImportFile),
});
export type ImportRecord = Static<typeof ImportRecord>;

export const ForceHoldings = Type.Object({
  forceId: Type.String(),
  datasets: Type.Array(
    Type.Object({
      dataset: Type.String(),
      months: Type.Array(Type.String()),
      rows: Type.Integer(),
      synthetic: Type.Boolean(),
    }),
  ),
});
export type ForceHoldings = Static<typeof ForceHoldings>;

export const ImportsOverview = Type.Object({
  imports: Type.Array(ImportRecord),
  forces: Type.Array(ForceHoldings),
});
export type ImportsOverview = Static<typeof ImportsOverview>;

/** Recorded imports and the force-months the store holds (the dashboard's Imports card). */
export const GetImports = endpoint({
  method: 'GET',
  path: '/api/admin/imports',
  response: { 200: ImportsOverview },
});

export const MessageStatus = Type.Union([
  Type.Literal('pending'),
  Type.Literal('sent'),
  Type.Literal('failed'),
]);
export type MessageStatus = Static<typeof MessageStatus>;

/** The outbox's kinds the administrator lists and resends (api/src/email/outbox.ts has the others). */
export const ADMIN_MESSAGE_KINDS = ['contact', 'data-issue', 'data-update'] as const;

export const OutboxMessageView = Type.Object({
  id: Type.Integer(),
  kind: Type.Enum(ADMIN_MESSAGE_KINDS),
  status: MessageStatus,
  attempts: Type.Integer(),
  createdAt: Type.String(),
  sentAt: Nullable(Type.String()),
  nextAttemptAt: Nullable(Type.String()),
  lastError: Nullable(Type.String()),
  payload: Type.Object({
    name: Type.Optional(Type.String()),
    email: Type.Optional(Type.String()),
    message: Type.Optional(Type.String()),
    issue: Type.Optional(Type.String()),
    page: Type.Optional(Type.String()),
    timestamp: Nullable(Type.String()),
  }),
});
export type OutboxMessageView = Static<typeof OutboxMessageView>;

/** Contact messages and data-issue reports with their delivery status. */
export const ListMessages = endpoint({
  method: 'GET',
  path: '/api/admin/messages',
  querystring: Type.Object({
    status: Type.Optional(MessageStatus),
    ...ListWindow(),
  }),
  response: {
    200: Type.Object({
      messages: Type.Array(OutboxMessageView),
      total: Type.Integer(),
      counts: Type.Object({ pending: Type.Integer(), sent: Type.Integer(), failed: Type.Integer() }),
    }),
  },
});
export type MessagesList = Static<(typeof ListMessages.response)[200]>;

export const RetryMessage = endpoint({
  method: 'POST',
  path: '/api/admin/messages/:id/retry',
  params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) }),
  response: { 200: Type.Object({ success: Type.Literal(true), message: OutboxMessageView }) },
});

export const SECURITY_EVENT_KINDS = [
  'sign-in',
  'sign-in-failed',
  'sign-in-throttled',
  'sign-in-busy',
  'sign-out',
  'second-factor-failed',
  'recovery-code-used',
  'second-factor-enabled',
  'second-factor-disabled',
  'api-key-created',
  'api-key-revoked',
  'settings-changed',
  'messages-throttled',
  'admin-created',
  'password-set',
] as const;
export const SecurityEventKind = Type.Enum(SECURITY_EVENT_KINDS);
export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number];

export const SecurityEventView = Type.Object({
  id: Type.Integer(),
  at: Type.String(),
  kind: SecurityEventKind,
  username: Nullable(Type.String()),
  addressHash: Nullable(Type.String()),
  detail: Nullable(Type.String()),
});
export type SecurityEventView = Static<typeof SecurityEventView>;

export const ListSecurityLog = endpoint({
  method: 'GET',
  path: '/api/admin/security-log',
  querystring: Type.Object({
    kind: Type.Optional(SecurityEventKind),
    ...ListWindow(),
  }),
  response: { 200: Type.Object({ events: Type.Array(SecurityEventView), total: Type.Integer() }) },
});
export type SecurityLogList = Static<(typeof ListSecurityLog.response)[200]>;

export const SecondFactorStatus = Type.Object({
  enabled: Type.Boolean(),
  enabledAt: Nullable(Type.String()),
  recoveryCodesLeft: Type.Integer(),
});
export type SecondFactorStatus = Static<typeof SecondFactorStatus>;

/** A current code of the authenticator, or a recovery code. */
const Code = Type.Object({ code: Type.String({ minLength: 1, maxLength: 40 }) });

export const GetSecondFactor = endpoint({
  method: 'GET',
  path: '/api/admin/second-factor',
  response: { 200: SecondFactorStatus },
});

export const SetUpSecondFactor = endpoint({
  method: 'POST',
  path: '/api/admin/second-factor/setup',
  response: {
    200: Type.Object({
      secret: Type.String({ description: 'base32, for typing in by hand' }),
      uri: Type.String(),
      qrCode: Type.String({ description: 'data: URL of a PNG' }),
    }),
  },
});
export type SecondFactorSetup = Static<(typeof SetUpSecondFactor.response)[200]>;

/**
 * Turns the second factor on; the recovery codes are in this answer only. Re-authenticates: needs
 * the admin's current password as well as a first code (a wrong password is 400
 * INVALID_PASSWORD), so a stolen session alone cannot turn it on and lock the real admin out.
 */
export const ConfirmSecondFactor = endpoint({
  method: 'POST',
  path: '/api/admin/second-factor/confirm',
  body: Type.Object({
    ...Code.properties,
    password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH }),
  }),
  response: { 200: Type.Object({ success: Type.Literal(true), recoveryCodes: Type.Array(Type.String()) }) },
});

export const DisableSecondFactor = endpoint({
  method: 'POST',
  path: '/api/admin/second-factor/disable',
  body: Code,
  response: { 200: Done },
});
