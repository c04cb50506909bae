import { Type, type Static } from 'typebox';
import { Nullable } from './errors.ts';
import { endpoint } from './endpoint.ts';

/**
 * Email: the public contact and data-issue posts, and the admin's SMTP settings. Field rules and
 * their messages are common/contact/messages.ts' and the SMTP settings service's; these schemas
 * fix the types and keep absurd bodies out; the lengths (CONTACT_LIMITS) are the shared check's,
 * so a too-long field is refused in the specification's words, on either side.
 */

/** Sent when the visitor pressed Send, as their browser reported it (informational only). */
const Timestamp = Type.Optional(Nullable(Type.String()));

/**
 * What a visitor may post: every field optional, so that a missing one gets the shared check's
 * own text (CONTACT_TEXTS.fillAllFields) rather than a schema error. The checked message,
 * ContactMessage, has them all.
 */
export const ContactMessageBody = Type.Object({
  name: Type.Optional(Type.String()),
  email: Type.Optional(Type.String()),
  message: Type.Optional(Type.String()),
  timestamp: Timestamp,
});

/** An anonymous data-issue report as posted; DataIssueReport is it checked. */
export const DataIssueReportBody = Type.Object({
  issue: Type.Optional(Type.String()),
  page: Type.Optional(Type.String()),
  timestamp: Timestamp,
});

const Accepted = Type.Object({ success: Type.Literal(true), message: Type.String() });

export const SendContactMessage = endpoint({
  method: 'POST',
  path: '/api/email/contact',
  body: ContactMessageBody,
  response: { 202: Accepted },
});

export const SendDataIssueReport = endpoint({
  method: 'POST',
  path: '/api/email/data-issue',
  body: DataIssueReportBody,
  response: { 202: Accepted },
});

/** As the settings form sends them: port may be a string; a blank `pass` keeps the stored one. */
export const SmtpSettingsInput = Type.Object({
  host: Type.String({ maxLength: 1000 }),
  port: Type.Union([Type.String({ maxLength: 20 }), Type.Integer()]),
  user: Type.Optional(Type.String({ maxLength: 1000 })),
  pass: Type.Optional(Type.String({ maxLength: 1000 })),
  fromEmail: Type.String({ maxLength: 1000 }),
  adminEmail: Type.String({ maxLength: 1000 }),
  secure: Type.Optional(Type.Boolean()),
});
export type SmtpSettingsInput = Static<typeof SmtpSettingsInput>;

/** Never the password, only whether one is stored. */
export const SmtpSettingsView = Type.Object({
  host: Type.String(),
  port: Type.String(),
  user: Type.String(),
  fromEmail: Type.String(),
  adminEmail: Type.String(),
  secure: Type.Boolean(),
  passwordSet: Type.Boolean(),
  updatedAt: Nullable(Type.String()),
});
export type SmtpSettingsView = Static<typeof SmtpSettingsView>;

export const GetSmtpSettings = endpoint({
  method: 'GET',
  path: '/api/smtp/settings',
  response: { 200: SmtpSettingsView },
});

export const SaveSmtpSettings = endpoint({
  method: 'POST',
  path: '/api/smtp/settings',
  body: SmtpSettingsInput,
  response: { 200: Type.Object({ success: Type.Literal(true), settings: SmtpSettingsView }) },
});

/** A failed connection is still a 200, with `success: false` and the reason in words. */
export const TestSmtpSettings = endpoint({
  method: 'POST',
  path: '/api/smtp/test',
  body: SmtpSettingsInput,
  response: {
    200: Type.Object({
      success: Type.Boolean(),
      message: Type.String(),
      error: Type.Optional(Type.String()),
    }),
  },
});
export type SmtpTestResult = Static<(typeof TestSmtpSettings.response)[200]>;
