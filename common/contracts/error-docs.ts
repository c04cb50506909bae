import type { ErrorCode } from './errors.ts';

// Apart from errors.ts, which every page's API client loads: only the developers page, the API's
// OpenAPI document and the tests need these explanations, so the other pages do not carry them.
/** What the developers page says of one code: the HTTP status it comes with, and why. */
export interface ErrorCodeDoc {
  status: number;
  description: string;
}

/**
 * Every code's own explanation, listed on the developers page (`/developers#error-<CODE>`), where
 * the `type` of every problem+json answer points. Typed over both lists, so a code added to either
 * without its words fails the typecheck; error-codes.test.ts fails on two codes sharing words.
 */
export const ERROR_CODE_DOCS: Readonly<Record<ErrorCode, ErrorCodeDoc>> = {
  BAD_REQUEST: {
    status: 400,
    description: 'The request could not be used, for a reason no more specific code names.',
  },
  VALIDATION_ERROR: {
    status: 400,
    description:
      'A field breaks the request schema (too long, missing, not a whole number in range…); `details` names each such field.',
  },
  INVALID_UTF8: { status: 400, description: 'The request body is not valid UTF-8 text.' },
  INVALID_JSON: {
    status: 400,
    description: 'The body was sent as application/json but is empty or is not valid JSON.',
  },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    description:
      'The body is in a format the endpoint does not read: send JSON with Content-Type: application/json.',
  },
  BODY_TOO_LARGE: { status: 413, description: 'The request body is over the size limit (256 KB).' },
  INVALID_URL_ENCODING: {
    status: 400,
    description: 'The address contains a percent-encoding that does not decode (such as %E0%A4%A).',
  },
  URL_TOO_LONG: {
    status: 414,
    description:
      'A part of the address (a path parameter) or the request head is longer than the server reads.',
  },
  CSRF: {
    status: 403,
    description:
      'A state-changing request from a browser without this site as its Origin, or not sent as JSON.',
  },
  FORBIDDEN: { status: 403, description: 'The request is understood but not allowed for this caller.' },
  NOT_FOUND: {
    status: 404,
    description: 'No endpoint has this address and method, or the thing asked for does not exist.',
  },
  SERVICE_UNAVAILABLE: {
    status: 503,
    description: 'The database cannot be reached for a moment; retry after the Retry-After seconds.',
  },
  INTERNAL: {
    status: 500,
    description: 'Something failed on the server; the details are in its log, not in the answer.',
  },
  INVALID_AREA: {
    status: 400,
    description: 'The clock area id is not of the form postcode:…, force:… or neighbourhood:…:….',
  },
  UNKNOWN_AREA: {
    status: 404,
    description: 'The clock area is well formed but names no area the store holds.',
  },
  NO_AREA_DATA: {
    status: 404,
    description: 'The area is known, but no crimes are held for it in the months the clock counts.',
  },
  NO_CLOCK_DATA: {
    status: 404,
    description: 'The clock has no figures yet (nothing imported, or no survey figures entered).',
  },
  NO_POLICE_DATA: { status: 503, description: 'No police data has been imported into this store yet.' },
  POSTCODE_REQUIRED: { status: 400, description: 'A radius search was asked for without a postcode.' },
  INVALID_POSTCODE: {
    status: 400,
    description: 'The postcode is not in the shape of a UK postcode (such as SW1A 1AA).',
  },
  INVALID_POSTCODE_PREFIX: {
    status: 400,
    description: 'The start of a postcode given for suggestions cannot begin any UK postcode.',
  },
  POSTCODE_NOT_FOUND: {
    status: 404,
    description:
      'The postcode is outside England and Wales (a Northern Ireland BT postcode, say), where the police data here does not reach.',
  },
  POSTCODE_NOT_HELD: {
    status: 404,
    description:
      'The postcode is well formed, but the store does not hold its position; `suggestion` names the nearest postcode it holds in the same district, when there is one.',
  },
  NEIGHBOURHOOD_REQUIRED: {
    status: 400,
    description: 'A neighbourhood search was asked for without a neighbourhood.',
  },
  FORCE_REQUIRED: {
    status: 400,
    description: 'A force or neighbourhood search was asked for without a police force.',
  },
  MONTH_REQUIRED: { status: 400, description: 'A custom period was asked for without its months.' },
  RANGE_INCOMPLETE: {
    status: 400,
    description: 'A custom period has a start month but no end month, or the other way round.',
  },
  RANGE_REVERSED: { status: 400, description: 'A custom period ends before it starts.' },
  MONTH_OUT_OF_RANGE: {
    status: 400,
    description: 'A month asked for is outside the months the store holds.',
  },
  INVALID_MONTH: { status: 400, description: 'A month is not written as YYYY-MM.' },
  INVALID_PERIOD: {
    status: 400,
    description: 'The period is neither a month (YYYY-MM) nor one of the named presets (RECENT_3_MONTHS…).',
  },
  INVALID_RADIUS: { status: 400, description: 'The search radius is other than the one mile searches use.' },
  INVALID_CATEGORY: {
    status: 400,
    description: 'A crime category is not one of the police.uk category slugs.',
  },
  INVALID_STOP_SEARCH: {
    status: 400,
    description: 'A stop-and-search request needs either a latitude and longitude or a force.',
  },
  FORCE_NOT_FOUND: { status: 404, description: 'No police force has this id.' },
  NEIGHBOURHOOD_NOT_FOUND: { status: 404, description: 'The force has no neighbourhood with this id.' },
  BOUNDARY_NOT_FOUND: { status: 404, description: 'data.police.uk has no boundary for this neighbourhood.' },
  MARK_NOT_FOUND: { status: 404, description: 'No crime of the search is at the map mark asked for.' },
  NO_DATA: {
    status: 404,
    description: 'No police crime data has been imported yet, so there is nothing to search.',
  },
  TOO_MANY_AT_ONCE: {
    status: 429,
    description:
      'Too many expensive reads from one address (or one key and address) are running at once; retry after Retry-After.',
  },
  TOO_MANY_EXPORTS: {
    status: 429,
    description: 'Two downloads from this address are still running; wait for one to finish.',
  },
  EXPORTS_BUSY: {
    status: 503,
    description: 'The server is preparing as many downloads as it can; retry in a few seconds.',
  },
  INVALID_MESSAGE: {
    status: 400,
    description: 'A contact message or data-issue report is missing a field or has one too long.',
  },
  TOO_MANY_MESSAGES: {
    status: 429,
    description: 'This address has sent several contact messages in a short time.',
  },
  INVALID_EMAIL: { status: 400, description: 'The email address is not one a mail can be sent to.' },
  INVALID_CATEGORIES: {
    status: 400,
    description: 'An alert names a crime category that does not exist, or too many.',
  },
  TOO_MANY_ALERT_REQUESTS: {
    status: 429,
    description: 'This address or email has asked for several alerts in a short time.',
  },
  UNKNOWN_TOKEN: {
    status: 404,
    description: "The link's token is unknown, was already used, or has expired.",
  },
  EMAIL_UNAVAILABLE: {
    status: 503,
    description:
      "No mail server is set up, so no alert can be mailed; follow the area's Atom feed instead. GET /api/config says so beforehand (alerts.email).",
  },
  AREA_NOT_PUBLISHED: {
    status: 422,
    description:
      'An alert was asked for an area whose police force publishes no street-level crime data (Greater Manchester Police since July 2019).',
  },
  INVALID_URL: { status: 400, description: 'The oEmbed url is not an absolute address.' },
  NOT_A_CLOCK_PAGE: { status: 404, description: "The oEmbed url is not one of this site's clock pages." },
  FORMAT_NOT_IMPLEMENTED: {
    status: 501,
    description: 'The oEmbed format asked for is not JSON, the only one given.',
  },
  INVALID_KEY_REQUEST: {
    status: 400,
    description:
      'An API key request is missing its name, email, organisation or intended use, or has one too long.',
  },
  TOO_MANY_KEY_REQUESTS: {
    status: 429,
    description: 'Several API key requests have come from this address, or for this email, in a short time.',
  },
  KEY_LINK_USED: {
    status: 410,
    description: 'The link to an approved API key was already opened: a key is shown only once.',
  },
  KEY_LINK_EXPIRED: {
    status: 410,
    description: 'The link to an approved API key is past its expiry; ask again from the developers page.',
  },
  ALREADY_SENT: { status: 409, description: 'The message was already sent, so it cannot be sent again.' },
  API_KEY_INVALID: { status: 401, description: 'The X-API-Key value is not a key this service issued.' },
  API_KEY_MISSING: { status: 401, description: 'The request has no X-API-Key header.' },
  API_KEY_NOT_FOUND: { status: 404, description: 'No API key has this id.' },
  API_KEY_REVOKED: {
    status: 401,
    description: 'The API key was revoked by an administrator and no longer works.',
  },
  IMPORT_RUNNING: { status: 409, description: 'A police data import is already running.' },
  INVALID_CODE: { status: 400, description: 'The second-factor code is wrong, or was already used.' },
  INVALID_CREDENTIALS: { status: 401, description: 'The username or password is wrong.' },
  INVALID_CSEW_FIGURES: {
    status: 400,
    description: 'The survey clock figures entered are incomplete or out of range.',
  },
  INVALID_DOMAIN: { status: 400, description: 'The domain an API key is bound to is not a host name.' },
  INVALID_NAME: { status: 400, description: 'The API key name is empty or longer than 100 characters.' },
  INVALID_PASSWORD: { status: 400, description: 'The new password is too short, too long or too common.' },
  INVALID_SMTP_SETTINGS: { status: 400, description: 'A mail server setting is missing or malformed.' },
  INVALID_WEBHOOK_URL: {
    status: 400,
    description: 'The webhook url is not an https address on the public internet.',
  },
  KEY_REQUEST_DECIDED: { status: 409, description: 'The API key request was already approved or declined.' },
  KEY_REQUEST_NOT_FOUND: { status: 404, description: 'No API key request has this id.' },
  NO_SECRET_KEY: {
    status: 503,
    description: 'The server was started without SECRET_KEY, so it cannot seal secrets.',
  },
  NO_SETUP: {
    status: 409,
    description: 'Second-factor setup was not started, so there is nothing to confirm.',
  },
  ORIGIN_NOT_ALLOWED: {
    status: 403,
    description:
      "The key is bound to a domain and the request's Origin is neither that host nor a subdomain of it.",
  },
  RATE_LIMITED: {
    status: 429,
    description: "The key's daily request limit is used up; it starts again at midnight UTC (Retry-After).",
  },
  SECOND_FACTOR_ENABLED: { status: 409, description: 'The second factor is already on for this account.' },
  SECOND_FACTOR_OFF: { status: 409, description: 'The second factor is not on for this account.' },
  SECOND_FACTOR_REQUIRED: {
    status: 401,
    description: 'The sign-in needs the code from the authenticator app too.',
  },
  SECRET_UNREADABLE: {
    status: 409,
    description: 'A stored secret was sealed with a key the server no longer has.',
  },
  SIGN_IN_BUSY: {
    status: 429,
    description: 'Too many sign-in attempts are being checked right now; retry in a few seconds.',
  },
  SMTP_PASSWORD_REQUIRED: {
    status: 400,
    description: 'A mail server user name was given without its password.',
  },
  SMTP_PORT_NOT_ALLOWED: {
    status: 400,
    description: 'The mail server port is not one of SMTP_ALLOWED_PORTS.',
  },
  TOO_MANY_ATTEMPTS: {
    status: 429,
    description: 'Too many failed sign-in attempts from this address or for this user.',
  },
  TOO_MANY_SMTP_TESTS: { status: 429, description: 'Several mail server tests were sent in a short time.' },
  UNAUTHORIZED: { status: 401, description: 'The request needs an administrator signed in.' },
};
