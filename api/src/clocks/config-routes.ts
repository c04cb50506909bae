import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { GetClientConfig } from '../../../common/contracts/health.ts';
import { contractRoute } from '../http/contract-route.ts';

/** GET /api/config: what the browser needs of this deployment (see the contract). */
export const clientConfigRoutes: FastifyPluginAsyncTypebox = async (app) => {
  contractRoute(app, GetClientConfig, {}, async () => ({
    realtime: { url: app.config.publicRealtimeUrl ?? null, port: app.config.realtimePort },
    contact: { email: app.config.contactEmail ?? null },
    map: { tileUrl: app.config.mapTileUrl ?? null, tileAttribution: app.config.mapTileAttribution },
  }));
};
