import type { FastifyPluginAsync, FastifyPluginOptions } from 'fastify';
import { fastifyPlugin } from 'fastify-plugin';

/**
 * A Fastify plugin that runs in the scope of whoever registers it (fastify-plugin): its hooks and
 * decorators then reach the routes registered beside it, not only those inside it. Security hooks
 * must cover every route.
 */
export function sharedPlugin<Options extends FastifyPluginOptions>(
  name: string,
  plugin: FastifyPluginAsync<Options>,
): FastifyPluginAsync<Options> {
  return fastifyPlugin(plugin, { name, fastify: '5.x' });
}
