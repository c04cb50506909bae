import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { GetDataStatus } from '../../../common/contracts/data-status.ts';
import type { cachedByDataVersion } from '../http/etag.ts';
import type { DataStatusService } from './data-status-service.ts';
import { contractRoute } from '../http/contract-route.ts';

export interface DataStatusRoutesOptions {
  dataStatus: DataStatusService;
  /** ETag and Cache-Control from the data version and the import runs (app.ts). */
  cached: ReturnType<typeof cachedByDataVersion>;
}

/** GET /data-status: how current the police data is, per force and month. */
export const dataStatusRoutes: FastifyPluginAsyncTypebox<DataStatusRoutesOptions> = async (
  app,
  { dataStatus, cached },
) => {
  contractRoute(app, GetDataStatus, { ...cached }, async () => dataStatus.status());
};
