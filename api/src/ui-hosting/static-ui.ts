import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isPagePath } from '../../../common/site/page-paths.ts';

/**
 * Serves the built UI. The build writes a brotli and a gzip copy next to every text asset
 * (vite.config.ts), and preCompressed picks the one the browser accepts. Every other non-API
 * GET or HEAD gets index.html, so the browser router handles deep links: with 200 for the app's
 * pages and 404 for anything else (the app then renders its own "Page Not Found").
 */
export async function registerStaticUi(app: FastifyInstance, uiDir: string): Promise<boolean> {
  const indexFile = join(uiDir, 'index.html');
  if (!existsSync(indexFile)) return false;
  await app.register(fastifyStatic, {
    root: uiDir,
    wildcard: false,
    index: ['index.html'],
    preCompressed: true,
    setHeaders(res, path) {
      // Hashed assets never change; the shell must always be revalidated to pick up new builds.
      res.header(
        'cache-control',
        path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  return true;
}

export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/** Whether a request that matched no route should get the app shell rather than a JSON 404. */
export function wantsAppShell(request: FastifyRequest): boolean {
  return (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(request.url);
}

export function sendAppShell(request: FastifyRequest, reply: FastifyReply) {
  return reply
    .status(isPagePath(request.url) ? 200 : 404)
    .header('cache-control', 'no-cache')
    .sendFile('index.html');
}
