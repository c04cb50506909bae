import { Type, type Static } from 'typebox';
import type { Locale } from '../i18n/locale.ts';
import { endpoint, fileEndpoint } from './endpoint.ts';

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
  /** The same answer (in the body's language) whether or not the address is already subscribed. */
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
