import { Type, type Static } from 'typebox';
import { isValidEmailAddress } from '../contact/messages.ts';
import { MAX_DAILY_RATE_LIMIT } from './api-keys.ts';
import { endpoint } from './endpoint.ts';
import { Nullable } from './errors.ts';

/**
 * Partner API key requests: a partner asks on the developers page (name, email, organisation,
 * intended use), an administrator approves or declines on the API keys page, and an approved
 * partner gets a mail with a link that shows the new key once. The developers form and the key
 * request service check a request with `checkKeyRequest` below, so both refuse the same things.
 */

/** The longest each field may be, in characters as people see them (code points). */
export const KEY_REQUEST_LIMITS = { name: 100, email: 254, organisation: 200, intendedUse: 2000 } as const;
export type KeyRequestField = keyof typeof KEY_REQUEST_LIMITS;
export const KEY_REQUEST_FIELDS = Object.keys(KEY_REQUEST_LIMITS) as KeyRequestField[];

/** Days the link to an approved key works; the mail and the key page say so. */
export const KEY_LINK_DAYS = 7;

const SiteLocale = Type.Union([Type.Literal('en'), Type.Literal('cy')]);

/** What the form sends. Loose on purpose: `checkKeyRequest` decides, in words for people. */
export const KeyRequestBody = Type.Object({
  name: Type.String({ maxLength: 1000 }),
  email: Type.String({ maxLength: 1000 }),
  organisation: Type.String({ maxLength: 1000 }),
  intendedUse: Type.String({ maxLength: 10_000 }),
  /** The language of the page the form is on: the partner's mails are in it. English when omitted. */
  locale: Type.Optional(SiteLocale),
});
export type KeyRequestBody = Static<typeof KeyRequestBody>;
export type KeyRequestFields = Omit<KeyRequestBody, 'locale'>;

/** Why a field is refused: the form words each in its language, the API in English. */
export type KeyRequestIssue = { field: KeyRequestField; problem: 'missing' | 'tooLong' | 'invalid' };
export type KeyRequestCheck =
  { ok: true; value: KeyRequestFields } | { ok: false; issues: KeyRequestIssue[] };

// Control characters have no place in what people type; single-line fields refuse line breaks too
// (they end up in mail headers and the one-line admin listing).
// eslint-disable-next-line no-control-regex -- the point is to find control characters
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
// eslint-disable-next-line no-control-regex -- the point is to find control characters
const CONTROL_IN_LINE = /[\u0000-\u001F\u007F]/;

/** Every field trimmed, present, within its length and plain text; the email one a mail can reach. */
export function checkKeyRequest(fields: KeyRequestFields): KeyRequestCheck {
  const value = {} as KeyRequestFields;
  const issues: KeyRequestIssue[] = [];
  for (const field of KEY_REQUEST_FIELDS) {
    const text = fields[field].trim();
    value[field] = text;
    const control = field === 'intendedUse' ? CONTROL_IN_TEXT : CONTROL_IN_LINE;
    if (text === '') issues.push({ field, problem: 'missing' });
    else if (Array.from(text).length > KEY_REQUEST_LIMITS[field]) issues.push({ field, problem: 'tooLong' });
    else if (control.test(text) || (field === 'email' && !isValidEmailAddress(text)))
      issues.push({ field, problem: 'invalid' });
  }
  return issues.length === 0 ? { ok: true, value } : { ok: false, issues };
}

/** The API's English for a refused request (the form words the issues itself). */
export function keyRequestIssueText({ field, problem }: KeyRequestIssue): string {
  const label = { name: 'name', email: 'email', organisation: 'organisation', intendedUse: 'intended use' }[
    field
  ];
  if (problem === 'missing') return `Please give your ${label}.`;
  if (problem === 'tooLong') return `The ${label} may be at most ${KEY_REQUEST_LIMITS[field]} characters.`;
  return field === 'email'
    ? 'Please enter a valid email address.'
    : `The ${label} contains characters that are not allowed.`;
}

export const RequestApiKey = endpoint({
  method: 'POST',
  path: '/api/developers/key-requests',
  body: KeyRequestBody,
  response: {
    202: Type.Object({
      success: Type.Literal(true),
      /**
       * False when no mail server is configured: the request is kept, and the answer waits until
       * one is. The form says so.
       */
      mailAvailable: Type.Boolean(),
    }),
  },
});

/** The key page's button (opening the page shows nothing: mail scanners open every link). */
export const RevealApiKey = endpoint({
  method: 'POST',
  path: '/api/developers/key-reveal',
  body: Type.Object({ token: Type.String({ minLength: 1, maxLength: 100 }) }),
  response: {
    200: Type.Object({
      success: Type.Literal(true),
      apiKey: Type.String({ description: 'The key itself, shown this once.' }),
      name: Type.String(),
      dailyRateLimit: Type.Integer(),
    }),
  },
});

export const KeyRequestStatus = Type.Union([
  Type.Literal('pending'),
  Type.Literal('approved'),
  Type.Literal('declined'),
]);

export const KeyRequestView = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  organisation: Type.String(),
  intendedUse: Type.String(),
  locale: SiteLocale,
  status: KeyRequestStatus,
  createdAt: Type.String(),
  decidedAt: Nullable(Type.String()),
  /** The key made on approval. */
  apiKeyId: Nullable(Type.Integer()),
  /** Until when the link to the key works; null before approval. */
  linkExpiresAt: Nullable(Type.String()),
  /** When the partner opened the key (once); null until then. */
  linkOpenedAt: Nullable(Type.String()),
});
export type KeyRequestView = Static<typeof KeyRequestView>;

const RequestId = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });

export const ListKeyRequests = endpoint({
  method: 'GET',
  path: '/api/admin/api-key-requests',
  response: {
    200: Type.Object({
      requests: Type.Array(KeyRequestView),
      /** False when no mail server is configured: decisions are mailed once one is. */
      mailAvailable: Type.Boolean(),
    }),
  },
});

export const ApproveKeyRequest = endpoint({
  method: 'POST',
  path: '/api/admin/api-key-requests/:id/approve',
  params: RequestId,
  body: Type.Object({
    dailyRateLimit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_DAILY_RATE_LIMIT })),
    domain: Type.Optional(Nullable(Type.String({ maxLength: 300 }))),
  }),
  response: { 200: Type.Object({ success: Type.Literal(true), request: KeyRequestView }) },
});

export const DeclineKeyRequest = endpoint({
  method: 'POST',
  path: '/api/admin/api-key-requests/:id/decline',
  params: RequestId,
  response: { 200: Type.Object({ success: Type.Literal(true), request: KeyRequestView }) },
});
