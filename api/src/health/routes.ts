import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { GetHealth } from '../../../common/contracts/health.ts';
import { isDatabaseReachable } from '../db/connection.ts';

export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/health', { schema: { response: GetHealth.response } }, async (_request, reply) => {
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
