import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { GetClientConfig } from '../../../common/contracts/health.ts';
import { contractRoute } from '../http/contract-route.ts';

export interface ClientConfigRoutesOptions {
  /** Whether area alerts can be mailed now (a mail server is set up): the pages offer the feed alone otherwise. */
  emailAlerts: () => Promise<boolean>;
}

/** GET /api/config: what the browser needs of this deployment (see the contract). */
export const clientConfigRoutes: FastifyPluginAsyncTypebox<ClientConfigRoutesOptions> = async (
  app,
  { emailAlerts },
) => {
  contractRoute(app, GetClientConfig, {}, async () => ({
    realtime: { url: app.config.publicRealtimeUrl ?? null, port: app.config.realtimePort },
    contact: { email: app.config.contactEmail ?? null },
    map: { tileUrl: app.config.mapTileUrl ?? null, tileAttribution: app.config.mapTileAttribution },
    alerts: { email: await emailAlerts() },
  }));
};
