import { Type, type FastifyPluginAsyncTypebox, type Static } from '@fastify/type-provider-typebox';
import type { ImportsOverview } from '../../../common/admin/imports.ts';
import { dialectOf, isDatabaseReachable } from '../db/connection.ts';
import { assertAdminAuth } from './auth-plugin.ts';
import { createImportsService } from './imports-service.ts';

const ImportRecord = Type.Object({
  id: Type.Integer(),
  source: Type.String(),
  status: Type.String(),
  synthetic: Type.Boolean(),
  startedAt: Type.Union([Type.String(), Type.Null()]),
  finishedAt: Type.Union([Type.String(), Type.Null()]),
  months: Type.Array(Type.String()),
  forces: Type.Array(Type.String()),
  files: Type.Integer(),
  rowsImported: Type.Integer(),
  rowsSkipped: Type.Integer(),
  durationMs: Type.Union([Type.Integer(), Type.Null()]),
  error: Type.Union([Type.String(), Type.Null()]),
  filesFailed: Type.Integer(),
  failedFiles: Type.Array(Type.Object({ file: Type.String(), error: Type.String() })),
});

const ForceHoldings = Type.Object({
  forceId: Type.String(),
  datasets: Type.Array(
    Type.Object({
      dataset: Type.String(),
      months: Type.Array(Type.String()),
      rows: Type.Integer(),
      synthetic: Type.Boolean(),
    }),
  ),
});

const ImportsOverviewSchema = Type.Object({
  imports: Type.Array(ImportRecord),
  forces: Type.Array(ForceHoldings),
});

// The response schema and the shared contract the browser reads must describe the same shape.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const schemaMatchesContract: Same<Static<typeof ImportsOverviewSchema>, ImportsOverview> = true;
void schemaMatchesContract;

/**
 * GET /api/admin/system (the dashboard's System Information, with true values) and
 * GET /api/admin/imports (recorded imports and the force-months the store holds). Admin only.
 */
export const adminSystemRoutes: FastifyPluginAsyncTypebox = async (app) => {
  assertAdminAuth(app, 'adminSystemRoutes');
  app.addHook('onRequest', app.requireAdmin);
  const imports = createImportsService({ sequelize: app.db });

  app.get(
    '/system',
    {
      schema: {
        response: {
          200: Type.Object({
            version: Type.String(),
            environment: Type.String(),
            database: Type.Object({
              dialect: Type.String(),
              status: Type.Union([Type.Literal('connected'), Type.Literal('unreachable')]),
            }),
          }),
        },
      },
    },
    async () => ({
      version: app.appVersion,
      environment: app.config.nodeEnv,
      database: {
        dialect: dialectOf(app.db),
        status: (await isDatabaseReachable(app.db)) ? ('connected' as const) : ('unreachable' as const),
      },
    }),
  );

  app.get(
    '/imports',
    {
      schema: {
        response: {
          200: ImportsOverviewSchema,
        },
      },
    },
    async () => ({ imports: await imports.recentImports(), forces: await imports.holdings() }),
  );
};
