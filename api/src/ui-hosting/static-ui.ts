import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  hasWelshTwin,
  LOCALE_COOKIE,
  localeOfPath,
  localizedPath,
  pickLocale,
} from '../../../common/i18n/locale.ts';
import { notFoundTitle, pageMetadata } from '../../../common/site/page-metadata.ts';
import { isEmbedWidgetPath } from '../security/security-plugin.ts';
import { fillShell, withLanguage, withTitle } from './shell.ts';
import { siteOrigin } from './site-origin.ts';

export interface AppShell {
  /** Answers a page request with the shell, its head filled for the page asked (200), or 404. */
  send(request: FastifyRequest, reply: FastifyReply): FastifyReply;
}

/**
 * Serves the built UI. The build writes a brotli and a gzip copy next to every text asset
 * (vite.config.ts), and preCompressed picks the one the browser accepts. Every other non-API
 * GET or HEAD gets index.html, so the browser router handles deep links: with 200 for the app's
 * pages and 404 for anything else (the app then renders its own "Page Not Found"). Each page's
 * shell carries that page's title, description and link-preview tags (common/site/page-metadata.ts),
 * so a shared link previews without running the app. Undefined when no built UI is there.
 */
export async function registerStaticUi(app: FastifyInstance, uiDir: string): Promise<AppShell | undefined> {
  const indexFile = join(uiDir, 'index.html');
  if (!existsSync(indexFile)) return undefined;
  const template = readFileSync(indexFile, 'utf8');
  // The embeddable clocks have their own small page, without the application (ui/embed.html).
  const embedFile = join(uiDir, 'embed.html');
  const embedTemplate = existsSync(embedFile) ? readFileSync(embedFile, 'utf8') : undefined;
  await app.register(fastifyStatic, {
    root: uiDir,
    wildcard: false,
    // "/" is a page like the others: its shell is filled (below), not sent as the file is.
    index: false,
    preCompressed: true,
    setHeaders(res, path) {
      // Hashed assets never change; the shell must always be revalidated to pick up new builds.
      res.header(
        'cache-control',
        path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  return {
    send(request, reply) {
      if (embedTemplate && isEmbedWidgetPath(request.url))
        return sendHtml(request, reply.status(200), embedTemplate);
      const page = pageMetadata(request.url);
      const path = request.url.split(/[?#]/, 1)[0] ?? '/';
      // An English page with a Welsh twin is answered by the visitor's language (cookie, else
      // Accept-Language): caches must keep one answer per language.
      const byLanguage = page !== undefined && localeOfPath(path) === 'en' && hasWelshTwin(path);
      if (byLanguage) {
        reply.header('vary', 'accept-encoding, accept-language, cookie');
        if (wantsWelsh(request, path)) {
          return reply
            .status(302)
            .header('cache-control', 'no-cache')
            .redirect(localizedPath(request.url, 'cy'));
        }
      }
      const origin = siteOrigin(request);
      const locale = localeOfPath(path);
      const head = page
        ? origin
          ? fillShell(template, page, origin)
          : template
        : withTitle(template, notFoundTitle(locale));
      const html = withLanguage(head, locale);
      return sendHtml(request, reply.status(page ? 200 : 404), html);
    },
  };
}

/**
 * Whether an English address should send this visitor to its Welsh twin: they chose Welsh (the
 * `lang` cookie the switch writes), or it is their first visit and their browser asks for Welsh
 * before English. The app does the same in the browser (ui/src/i18n/pageLocale.ts); doing it here
 * spares a page load, and serves crawlers and visitors without scripts.
 */
function wantsWelsh(request: FastifyRequest, path: string): boolean {
  const cookie = request.cookies[LOCALE_COOKIE];
  return pickLocale(request.headers['accept-language'], cookie, path) === 'cy';
}

/** The page, compressed as the browser accepts (a shell of a few kilobytes: well under a millisecond). */
function sendHtml(request: FastifyRequest, reply: FastifyReply, html: string): FastifyReply {
  const accepted = request.headers['accept-encoding'];
  const encoding = accepted ? negotiate(accepted, ['br', 'gzip']) : undefined;
  reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache');
  if (!reply.hasHeader('vary')) reply.header('vary', 'accept-encoding');
  if (encoding === 'br') {
    const body = brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
    return reply.header('content-encoding', 'br').send(body);
  }
  if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(gzipSync(html));
  return reply.send(html);
}

export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/** Whether a request that matched no route should get the app shell rather than a JSON 404. */
export function wantsAppShell(request: FastifyRequest): boolean {
  return (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(request.url);
}
