import { Type, type Static } from 'typebox';
import type { Locale } from '../i18n/locale.ts';
import { endpoint, fileEndpoint } from './endpoint.ts';
import { Nullable } from './errors.ts';

/**
 * Area alerts by email: a visitor asks for one email per newly imported month about an
 * area (common/clock/area.ts ids), confirms it from a page the confirmation mail links to, and
 * leaves with the token every mail carries. Field rules and their messages are the alerts
 * service's; these schemas fix the types and keep absurd bodies out.
 */

/** One of the site's languages (common/i18n/locale.ts LOCALES). */
const SiteLocale = Type.Union([Type.Literal('en'), Type.Literal('cy')]);

/** Hours a confirmation link works; the mail and the confirmation page say so. */
export const CONFIRMATION_HOURS = 48;

/** The token of a subscription's mails (43 base64url characters: 256 random bits). */
const Token = Type.String({ minLength: 1, maxLength: 100 });

export const SubscribeToAlerts = endpoint({
  method: 'POST',
  path: '/api/alerts',
  body: Type.Object({
    email: Type.String({ maxLength: 400 }),
    /** `postcode:EC2V7HH`, `force:kent` or `neighbourhood:<force>:<id>`. */
    area: Type.String({ maxLength: 200 }),
    /** Crime category slugs to count; all categories when omitted or empty. */
    categories: Type.Optional(Type.Array(Type.String({ maxLength: 60 }), { maxItems: 20 })),
    /** The language of the page the form is on: every mail of the subscription is in it. English when omitted. */
    locale: Type.Optional(SiteLocale),
  }),
  /**
   * The same answer (in the body's language) whether or not the address is already subscribed:
   * the confirmation is queued, not yet sent. 503 `EMAIL_UNAVAILABLE` when no mail server is set
   * up; 422 `AREA_NOT_PUBLISHED` for an area whose force publishes no street-level crime.
   */
  response: { 202: Type.Object({ success: Type.Literal(true), message: Type.String() }) },
});
export type SubscribeToAlertsBody = Static<typeof SubscribeToAlerts.body>;

/** What a confirmed or unsubscribed subscription was for. */
const AlertArea = Type.Object({
  area: Type.String(),
  label: Type.String(),
  neighbourhoodName: Type.Optional(
    Type.String({ description: "A neighbourhood's own name, as the search answer's area gives it." }),
  ),
});
export type AlertAreaAnswer = Static<typeof AlertArea>;

/** The confirmation page's button (a GET of the page confirms nothing). 404 when unknown or expired. */
export const ConfirmAlert = endpoint({
  method: 'POST',
  path: '/api/alerts/confirm',
  body: Type.Object({ token: Token }),
  response: { 200: Type.Intersect([Type.Object({ success: Type.Literal(true) }), AlertArea]) },
});

/**
 * One-click unsubscribe (RFC 8058): the mail's List-Unsubscribe URL, POSTed by a mail provider
 * form-encoded (`List-Unsubscribe=One-Click`) without Origin, or by the unsubscribe page as JSON.
 * The token is the authority. The same answer for a token already used.
 */
export const UnsubscribeFromAlerts = endpoint({
  method: 'POST',
  path: '/api/alerts/unsubscribe',
  querystring: Type.Object({ token: Token }),
  response: { 200: Type.Object({ success: Type.Literal(true) }) },
});

/** Admins see counts only. */
export const AlertCounts = Type.Object({
  /**
   * Confirmation mails the outbox could not send: given up on, or still retried after a failure.
   * A subscriber waits for them in vain, so the dashboard warns.
   */
  undeliveredConfirmations: Type.Integer({ minimum: 0 }),
  /** The mail server's last refusal of one of them ("Connection refused"); null when none failed. */
  lastConfirmationError: Nullable(Type.String()),
  /** Waiting for their address to confirm (deleted after 48 hours). */
  pending: Type.Integer({ minimum: 0 }),
  confirmed: Type.Integer({ minimum: 0 }),
  /** Distinct areas of the confirmed subscriptions. */
  areas: Type.Integer({ minimum: 0 }),
});
export type AlertCounts = Static<typeof AlertCounts>;

export const GetAlertCounts = endpoint({
  method: 'GET',
  path: '/api/admin/alerts',
  response: { 200: AlertCounts },
});

/**
 * An area's months as an Atom feed (RFC 4287); 404 for an unknown area. Not JSON. In Welsh with
 * `?lang=cy`: the feed is an API address (no `/cy` twin, common/i18n/locale.ts), like an embed it
 * carries its language itself, and each language keeps its own URL for caches and feed readers.
 */
const AREA_FEED_PATH = '/api/areas/:area/feed.atom';
export const ATOM_CONTENT_TYPE = 'application/atom+xml';
const GetAreaFeedParams = Type.Object({ area: Type.String({ maxLength: 200 }) });
const GetAreaFeedQuery = Type.Object({ lang: Type.Optional(SiteLocale) });
export const GetAreaFeed = fileEndpoint({
  method: 'GET',
  path: AREA_FEED_PATH,
  params: GetAreaFeedParams,
  querystring: GetAreaFeedQuery,
  produces: [ATOM_CONTENT_TYPE],
});

/** The feed's URL path for an area id, in a language (English has no `lang`). */
export function areaFeedPath(areaId: string, locale: Locale = 'en'): string {
  const path = AREA_FEED_PATH.replace(':area', encodeURIComponent(areaId));
  return locale === 'en' ? path : `${path}?lang=${locale}`;
}

/**
 * The page every alert mail links to: the subscriber's alerts for their address, each with its
 * categories, to change or to stop. The token of the mail is the authority (the subscription it
 * belongs to must be confirmed); it reaches every confirmed subscription of the same address and
 * nothing else. 404 `UNKNOWN_TOKEN` for a token unknown, unconfirmed or of another address.
 */
const ManageQuery = Type.Object({ token: Token });
const ManagedAlertId = Type.Object({ id: Type.Integer({ minimum: 1 }) });
const ManagedAlert = Type.Intersect([
  Type.Object({
    id: Type.Integer(),
    /** Crime category slugs counted; empty for every category. */
    categories: Type.Array(Type.String()),
  }),
  AlertArea,
]);
export type ManagedAlert = Static<typeof ManagedAlert>;
const AlertCategories = Type.Array(Type.String({ maxLength: 60 }), { maxItems: 20 });

export const GetManagedAlerts = endpoint({
  method: 'GET',
  path: '/api/alerts/manage',
  querystring: ManageQuery,
  response: { 200: Type.Object({ email: Type.String(), alerts: Type.Array(ManagedAlert) }) },
});

export const UpdateManagedAlert = endpoint({
  method: 'PUT',
  path: '/api/alerts/manage/:id',
  params: ManagedAlertId,
  querystring: ManageQuery,
  body: Type.Object({ categories: AlertCategories }),
  response: { 200: ManagedAlert },
});

export const DeleteManagedAlert = endpoint({
  method: 'DELETE',
  path: '/api/alerts/manage/:id',
  params: ManagedAlertId,
  querystring: ManageQuery,
  response: { 200: Type.Object({ success: Type.Literal(true) }) },
});
