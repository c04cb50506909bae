import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { GetImports, GetSystem } from '../../../common/contracts/admin.ts';
import { dialectOf, isDatabaseReachable } from '../db/connection.ts';
import { assertAdminAuth } from './auth-plugin.ts';
import type { ImportsService } from './imports-service.ts';
import { contractRoute } from '../http/contract-route.ts';

/**
 * GET /api/admin/system (the dashboard's System Information, with true values) and
 * GET /api/admin/imports (recorded imports and the force-months the store holds). Admin only.
 */
export const adminSystemRoutes: FastifyPluginAsyncTypebox<{ imports: ImportsService }> = async (
  app,
  { imports },
) => {
  assertAdminAuth(app, 'adminSystemRoutes');
  app.addHook('onRequest', app.requireAdmin);

  contractRoute(app, GetSystem, {}, async () => ({
    version: app.appVersion,
    environment: app.config.nodeEnv,
    database: {
      dialect: dialectOf(app.db),
      status: (await isDatabaseReachable(app.db)) ? ('connected' as const) : ('unreachable' as const),
    },
  }));

  contractRoute(app, GetImports, {}, async () => ({
    imports: await imports.recentImports(),
    forces: await imports.holdings(),
  }));
};
