/**
 * The two messages a visitor can send from the survey clock page: a contact message and an
 * anonymous data-issue report. The browser dialogs and the API validate with these same functions,
 * so the texts a visitor sees are the specification's whichever side refuses.
 */

import type { Static } from 'typebox';
import type { ContactMessageBody, DataIssueReportBody } from '../contracts/email.ts';

export const CONTACT_TEXTS = {
  fillAllFields: 'Please fill in all fields.',
  invalidEmail: 'Please enter a valid email address.',
  describeIssue: 'Please describe the issue before submitting.',
  contactSentTitle: 'Message Sent',
  contactSent: "Thank you for contacting us! We'll get back to you soon.",
  contactFailed: 'Failed to send message. Please try again.',
  reportSentTitle: 'Report Sent',
  reportSent: "Thank you for your feedback! We'll review the issue.",
  reportFailed: 'Failed to send report. Please try again.',
} as const;

/**
 * The longest each field may be, in characters (code points) as people see them; the shared checks
 * below refuse longer in words, in the browser and on the server alike.
 * Generous for people, small enough that a message fits a mail and a database row comfortably.
 * 254 is the longest address SMTP can carry (RFC 5321 path limit).
 */
export const CONTACT_LIMITS = {
  name: 100,
  email: 254,
  message: 5000,
  issue: 5000,
  page: 200,
  timestamp: 40,
} as const;

/** A contact message as the shared check passes it: every field of the posted body, trimmed, present. */
export type ContactMessage = Required<Static<typeof ContactMessageBody>>;

/** A data-issue report as the shared check passes it (a missing page named "Unknown page"). */
export type DataIssueReport = Required<Static<typeof DataIssueReportBody>>;

export type Validation<T> = { ok: true; value: T } | { ok: false; error: string };

/** What a client may send: anything JSON can carry, since the server cannot trust the shape. */
export type UntrustedFields = Record<string, unknown>;

// One "@", something before it, a dot in the domain, and nothing that would break a mail header.
const EMAIL_PATTERN = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:".]+$/;
// Control characters have no place in text people type; single-line fields also refuse line breaks
// (they end up in mail headers and one-line admin listings).
// eslint-disable-next-line no-control-regex -- the point is to find control characters
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
// eslint-disable-next-line no-control-regex -- the point is to find control characters
const CONTROL_IN_LINE = /[\u0000-\u001F\u007F]/;

export function isValidEmailAddress(value: string): boolean {
  return value.length <= CONTACT_LIMITS.email && EMAIL_PATTERN.test(value);
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

function tooLong(label: string, limit: number): string {
  return `The ${label} is too long: please keep it to ${limit.toLocaleString('en-GB')} characters or fewer.`;
}

function notPlainText(label: string): string {
  return `The ${label} contains characters that are not allowed.`;
}

function lengthOf(value: string): number {
  // Counted in characters as people see them (code points), not UTF-16 units.
  return Array.from(value).length;
}

function timestampOf(value: unknown): Validation<string | null> {
  if (value === undefined || value === null || value === '') return { ok: true, value: null };
  if (
    typeof value !== 'string' ||
    value.length > CONTACT_LIMITS.timestamp ||
    Number.isNaN(Date.parse(value))
  ) {
    return { ok: false, error: 'The timestamp must be a date and time such as 2025-06-01T12:00:00Z.' };
  }
  return { ok: true, value };
}

export function validateContactMessage(input: UntrustedFields): Validation<ContactMessage> {
  const name = text(input.name);
  const email = text(input.email);
  const message = text(input.message);
  if (!name || !email || !message) return { ok: false, error: CONTACT_TEXTS.fillAllFields };
  if (!isValidEmailAddress(email)) return { ok: false, error: CONTACT_TEXTS.invalidEmail };
  if (lengthOf(name) > CONTACT_LIMITS.name) return { ok: false, error: tooLong('name', CONTACT_LIMITS.name) };
  if (CONTROL_IN_LINE.test(name)) return { ok: false, error: notPlainText('name') };
  if (lengthOf(message) > CONTACT_LIMITS.message) {
    return { ok: false, error: tooLong('message', CONTACT_LIMITS.message) };
  }
  if (CONTROL_IN_TEXT.test(message)) return { ok: false, error: notPlainText('message') };
  const timestamp = timestampOf(input.timestamp);
  if (!timestamp.ok) return timestamp;
  return { ok: true, value: { name, email, message, timestamp: timestamp.value } };
}

export function validateDataIssueReport(input: UntrustedFields): Validation<DataIssueReport> {
  const issue = text(input.issue);
  const page = text(input.page);
  if (!issue) return { ok: false, error: CONTACT_TEXTS.describeIssue };
  if (lengthOf(issue) > CONTACT_LIMITS.issue) {
    return { ok: false, error: tooLong('description', CONTACT_LIMITS.issue) };
  }
  if (CONTROL_IN_TEXT.test(issue)) return { ok: false, error: notPlainText('description') };
  if (lengthOf(page) > CONTACT_LIMITS.page || CONTROL_IN_LINE.test(page)) {
    return {
      ok: false,
      error: `The page name must be plain text of at most ${CONTACT_LIMITS.page} characters.`,
    };
  }
  const timestamp = timestampOf(input.timestamp);
  if (!timestamp.ok) return timestamp;
  return { ok: true, value: { issue, page: page || 'Unknown page', timestamp: timestamp.value } };
}
