import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@fastify/type-provider-typebox';
import { isDatabaseReachable } from '../db/connection.ts';

const HealthResponse = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('degraded')]),
  database: Type.Union([Type.Literal('up'), Type.Literal('down')]),
  dialect: Type.String(),
  version: Type.String(),
  uptimeSeconds: Type.Number(),
});

export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/health',
    { schema: { response: { 200: HealthResponse, 503: HealthResponse } } },
    async (_request, reply) => {
      const up = await isDatabaseReachable(app.db);
      return reply.status(up ? 200 : 503).send({
        status: up ? 'ok' : 'degraded',
        database: up ? 'up' : 'down',
        dialect: app.db.getDialect(),
        version: app.appVersion,
        uptimeSeconds: Math.round(process.uptime()),
      });
    },
  );
};
