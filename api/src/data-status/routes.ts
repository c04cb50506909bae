import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { GetDataStatus } from '../../../common/contracts/data-status.ts';
import type { DataStatusService } from './data-status-service.ts';

export interface DataStatusRoutesOptions {
  dataStatus: DataStatusService;
}

/** GET /data-status: how current the police data is, per force and month. */
export const dataStatusRoutes: FastifyPluginAsyncTypebox<DataStatusRoutesOptions> = async (
  app,
  { dataStatus },
) => {
  app.get('/data-status', { schema: { response: GetDataStatus.response } }, async () => dataStatus.status());
};
