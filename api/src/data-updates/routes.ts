import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PostDataUpdateCheck } from '../../../common/contracts/data-updates.ts';
import { assertAdminAuth } from '../admin/auth-plugin.ts';
import { HttpError } from '../http/errors.ts';
import type { DataUpdater } from './data-updater.ts';
import { contractRoute } from '../http/contract-route.ts';

export interface DataUpdateRoutesOptions {
  updater: Pick<DataUpdater, 'checkNow'>;
}

/** POST /admin/data-updates/check: the dashboard's "Check now". Admin only (session and Origin check). */
export const dataUpdateRoutes: FastifyPluginAsyncTypebox<DataUpdateRoutesOptions> = async (
  app,
  { updater },
) => {
  assertAdminAuth(app, 'dataUpdateRoutes');
  app.addHook('onRequest', app.requireAdmin);
  contractRoute(app, PostDataUpdateCheck, {}, async (_request, reply) => {
    const outcome = await updater.checkNow();
    if (!outcome.started) throw new HttpError(409, 'IMPORT_RUNNING', outcome.reason);
    return reply.status(202).send({
      started: true as const,
      message: 'Checking data.police.uk for new data; the result shows here when the check ends.',
    });
  });
};
