import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@fastify/type-provider-typebox';

const ClientConfig = Type.Object({
  realtime: Type.Object({ url: Type.Union([Type.String(), Type.Null()]), port: Type.Integer() }),
});

/** What the browser needs to find the realtime server: a public URL, or the port on this host. */
export const clientConfigRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/config', { schema: { response: { 200: ClientConfig } } }, async () => ({
    realtime: { url: app.config.publicRealtimeUrl ?? null, port: app.config.realtimePort },
  }));
};
