/**
 * The app the search benchmarks ask (scripts/bench/search.ts, search-cpu.ts) and the search they
 * ask it: built on a store as the API builds it, asked through app.inject as the search page asks.
 */
import type { Sequelize } from 'sequelize';
import { buildApp, type App } from '../../../api/src/app.ts';
import { parseConfig } from '../../../common/config/config.ts';
import type { BodyOf, ResponseOf } from '../../../common/contracts/endpoint.ts';
import { SearchCrimes } from '../../../common/contracts/search.ts';

export type SearchBody = BodyOf<typeof SearchCrimes>;
export type SearchAnswer = ResponseOf<typeof SearchCrimes>;

/** The app on the store at `url` (open as `sequelize`), ready to be asked. */
export async function searchApp(url: string, sequelize: Sequelize): Promise<App> {
  const app = await buildApp({ config: parseConfig({ DATABASE_URL: url }), sequelize });
  await app.ready();
  return app;
}

/** A 1-mile radius search around `postcode` over the latest 12 months, as the search page sends it. */
export const radiusSearch = (postcode: string): SearchBody => ({
  searchType: 'radius',
  postcode,
  radius: 1,
  startMonth: 'RECENT_12_MONTHS',
  endMonth: '',
});

/**
 * One search through app.inject, with the page's Origin (the app refuses POSTs that do not say
 * which page sent them, its CSRF check; a browser always does). Any answer but 200 throws; the
 * body is left unparsed, so that a measure of the API's CPU holds none of the client's.
 */
export async function injectSearch(app: App, payload: SearchBody) {
  const response = await app.inject({
    method: 'POST',
    url: SearchCrimes.path,
    headers: { origin: 'http://localhost' },
    payload,
  });
  if (response.statusCode !== 200) {
    throw new Error(`search answered ${response.statusCode}: ${response.body.slice(0, 200)}`);
  }
  return response;
}
