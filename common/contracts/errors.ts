import { Type, type Static } from 'typebox';

/** The one error shape every API route answers with, 4xx and 5xx alike. */
export const ErrorBody = Type.Object(
  {
    success: Type.Literal(false),
    error: Type.String({ description: 'A message for people (English).' }),
    code: Type.String({
      description: 'A stable code for programs; the public pages word it in their language.',
    }),
    details: Type.Optional(Type.Array(Type.String())),
    retryAfterSeconds: Type.Optional(
      Type.Integer({
        minimum: 0,
        description: 'A refusal for too many requests: the wait, as in Retry-After.',
      }),
    ),
    suggestion: Type.Optional(
      Type.String({
        description:
          'Something to try instead, when one is known: for POSTCODE_NOT_HELD, the held postcode of the same district nearest the one asked for.',
      }),
    ),
  },
  { title: 'Error' },
);
export type ErrorBody = Static<typeof ErrorBody>;

/** `{ success: true }`, the answer of an action that has nothing else to say. */
export const Done = Type.Object({ success: Type.Literal(true) });

export const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

/**
 * Every code a public route (the pages' own API: clocks, search and its map, forces, postcodes,
 * contact, alerts, data status, oEmbed) can answer with. The API words its errors in English only;
 * a public page words each of these codes itself, in its language (messages `errors.code.<CODE>`,
 * ui/src/shared/failureMessage.ts), so the API needs no language of its own.
 * api/src/http/error-codes.test.ts fails when the API throws a code that is in neither this list
 * nor ENGLISH_ONLY_ERROR_CODES.
 */
export const PUBLIC_ERROR_CODES = [
  // Any route
  'BAD_REQUEST',
  'VALIDATION_ERROR',
  'INVALID_UTF8',
  'INVALID_JSON',
  'UNSUPPORTED_MEDIA_TYPE',
  'BODY_TOO_LARGE',
  'INVALID_URL_ENCODING',
  'URL_TOO_LONG',
  'CSRF',
  'FORBIDDEN',
  'NOT_FOUND',
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
  // Clocks and their areas
  'INVALID_AREA',
  'UNKNOWN_AREA',
  'NO_AREA_DATA',
  'NO_CLOCK_DATA',
  'NO_POLICE_DATA',
  // Search, its map and exports; forces, neighbourhoods and postcodes
  'POSTCODE_REQUIRED',
  'INVALID_POSTCODE',
  'INVALID_POSTCODE_PREFIX',
  'POSTCODE_NOT_FOUND',
  // A well-formed postcode the store's postcode list lacks (the sample's, or a list without a
  // postcode service behind it): not the visitor's typing, so not POSTCODE_NOT_FOUND.
  'POSTCODE_NOT_HELD',
  'NEIGHBOURHOOD_REQUIRED',
  'FORCE_REQUIRED',
  'MONTH_REQUIRED',
  'RANGE_INCOMPLETE',
  'RANGE_REVERSED',
  'MONTH_OUT_OF_RANGE',
  'INVALID_MONTH',
  'INVALID_PERIOD',
  'INVALID_RADIUS',
  'INVALID_CATEGORY',
  'INVALID_STOP_SEARCH',
  'FORCE_NOT_FOUND',
  'NEIGHBOURHOOD_NOT_FOUND',
  'BOUNDARY_NOT_FOUND',
  'MARK_NOT_FOUND',
  'NO_DATA',
  'TOO_MANY_AT_ONCE',
  'TOO_MANY_EXPORTS',
  'EXPORTS_BUSY',
  // Contact and data-issue messages
  'INVALID_MESSAGE',
  'TOO_MANY_MESSAGES',
  // Alerts
  'INVALID_EMAIL',
  'INVALID_CATEGORIES',
  'TOO_MANY_ALERT_REQUESTS',
  'UNKNOWN_TOKEN',
  'EMAIL_UNAVAILABLE',
  'AREA_NOT_PUBLISHED',
  // oEmbed
  'INVALID_URL',
  'NOT_A_CLOCK_PAGE',
  'FORMAT_NOT_IMPLEMENTED',
  // Partner API key requests (the developers page)
  'INVALID_KEY_REQUEST',
  'TOO_MANY_KEY_REQUESTS',
  'KEY_LINK_USED',
  'KEY_LINK_EXPIRED',
] as const;
export type PublicErrorCode = (typeof PUBLIC_ERROR_CODES)[number];

/**
 * Codes only the admin pages, the partner API (`/api/external/*`, whose messages stay English) and
 * the metrics answer with: no public page shows them, so they have no Welsh.
 */
export const ENGLISH_ONLY_ERROR_CODES = [
  'ALREADY_SENT',
  'API_KEY_INVALID',
  'API_KEY_MISSING',
  'API_KEY_NOT_FOUND',
  'API_KEY_REVOKED',
  'IMPORT_RUNNING',
  'INVALID_CODE',
  'INVALID_CREDENTIALS',
  'INVALID_CSEW_FIGURES',
  'INVALID_DOMAIN',
  'INVALID_NAME',
  'INVALID_PASSWORD',
  'INVALID_SMTP_SETTINGS',
  'INVALID_WEBHOOK_URL',
  'KEY_REQUEST_DECIDED',
  'KEY_REQUEST_NOT_FOUND',
  'NO_SECRET_KEY',
  'NO_SETUP',
  'ORIGIN_NOT_ALLOWED',
  'RATE_LIMITED',
  'SECOND_FACTOR_ENABLED',
  'SECOND_FACTOR_OFF',
  'SECOND_FACTOR_REQUIRED',
  'SECRET_UNREADABLE',
  'SIGN_IN_BUSY',
  'SMTP_PASSWORD_REQUIRED',
  'SMTP_PORT_NOT_ALLOWED',
  'TOO_MANY_ATTEMPTS',
  'TOO_MANY_SMTP_TESTS',
  'UNAUTHORIZED',
] as const;

const PUBLIC = new Set<string>(PUBLIC_ERROR_CODES);

export function isPublicErrorCode(code: string): code is PublicErrorCode {
  return PUBLIC.has(code);
}

export type ErrorCode = PublicErrorCode | (typeof ENGLISH_ONLY_ERROR_CODES)[number];

/** The developers page's section for a code: every problem `type` points at one. */
export const errorDocsAnchor = (code: string) => `error-${code}`;
