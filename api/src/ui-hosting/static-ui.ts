import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built UI and answers every non-API GET with index.html, so the browser router
 * handles deep links and renders its own 404 page. Unknown /api paths stay JSON 404s.
 */
export async function registerStaticUi(app: FastifyInstance, uiDir: string): Promise<boolean> {
  const indexFile = join(uiDir, 'index.html');
  if (!existsSync(indexFile)) return false;
  await app.register(fastifyStatic, {
    root: uiDir,
    wildcard: false,
    index: ['index.html'],
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
