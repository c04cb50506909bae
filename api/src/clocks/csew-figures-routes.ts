import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  GetCsewFigures,
  ReplaceCsewFigures,
  RevertCsewFigures,
} from '../../../common/contracts/csew-figures.ts';
import { CsewFiguresError, newerReleaseMayExist } from '../../../common/survey/csew-data.ts';
import { assertAdminAuth } from '../admin/auth-plugin.ts';
import { contractRoute } from '../http/contract-route.ts';
import { HttpError } from '../http/errors.ts';
import type { CsewFiguresService, CsewFiguresInUse } from './csew-figures-service.ts';

/**
 * The survey figures in use, for the admin's survey data page, and their replacement by upload:
 * GET, POST (a csew-figures@1 document as the JSON body) and DELETE (back to the shipped file)
 * on /api/admin/csew-figures. Admin only.
 */
export const csewFiguresRoutes: FastifyPluginAsyncTypebox<{
  figures: CsewFiguresService;
  now?: () => number;
}> = async (app, { figures, now = Date.now }) => {
  assertAdminAuth(app, 'csewFiguresRoutes');
  app.addHook('onRequest', app.requireAdmin);

  const describe = (inUse: CsewFiguresInUse) => ({
    ...inUse,
    shipped: inUse.uploadedAt === null,
    newerReleaseMayExist: newerReleaseMayExist(inUse.figures, now()),
  });

  contractRoute(app, GetCsewFigures, {}, async () => describe(await figures.current()));

  contractRoute(app, ReplaceCsewFigures, { bodyLimit: 512 * 1024 }, async (request) => {
    try {
      return describe(await figures.replace(request.body, request.admin?.username ?? 'admin'));
    } catch (error) {
      if (error instanceof CsewFiguresError) {
        throw new HttpError(
          400,
          'INVALID_CSEW_FIGURES',
          `The survey figures were not changed: ${error.message}`,
        );
      }
      throw error;
    }
  });

  contractRoute(app, RevertCsewFigures, {}, async (request) =>
    describe(await figures.revert(request.admin?.username ?? 'admin')),
  );
};
