import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { forbidden } from '../http/errors.ts';
import {
  checkCsrf,
  isPageReadRoute,
  isPartnerRoute,
  isTokenRoute,
  originOf,
  type CsrfRequest,
} from './csrf.ts';
import { sharedPlugin } from './shared-plugin.ts';
import { embedKindOf } from '../../../common/site/embed-paths.ts';

export interface SecurityOptions {
  /** Origins trusted for state-changing requests besides the request's own host and PUBLIC_ORIGIN. */
  allowedOrigins?: string[];
  /**
   * Where the browser may open connections besides 'self'. Default: the realtime server over ws(s)
   * and http(s) (Socket.IO may start with long-polling), i.e. PUBLIC_REALTIME_URL when set, else
   * the page's host on REALTIME_PORT.
   */
  connectSources?: (pageHost: string) => string[];
  /** Who may frame the pages (the embed widgets aside); default nobody. */
  frameAncestors?: string[];
}

// A host name or IP literal as it may appear in a CSP source; anything else is left out of the header.
const SAFE_HOSTNAME = /^(?:[A-Za-z0-9-]{1,63}\.)*[A-Za-z0-9-]{1,63}$|^\[[0-9A-Fa-f:.]+\]$/;

function hostnameOf(hostHeader: string | undefined): string | null {
  if (!hostHeader) return null;
  try {
    const { hostname } = new URL(`http://${hostHeader}`);
    return SAFE_HOSTNAME.test(hostname) ? hostname : null;
  } catch {
    return null;
  }
}

/** A realtime server's URL as CSP sources: its origin over ws(s) and http(s); none if unsafe in a header. */
function sourcesOf(url: string): string[] {
  const { protocol, host } = new URL(url);
  if (!hostnameOf(host)) return [];
  return [`${protocol === 'https:' ? 'wss' : 'ws'}://${host}`, `${protocol}//${host}`];
}

/** The origin of the map's tile server as a CSP source; none when unset or unsafe in a header. */
export function tileSources(template: string | undefined): string[] {
  if (!template) return [];
  try {
    // The template's braces are not part of the origin: it parses as any URL.
    const { protocol, host } = new URL(template);
    return hostnameOf(host) ? [`${protocol}//${host}`] : [];
  } catch {
    return [];
  }
}

/** Whether `url` asks for one of the public embed widgets' pages (common/site/embed-paths.ts). */
export function isEmbedWidgetPath(url: string): boolean {
  return embedKindOf(url.split('?')[0]!) !== null;
}

/**
 * Security headers and the CSRF check, for the whole app: helmet with a Content Security Policy
 * that allows only the product's own origin (no inline scripts) plus its realtime socket, and a
 * 403 `CSRF` for any state-changing request, or browser's page read (csrf.ts PAGE_READ_ROUTES),
 * not sent by the product's own pages. Register first, before any route.
 */
export const securityPlugin = sharedPlugin(
  'crime-clock-security',
  async (app: FastifyInstance, options: SecurityOptions = {}) => {
    const { publicOrigin, publicRealtimeUrl, realtimePort } = app.config;
    const https = publicOrigin?.startsWith('https://') ?? false;
    const publicHostname = publicOrigin ? new URL(publicOrigin).hostname : undefined;
    const publicRealtimeSources = publicRealtimeUrl ? sourcesOf(publicRealtimeUrl) : undefined;
    const realtimeSources =
      options.connectSources ??
      ((host: string) =>
        publicRealtimeSources ?? [
          `${https ? 'wss' : 'ws'}://${host}:${realtimePort}`,
          `${https ? 'https' : 'http'}://${host}:${realtimePort}`,
        ]);
    const connectSrc = (request: IncomingMessage) => {
      const host = publicHostname ?? hostnameOf(request.headers.host);
      return ["'self'", ...(host ? realtimeSources(host) : [])].join(' ');
    };

    // helmet itself, built once: @fastify/helmet 13 builds a new helmet (and parses the CSP) for
    // every request, a tenth of the main thread's time in a sign-in flood (CPU profile).
    const securityHeaders = helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          baseUri: ["'self'"],
          scriptSrc: ["'self'"],
          scriptSrcAttr: ["'none'"],
          // React sets style attributes (progress bars, chart heights): inline styles, never scripts.
          styleSrc: ["'self'", "'unsafe-inline'"],
          // The search map's tile server (MAP_TILE_URL), for images only and only when configured.
          imgSrc: ["'self'", 'data:', ...tileSources(app.config.mapTileUrl)],
          fontSrc: ["'self'", 'data:'],
          connectSrc: [connectSrc],
          objectSrc: ["'none'"],
          formAction: ["'self'"],
          // Nothing but the embed widgets is ever framed, not even by the product: no clickjacking.
          frameAncestors: options.frameAncestors ?? ["'none'"],
          ...(https ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      // Only meaningful, and only safe to promise, when the site is really served over HTTPS.
      strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
      referrerPolicy: { policy: 'same-origin' },
      crossOriginEmbedderPolicy: false,
      xFrameOptions: { action: 'deny' },
    });
    app.addHook('onRequest', (request, reply, done) => {
      securityHeaders(request.raw, reply.raw, (error?: unknown) =>
        done(error instanceof Error ? error : undefined),
      );
    });

    // The embeddable clocks exist to be framed by partner sites: those pages alone may be framed by
    // anyone. They change nothing and carry no session-bound content. Exact paths only: any other
    // /embed/... URL is the whole app (its router shows whatever it shows), so it stays unframeable.
    app.addHook('onSend', async (request, reply) => {
      // /embed.js is loaded by partner pages beside their clock: a script other sites may load.
      if (request.url.split('?')[0] === '/embed.js')
        reply.header('cross-origin-resource-policy', 'cross-origin');
      if (request.method !== 'GET' || !isEmbedWidgetPath(request.url)) return;
      const csp = reply.getHeader('content-security-policy');
      if (typeof csp === 'string') {
        reply.header('content-security-policy', csp.replace(/frame-ancestors [^;]*/, 'frame-ancestors *'));
      }
      reply.removeHeader('x-frame-options');
    });

    const allowedOrigins = [publicOrigin, ...(options.allowedOrigins ?? [])].filter(
      (origin): origin is string => originOf(origin) !== null,
    );
    // Every path, not only /api: the router decodes "/%61pi/..." to "/api/...", so a prefix test
    // on the raw URL could be walked around, and nothing outside /api changes state anyway.
    app.addHook('onRequest', async (request) => {
      const verdict = checkCsrf(
        {
          method: request.method,
          host: request.host,
          protocol: request.protocol,
          partnerRoute: isPartnerRoute(request.routeOptions.url),
          tokenRoute: isTokenRoute(request.routeOptions.url),
          pageReadRoute: isPageReadRoute(request.routeOptions.url),
          headers: request.headers as CsrfRequest['headers'],
        },
        allowedOrigins,
      );
      if (!verdict.ok) throw forbidden(`Request refused: ${verdict.reason}`, 'CSRF');
    });
  },
);
