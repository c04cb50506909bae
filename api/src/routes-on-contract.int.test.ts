import type { RouteOptions } from 'fastify';
import type { TSchema } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../common/config/config.ts';
import type { Endpoint, FileEndpoint } from '../../common/contracts/endpoint.ts';
import { GetAreaFeed } from '../../common/contracts/alerts.ts';
import { PostDataUpdateCheck } from '../../common/contracts/data-updates.ts';
import { GetClockImage } from '../../common/contracts/og-image.ts';
import { PartnerExport } from '../../common/contracts/partner.ts';
import { ExportSearch } from '../../common/contracts/search.ts';
import { ENDPOINTS } from '../../common/contracts/index.ts';
import { createTestDatabase, type TestDatabase } from '../../tests/support/database.ts';
import { TEST_SECRET_HEX } from '../../tests/support/admin-app.ts';
import { secretKeyFromHex } from '../../server-common/security/secret-box.ts';
import { buildApp, type App } from './app.ts';

/**
 * Every route the app registers answers JSON from a contract of common/contracts, registered
 * through contractRoute (http/contract-route.ts): its method and path are the contract's, and its
 * params, query, body and response schemas are the contract's own objects. The routes that answer
 * no JSON have a file endpoint of common/contracts each (their request on contract the same way);
 * the one route on no contract is named here, with why.
 */
const NOT_JSON: Record<string, string> = {
  'GET /metrics': 'Prometheus text',
};
/** The endpoints that answer a file, a feed or an image. */
const FILE_ENDPOINTS: Record<string, FileEndpoint> = {
  ExportSearch,
  PartnerExport,
  GetClockImage,
  GetAreaFeed,
};
/** Route prefixes of other kinds of answer. */
const NOT_JSON_PREFIXES: Record<string, string> = {
  '/api/docs': 'the OpenAPI document and its HTML page (@fastify/swagger), not an endpoint',
};
// A plugin's '/' under a prefix is the prefix itself (Fastify answers both).
const urlOf = (route: RouteOptions) => (route.url.length > 1 ? route.url.replace(/\/$/, '') : route.url);
/**
 * The contracts: those the contract test calls, and the data update's "Check now", whose answer
 * starts a run against data.police.uk (its own tests call it, with a double).
 */
const CONTRACTS: Record<string, Endpoint | FileEndpoint> = {
  ...ENDPOINTS,
  PostDataUpdateCheck,
  ...FILE_ENDPOINTS,
};

const nameOf = (method: string, url: string) => `${method} ${url}`;
const methodsOf = (route: RouteOptions) =>
  [route.method].flat().filter((method) => method !== 'HEAD' && method !== 'OPTIONS');

function contractOf(method: string, url: string): Endpoint | FileEndpoint | undefined {
  return Object.values(CONTRACTS).find((endpoint) => endpoint.method === method && endpoint.path === url);
}

/** The route's schemas are the contract's (a documented answer may add OpenAPI words to it). */
function problemsOf(route: RouteOptions, endpoint: Endpoint | FileEndpoint): string[] {
  const schema = (route.schema ?? {}) as Record<string, unknown> & { response?: Record<string, TSchema> };
  const problems: string[] = [];
  for (const part of ['params', 'querystring', 'body'] as const) {
    if (schema[part] !== endpoint[part]) problems.push(`${part} is not the contract's`);
  }
  for (const [status, answer] of Object.entries('response' in endpoint ? endpoint.response : {})) {
    const registered = schema.response?.[status];
    if (
      registered !== answer &&
      JSON.stringify({ ...registered, ...answer }) !== JSON.stringify(registered)
    ) {
      problems.push(`response ${status} is not the contract's`);
    }
  }
  return problems;
}

describe('every JSON route is registered from its contract', () => {
  let db: TestDatabase;
  let app: App;
  const routes: RouteOptions[] = [];

  beforeAll(async () => {
    db = await createTestDatabase('sqlite');
    app = await buildApp({
      config: parseConfig({ DATABASE_URL: db.url, NODE_ENV: 'test' }),
      sequelize: db.sequelize,
      secretKey: secretKeyFromHex(TEST_SECRET_HEX, 'test key'),
      mail: {},
      webhooks: {},
      adminAuth: { cost: { memoryKiB: 1024, passes: 1, parallelism: 1 } },
      onRoute: (route) => routes.push(route),
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('lists each route on a contract, or names why it answers no JSON', () => {
    const offContract: string[] = [];
    for (const route of routes) {
      for (const method of methodsOf(route)) {
        const url = urlOf(route);
        const name = nameOf(method, url);
        const exempt =
          name in NOT_JSON || Object.keys(NOT_JSON_PREFIXES).some((prefix) => url.startsWith(prefix));
        const endpoint = contractOf(method, url);
        const problems = endpoint ? problemsOf(route, endpoint) : ['no contract has this method and path'];
        if (!exempt && problems.length > 0) offContract.push(`${name}: ${problems.join(', ')}`);
      }
    }
    expect(offContract).toEqual([]);
  });

  it('serves every contract endpoint, and lists routes that exist', () => {
    const served = new Set(routes.flatMap((route) => methodsOf(route).map((m) => nameOf(m, urlOf(route)))));
    const unserved = Object.entries(CONTRACTS)
      .filter(([, endpoint]) => !served.has(nameOf(endpoint.method, endpoint.path)))
      .map(([name]) => name);
    expect(unserved).toEqual([]);
    const stale = Object.keys(NOT_JSON).filter((name) => !served.has(name));
    expect(stale).toEqual([]);
  });
});
