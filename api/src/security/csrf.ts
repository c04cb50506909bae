/**
 * Cross-site request forgery defence for a cookie-authenticated JSON API (OWASP: "verify origin
 * with standard headers" plus a non-simple content type). A browser always says which page sent a
 * request, and a cross-site form or image can neither fake that nor send application/json without
 * a CORS preflight this API never grants. Pure, so the decision is unit-tested apart from Fastify.
 */
import { GetAreaClock } from '../../../common/contracts/clocks.ts';

export const STATE_CHANGING_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface CsrfRequest {
  method: string;
  /** Host the request was addressed to, as Fastify reports it (may carry a port). */
  host: string;
  protocol: 'http' | 'https';
  /**
   * The route is a partner API route (it authenticates by X-API-Key, never by cookie). Decided by
   * the matched route pattern, so neither a header nor an encoded path can claim it.
   */
  partnerRoute: boolean;
  /**
   * The route takes its authority from a token in the request, never from a cookie (one-click
   * unsubscribe): decided by the matched route pattern, as `partnerRoute` is.
   */
  tokenRoute?: boolean;
  /** The route is a read only the product's own pages may send from a browser (PAGE_READ_ROUTES). */
  pageReadRoute?: boolean;
  headers: {
    origin?: string;
    referer?: string;
    'sec-fetch-site'?: string;
    'content-type'?: string;
    'content-length'?: string;
    'transfer-encoding'?: string;
    'x-api-key'?: string | string[];
  };
}

/** Route patterns of the partner API: the only routes where X-API-Key stands in for the Origin check. */
export const PARTNER_ROUTE_PREFIX = '/api/external/';

export function isPartnerRoute(routePattern: string | undefined): boolean {
  return routePattern?.startsWith(PARTNER_ROUTE_PREFIX) ?? false;
}

/**
 * Routes whose token is the whole authority: RFC 8058's one-click unsubscribe is POSTed by mail
 * providers form-encoded and without Origin, and a forged request without the token does nothing.
 */
export const TOKEN_ROUTES: ReadonlySet<string> = new Set(['/api/alerts/unsubscribe']);

export function isTokenRoute(routePattern: string | undefined): boolean {
  return routePattern !== undefined && TOKEN_ROUTES.has(routePattern);
}

/**
 * Reads (GET) that a browser may send only from the product's own pages, as it may a POST: the
 * area clock, which the pages read where they once ran the area's search (a POST, so guarded
 * here). A GET is no state change, but each costs the store a computation; another site's page
 * must not make its visitors' browsers ask for them.
 */
export const PAGE_READ_ROUTES: ReadonlySet<string> = new Set([GetAreaClock.path]);

export function isPageReadRoute(routePattern: string | undefined): boolean {
  return routePattern !== undefined && PAGE_READ_ROUTES.has(routePattern);
}

export type CsrfVerdict = { ok: true } | { ok: false; reason: string };

/** `scheme://host[:port]` with default ports dropped, or null for anything that is not an http(s) URL. */
export function originOf(value: string | undefined): string | null {
  if (!value || value === 'null') return null;
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.origin;
  } catch {
    return null;
  }
}

function hostOf(origin: string): string {
  return new URL(origin).host;
}

/**
 * @param allowedOrigins  origins trusted besides the request's own host (the public origin, a dev
 *                        server); compared exactly, scheme included.
 */
export function checkCsrf(request: CsrfRequest, allowedOrigins: readonly string[]): CsrfVerdict {
  if (!STATE_CHANGING_METHODS.has(request.method.toUpperCase())) {
    return request.pageReadRoute ? checkPageRead(request, allowedOrigins) : { ok: true };
  }
  // Partner calls authenticate with a key, not a cookie: a forged browser request carries no key.
  // Only on partner routes: elsewhere a key proves nothing, and the cookie still rides along.
  if (request.partnerRoute && request.headers['x-api-key'] !== undefined) return { ok: true };
  if (request.tokenRoute) return { ok: true };

  const sender = originOf(request.headers.origin) ?? originOf(request.headers.referer);
  if (!sender) {
    return {
      ok: false,
      reason: 'The request does not say which page sent it (no usable Origin or Referer header).',
    };
  }
  if (!fromOwnPages(request, sender, allowedOrigins)) {
    return { ok: false, reason: `Requests from ${sender} are not accepted.` };
  }

  const hasBody =
    request.headers['transfer-encoding'] !== undefined ||
    (request.headers['content-length'] !== undefined && request.headers['content-length'] !== '0');
  const contentType = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  if ((hasBody || contentType !== undefined) && contentType !== 'application/json') {
    return { ok: false, reason: 'State-changing requests must send JSON (Content-Type: application/json).' };
  }
  return { ok: true };
}

/** The sender is the request's own host (whatever the scheme: behind a TLS proxy the API sees http) or trusted. */
function fromOwnPages(request: CsrfRequest, sender: string, allowedOrigins: readonly string[]): boolean {
  const ownHost = originOf(`${request.protocol}://${request.host}`);
  if (ownHost !== null && hostOf(ownHost) === hostOf(sender)) return true;
  return allowedOrigins.some((allowed) => originOf(allowed) === sender);
}

/**
 * A page read (PAGE_READ_ROUTES) under the POST's rule, as far as a GET can be judged: a browser
 * sends Origin with a GET only across origins, so a same-origin read carries none; what it always
 * sends is Sec-Fetch-Site. So: an Origin must be the product's; without one, a browser's request
 * from another site (an image, a script, a link: Sec-Fetch-Site other than same-origin or none,
 * the address typed) is refused, as is a Referer of another origin. A request with none of these
 * is no browser's (the realtime server, a script): nothing here can hold it, and the route's own
 * per-address limit counts it.
 */
function checkPageRead(request: CsrfRequest, allowedOrigins: readonly string[]): CsrfVerdict {
  const { origin, referer } = request.headers;
  if (origin !== undefined) {
    const sender = originOf(origin);
    if (!sender) return { ok: false, reason: 'The request does not say which page sent it (Origin null).' };
    if (!fromOwnPages(request, sender, allowedOrigins)) {
      return { ok: false, reason: `Requests from ${sender} are not accepted.` };
    }
    return { ok: true };
  }
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') {
    return { ok: false, reason: 'Only the pages of this site may read this.' };
  }
  const referrer = originOf(referer);
  if (referrer && !fromOwnPages(request, referrer, allowedOrigins)) {
    return { ok: false, reason: `Requests from ${referrer} are not accepted.` };
  }
  return { ok: true };
}
