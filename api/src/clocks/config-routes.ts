import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@fastify/type-provider-typebox';

const ClientConfig = Type.Object({
  realtime: Type.Object({ url: Type.Union([Type.String(), Type.Null()]), port: Type.Integer() }),
  contact: Type.Object({ email: Type.Union([Type.String(), Type.Null()]) }),
});

/**
 * What the browser needs of this deployment: where the realtime server is (a public URL, or the
 * port on this host), and the address of the contact mail link (null: the page shows none).
 */
export const clientConfigRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/config', { schema: { response: { 200: ClientConfig } } }, async () => ({
    realtime: { url: app.config.publicRealtimeUrl ?? null, port: app.config.realtimePort },
    contact: { email: app.config.contactEmail ?? null },
  }));
};
