import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { GetHealth } from '../../../common/contracts/health.ts';
import { isDatabaseReachable } from '../db/connection.ts';
import { contractRoute } from '../http/contract-route.ts';

export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  contractRoute(app, GetHealth, {}, async (_request, reply) => {
    const up = await isDatabaseReachable(app.db);
    return reply.status(up ? 200 : 503).send({
      status: up ? 'ok' : 'degraded',
      database: up ? 'up' : 'down',
      dialect: app.db.getDialect(),
      version: app.appVersion,
      uptimeSeconds: Math.round(process.uptime()),
    });
  });
};
