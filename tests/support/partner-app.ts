import type { App } from '../../api/src/app.ts';
import { searchRoutes } from '../../api/src/search/routes.ts';
import { apiDocsPlugin } from '../../api/src/partner-api/docs/docs-plugin.ts';
import { apiKeyAdminRoutes } from '../../api/src/partner-api/keys/admin-routes.ts';
import { partnerSearchRoutes, type PartnerSearchOptions } from '../../api/src/partner-api/search/routes.ts';

/**
 * Test-only: adds the partner API (docs, admin key routes, the partner search) and the public
 * search to an app from buildAdminTestApp, as server.ts wires them, unless app.ts already does.
 * Use as `buildAdminTestApp({ ..., extraPlugins: (app) => addPartnerApi(app, { now }) })`.
 */
export async function addPartnerApi(app: App, options: Pick<PartnerSearchOptions, 'now' | 'search'> = {}) {
  if (!app.hasDecorator('swagger')) await app.register(apiDocsPlugin);
  if (!app.hasRoute({ method: 'POST', url: '/api/crimes/search' })) {
    await app.register(searchRoutes, { prefix: '/api' });
  }
  if (!app.hasRoute({ method: 'GET', url: '/api/admin/api-keys' })) {
    await app.register(apiKeyAdminRoutes, { prefix: '/api/admin', now: options.now });
  }
  if (!app.hasRoute({ method: 'POST', url: '/api/external/crime-search' })) {
    await app.register(partnerSearchRoutes, { prefix: '/api', ...options });
  }
}
