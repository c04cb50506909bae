import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../../../tests/support/database.ts';
import { buildAdminTestApp, SAME_ORIGIN } from '../../../tests/support/admin-app.ts';
import { ERROR_CODE_DOCS } from '../../../common/contracts/error-docs.ts';
import { errorDocsAnchor } from '../../../common/contracts/errors.ts';
import { DEVELOPERS_PATH } from '../../../common/contracts/partner.ts';
import type { App } from '../app.ts';
import { createApiKeyService } from '../partner-api/keys/api-key-service.ts';

type Response = Awaited<ReturnType<App['inject']>>;
type Request = InjectOptions & { url: string };

/**
 * Every malformed request Fastify itself refuses (before any route of ours runs) answers with one
 * of our documented codes, never Fastify's internal `FST_ERR_*` code or words: on a partner route
 * as problem+json whose `type` is the developers page's section on that code, on the site's own API
 * in its JSON error shape.
 */
describe.each(testDialects)("Fastify's refusals in our codes, on %s", (dialect) => {
  let db: TestDatabase;
  let app: App;

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    ({ app } = await buildAdminTestApp({ sequelize: db.sequelize, databaseUrl: db.url }));
    // A real key, so each request gets past admission and meets Fastify's own checks.
    apiKey = (await createApiKeyService({ sequelize: db.sequelize }).create({ name: 'Refusals' })).apiKey;
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  let apiKey = '';
  /** Stands for the key, which exists only once the database does. */
  const KEY = { 'x-api-key': 'KEY' };
  const withKey = (request: Request): Request => {
    const headers = { ...(request.headers as Record<string, string> | undefined) };
    if (headers['x-api-key']) headers['x-api-key'] = apiKey;
    return { ...request, headers };
  };
  const SEARCH = '/api/external/crime-search';

  /** Each malformed request with the code it must get: it reaches Fastify before any key check. */
  const MALFORMED: [string, Request, number, string][] = [
    [
      'a body in a content type no parser reads',
      {
        method: 'POST',
        url: SEARCH,
        headers: { ...KEY, 'content-type': 'application/xml' },
        payload: '<a/>',
      },
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    ],
    [
      'a malformed content type',
      { method: 'POST', url: SEARCH, headers: { ...KEY, 'content-type': '/;;' }, payload: '{}' },
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    ],
    [
      'a form body',
      {
        method: 'POST',
        url: SEARCH,
        headers: { ...KEY, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'postcode=SW1A1AA',
      },
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    ],
    [
      'an empty body sent as JSON',
      { method: 'POST', url: SEARCH, headers: { ...KEY, 'content-type': 'application/json' }, payload: '' },
      400,
      'INVALID_JSON',
    ],
    [
      'a body that is not JSON, sent as JSON',
      {
        method: 'POST',
        url: SEARCH,
        headers: { ...KEY, 'content-type': 'application/json' },
        payload: '{"postcode": ',
      },
      400,
      'INVALID_JSON',
    ],
    [
      'a prototype-poisoning body',
      {
        method: 'POST',
        url: SEARCH,
        headers: { ...KEY, 'content-type': 'application/json' },
        payload: '{"__proto__": {"x": 1}}',
      },
      400,
      'INVALID_JSON',
    ],
    [
      'a body over the size limit',
      {
        method: 'POST',
        url: SEARCH,
        headers: { ...KEY, 'content-type': 'application/json' },
        payload: `{"postcode":"${'A'.repeat(300 * 1024)}"}`,
      },
      413,
      'BODY_TOO_LARGE',
    ],
    [
      'a Content-Length the body does not have',
      {
        method: 'POST',
        url: SEARCH,
        headers: { ...KEY, 'content-type': 'application/json', 'content-length': '500' },
        payload: '{}',
      },
      400,
      'BAD_REQUEST',
    ],
    [
      'an address that does not decode',
      { method: 'GET', url: '/api/external/%E0%A4%A' },
      400,
      'INVALID_URL_ENCODING',
    ],
    [
      'a path parameter over the length limit',
      { method: 'GET', url: `/api/external/crime-search/${'x'.repeat(200)}` },
      404,
      'NOT_FOUND',
    ],
    ['a very long address', { method: 'GET', url: `/api/external/${'y'.repeat(8000)}` }, 404, 'NOT_FOUND'],
    ['the wrong method on a route', { method: 'GET', url: SEARCH, headers: KEY }, 404, 'NOT_FOUND'],
    // A state-changing method no route has: the CSRF check, which knows no route to exempt, refuses it.
    ['a state-changing method no route has', { method: 'PATCH', url: SEARCH, headers: KEY }, 403, 'CSRF'],
  ];

  function expectOurs(res: Response, status: number, code: string) {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.body).not.toMatch(/FST_|ERR_/);
    const body = res.json<{ code: string }>();
    expect(body.code).toBe(code);
    expect(Object.keys(ERROR_CODE_DOCS)).toContain(body.code);
  }

  it.each(MALFORMED)(
    'partner API: %s is problem+json with our code',
    async (_what, request, status, code) => {
      const res = await app.inject(withKey(request));
      expectOurs(res, status, code);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json\b/);
      expect(res.json().type).toBe(`http://localhost:80${DEVELOPERS_PATH}#${errorDocsAnchor(code)}`);
    },
  );

  it.each(MALFORMED)("the site's API: %s is its JSON error with one of our codes", async (_what, request) => {
    // The same request aimed at a public route of the site's own API. Its CSRF check may refuse
    // first (a body that is not JSON): that is one of our codes too.
    const url = String(request.url)
      .replace(SEARCH, '/api/crimes/search')
      .replace('/api/external/', '/api/forces/');
    const res = await app.inject({ ...request, url, headers: { ...SAME_ORIGIN, ...request.headers } });
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, res.body).toBeLessThan(500);
    expect(res.body).not.toMatch(/FST_|ERR_/);
    expect(Object.keys(ERROR_CODE_DOCS)).toContain(res.json().code);
    expect(res.headers['content-type']).toMatch(/^application\/json\b/);
  });

  it("maps a path parameter over the router's limit to URL_TOO_LONG", async () => {
    const res = await app.inject({ method: 'GET', url: `/api/forces/${'f'.repeat(150)}` });
    // A path parameter longer than the router reads is refused before any route runs.
    expect([404, 414]).toContain(res.statusCode);
    expect(res.body).not.toMatch(/FST_/);
    expect(['NOT_FOUND', 'URL_TOO_LONG']).toContain(res.json().code);
  });
});
