import { STATUS_CODES } from 'node:http';
import { QueryTypes } from 'sequelize';
import { Value } from 'typebox/value';
import type { TSchema } from '@fastify/type-provider-typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../../../tests/support/database.ts';
import { curlExample } from '../../../ui/src/features/admin/api-keys/usageExample.ts';
import type { App } from '../app.ts';
import { buildAdminTestApp, cookieFrom, manualClock, SAME_ORIGIN } from '../../../tests/support/admin-app.ts';
import { createAdminUserService } from '../admin/users.ts';
import { CENTRE_POSTCODE, loadFixture } from '../../../tests/support/search-fixture.ts';
import { MAX_PAGE, MAX_PAGE_SIZE } from '../../../common/contracts/paging.ts';
import { hashApiKey } from './keys/key-format.ts';
import { EXAMPLE_RESPONSE, PARTNER_ERRORS } from './search/openapi.ts';
import {
  API_KEY_HEADER,
  PartnerProblem,
  PartnerSearchBody,
  PartnerSearchResponse,
} from '../../../common/contracts/partner.ts';

/**
 * The partner API through HTTP (app.inject): admin key management, the partner crime search with
 * every error it can answer, its headers and CORS, and the OpenAPI document.
 */

const COOKIE = 'cc_session';
const PASSWORD = 'correct horse battery staple';
const URL_PATH = '/api/external/crime-search';
const NOW = Date.UTC(2025, 5, 1, 21, 0, 0);
const NEXT_MIDNIGHT = Date.UTC(2025, 5, 2) / 1000;
const QUERY = { postcode: CENTRE_POSTCODE, radius: 1, startMonth: 'RECENT_3_MONTHS', endMonth: '' };

type Response = Awaited<ReturnType<App['inject']>>;

interface MediaType {
  schema: { required?: string[]; properties: Record<string, unknown> };
  example?: unknown;
  examples?: Record<string, unknown>;
}
interface Operation {
  security: unknown;
  requestBody: { content: Record<string, MediaType> };
  responses: Record<string, { headers?: Record<string, unknown>; content: Record<string, MediaType> }>;
}
interface OpenApiDocument {
  openapi: string;
  info: { description: string };
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; in: string; name: string }> };
}

/** Paths in `value` that the schema does not describe (objects with `properties` only). */
function undocumented(schema: TSchema, value: unknown, path = ''): string[] {
  const s = schema as Record<string, unknown>;
  if (Array.isArray(s.anyOf)) {
    const branch = (s.anyOf as TSchema[]).find((b) => Value.Check(b, value));
    return branch ? undocumented(branch, value, path) : [];
  }
  if (Array.isArray(value) && s.items)
    return value.flatMap((v, i) => undocumented(s.items as TSchema, v, `${path}[${i}]`));
  if (value && typeof value === 'object' && s.properties) {
    const properties = s.properties as Record<string, TSchema>;
    return Object.entries(value).flatMap(([key, v]) =>
      key in properties ? undocumented(properties[key]!, v, `${path}.${key}`) : [`${path}.${key}`],
    );
  }
  return [];
}

describe.each(testDialects)('partner API on %s', (dialect) => {
  let db: TestDatabase;
  let app: App;
  let session: string;
  const clock = manualClock(NOW);

  const admin = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url, payload, headers: SAME_ORIGIN, cookies: { [COOKIE]: session } });

  async function createKey(body: object): Promise<{ apiKey: string; id: number }> {
    const res = await admin('POST', '/api/admin/api-keys', body);
    expect(res.statusCode, res.body).toBe(201);
    return { apiKey: res.json().apiKey, id: res.json().key.id };
  }

  const partner = (
    apiKey: string | undefined,
    payload: object | string = QUERY,
    headers: Record<string, string> = {},
  ) =>
    app.inject({
      method: 'POST',
      url: URL_PATH,
      headers: {
        ...(apiKey === undefined ? {} : { 'x-api-key': apiKey }),
        ...(typeof payload === 'string' ? { 'content-type': 'text/plain' } : {}),
        ...headers,
      },
      payload,
    });

  /** The admin screen's API answers errors in the app's own JSON shape. */
  function expectAdminError(res: Response, status: number, code: string) {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/json\b/);
    expect(res.json()).toEqual({ success: false, code, error: expect.any(String), ...pickDetails(res) });
  }
  const pickDetails = (res: Response) => (res.json().details ? { details: res.json().details } : {});

  /** A partner error: an RFC 9457 problem, with the API's own error members beside the standard ones. */
  function expectError(res: Response, status: number, code: string) {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json\b/);
    const body = res.json();
    expect(body).toMatchObject({ success: false, code, error: expect.any(String) });
    expect(body).toMatchObject({ status, title: STATUS_CODES[status], detail: body.error });
    expect(body.type).toBe(`http://localhost:80/developers#error-${code}`);
    expect(Value.Check(PartnerProblem, body)).toBe(true);
  }

  function expectLimitHeaders(res: Response, limit: number, remaining: number) {
    expect(res.headers['ratelimit-policy']).toBe(`"daily";q=${limit};w=86400`);
    expect(res.headers.ratelimit).toBe(`"daily";r=${remaining};t=${NEXT_MIDNIGHT - NOW / 1000}`);
    expect(res.headers['x-ratelimit-limit']).toBe(String(limit));
    expect(res.headers['x-ratelimit-remaining']).toBe(String(remaining));
    expect(res.headers['x-ratelimit-reset']).toBe(String(NEXT_MIDNIGHT));
  }

  const keyRow = async (id: number) =>
    (
      await db.sequelize.query<Record<string, unknown>>('SELECT * FROM api_keys WHERE id = :id', {
        replacements: { id },
        type: QueryTypes.SELECT,
      })
    )[0]!;
  const listed = async (id: number) =>
    (await admin('GET', '/api/admin/api-keys')).json().apiKeys.find((k: { id: number }) => k.id === id);

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    await loadFixture(db.sequelize);
    ({ app } = await buildAdminTestApp({
      sequelize: db.sequelize,
      databaseUrl: db.url,
      now: clock.now,
    }));
    await createAdminUserService({ sequelize: db.sequelize }).create('alice', PASSWORD);
    const login = await app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: SAME_ORIGIN,
      payload: { username: 'alice', password: PASSWORD },
    });
    session = cookieFrom(login.headers, COOKIE)!;
    expect(session).toBeDefined();
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  describe('admin key management', () => {
    it.each([
      ['GET', '/api/admin/api-keys', undefined],
      ['POST', '/api/admin/api-keys', { name: 'x' }],
      ['DELETE', '/api/admin/api-keys/1', undefined],
    ] as const)('refuses %s %s without an admin session', async (method, url, payload) => {
      const res = await app.inject({ method, url, payload, headers: SAME_ORIGIN });
      expectAdminError(res, 401, 'UNAUTHORIZED');
    });

    it('refuses a cross-site create even with a session (CSRF)', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/admin/api-keys',
        headers: { origin: 'https://evil.example' },
        cookies: { [COOKIE]: session },
        payload: { name: 'forged' },
      });
      expectAdminError(res, 403, 'CSRF');
    });

    it('creates a key shown once, lists it without the key, and the database holds only its hash', async () => {
      const res = await admin('POST', '/api/admin/api-keys', {
        name: '  Partner Site ',
        domain: ' Partner.Example ',
        dailyRateLimit: 250,
      });
      expect(res.statusCode).toBe(201);
      expect(res.headers['cache-control']).toBe('no-store');
      const { apiKey, name, key } = res.json();
      expect(apiKey).toMatch(/^cck_[A-Za-z0-9_-]{43}$/);
      expect(name).toBe('Partner Site');

      const list = await admin('GET', '/api/admin/api-keys');
      expect(list.statusCode).toBe(200);
      expect(list.body).not.toContain(apiKey);
      expect(list.json().apiKeys.find((k: { id: number }) => k.id === key.id)).toEqual({
        id: key.id,
        name: 'Partner Site',
        domain: 'partner.example',
        dailyRateLimit: 250,
        requestCount: 0,
        lastRequestAt: null,
        status: 'active',
        keyPrefix: apiKey.slice(0, 10),
        createdAt: new Date(NOW).toISOString(),
        revokedAt: null,
      });

      const row = await keyRow(key.id);
      expect(JSON.stringify(row)).not.toContain(apiKey.slice(10));
      expect(row.key_hash).toBe(hashApiKey(apiKey));
      expect(row.key_prefix).toBe(apiKey.slice(0, 10));
    });

    it.each([
      [{ name: '   ' }, 'INVALID_NAME'],
      [{}, 'VALIDATION_ERROR'],
      [{ name: 'ok', domain: 'https://partner.example/page' }, 'INVALID_DOMAIN'],
      [{ name: 'ok', dailyRateLimit: 0 }, 'VALIDATION_ERROR'],
      [{ name: 'ok', dailyRateLimit: 1_000_001 }, 'VALIDATION_ERROR'],
    ])('refuses %j with 400 %s', async (body, code) => {
      expectAdminError(await admin('POST', '/api/admin/api-keys', body), 400, code);
    });

    it('revokes a key for good: the next partner call gets 401 API_KEY_REVOKED', async () => {
      const { apiKey, id } = await createKey({ name: 'Soon revoked' });
      expect((await partner(apiKey)).statusCode).toBe(200);
      const res = await admin('DELETE', `/api/admin/api-keys/${id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().key).toMatchObject({ id, status: 'revoked', revokedAt: new Date(NOW).toISOString() });
      const after = await partner(apiKey);
      expectError(after, 401, 'API_KEY_REVOKED');
      expect(after.headers['x-ratelimit-limit']).toBeUndefined();
      const listed = (await admin('GET', '/api/admin/api-keys'))
        .json()
        .apiKeys.find((k: { id: number }) => k.id === id);
      expect(listed).toMatchObject({ status: 'revoked', requestCount: 1 });
      expectAdminError(await admin('DELETE', '/api/admin/api-keys/999999'), 404, 'API_KEY_NOT_FOUND');
    });

    it('refuses a revoke without an Origin (CSRF applies)', async () => {
      const { id } = await createKey({ name: 'Kept' });
      const res = await app.inject({
        method: 'DELETE',
        url: `/api/admin/api-keys/${id}`,
        cookies: { [COOKIE]: session },
      });
      expectAdminError(res, 403, 'CSRF');
      expect((await keyRow(id)).status).toBe('active');
    });
  });

  describe('the partner crime search', () => {
    let apiKey: string;
    let keyId: number;
    beforeAll(async () => {
      ({ apiKey, id: keyId } = await createKey({ name: 'Search partner', dailyRateLimit: 1000 }));
    });

    it('answers exactly what the public search answers, and counts the request', async () => {
      for (const query of [
        QUERY,
        { ...QUERY, page: 3, pageSize: 25 },
        { postcode: 'sw1a1aa', startMonth: '2025-02', endMonth: '2025-05' },
      ]) {
        const publicAnswer = await app.inject({
          method: 'POST',
          url: '/api/crimes/search',
          headers: SAME_ORIGIN,
          payload: { searchType: 'radius', radius: 1, ...query },
        });
        expect(publicAnswer.statusCode).toBe(200);
        const res = await partner(apiKey, query);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toEqual(publicAnswer.json());
        expect(res.json().data.length).toBeGreaterThan(0);
      }
      expect(await listed(keyId)).toMatchObject({
        requestCount: 3,
        lastRequestAt: new Date(NOW).toISOString(),
      });
      const res = await partner(apiKey);
      expectLimitHeaders(res, 1000, 1000 - 4);
      expect(res.headers['cache-control']).toBe('no-store');
    });

    it('answers only with fields the OpenAPI schema documents, valid against it', async () => {
      const body = (await partner(apiKey, { ...QUERY, startMonth: 'RECENT_12_MONTHS' })).json();
      expect(Value.Check(PartnerSearchResponse, body)).toBe(true);
      expect(undocumented(PartnerSearchResponse, body)).toEqual([]);
      expect(Value.Check(PartnerSearchResponse, EXAMPLE_RESPONSE)).toBe(true);
      expect(undocumented(PartnerSearchResponse, EXAMPLE_RESPONSE)).toEqual([]);
    });

    it('401 API_KEY_MISSING without a key, with or without an Origin, and no limit headers', async () => {
      const variants: Record<string, string>[] = [
        {},
        { origin: 'https://partner.example' },
        { origin: 'http://localhost' },
      ];
      for (const headers of variants) {
        const res = await partner(undefined, QUERY, headers);
        expectError(res, 401, 'API_KEY_MISSING');
        expect(res.headers['x-ratelimit-limit']).toBeUndefined();
        expect(res.headers.ratelimit).toBeUndefined();
      }
      expectError(await partner(''), 401, 'API_KEY_MISSING');
    });

    it('401 API_KEY_INVALID for a key that was never issued', async () => {
      const forged = apiKey.slice(0, -2) + (apiKey.endsWith('AA') ? 'BB' : 'AA');
      for (const key of [forged, 'cck_short', 'Bearer something', hashApiKey(apiKey)]) {
        const res = await partner(key);
        expectError(res, 401, 'API_KEY_INVALID');
        expect(res.headers['x-ratelimit-limit']).toBeUndefined();
      }
    });

    it.each([
      [{ ...QUERY, postcode: 'NOT A POSTCODE' }, 'INVALID_POSTCODE'],
      [{ ...QUERY, postcode: '' }, 'VALIDATION_ERROR'],
      [{ radius: 1 }, 'VALIDATION_ERROR'],
      [{ ...QUERY, radius: 2 }, 'VALIDATION_ERROR'],
      [{ ...QUERY, radius: 0 }, 'VALIDATION_ERROR'],
      [{ ...QUERY, radius: 0.5 }, 'INVALID_RADIUS'],
      [{ ...QUERY, startMonth: 'LAST_WEEK' }, 'INVALID_PERIOD'],
      [{ ...QUERY, startMonth: '2030-01', endMonth: '2030-02' }, 'MONTH_OUT_OF_RANGE'],
      // Paging is checked by the contract's schema alone (common/contracts/paging.ts).
      [{ ...QUERY, pageSize: MAX_PAGE_SIZE + 1 }, 'VALIDATION_ERROR'],
      [{ ...QUERY, pageSize: 0 }, 'VALIDATION_ERROR'],
      [{ ...QUERY, pageSize: '10' }, 'VALIDATION_ERROR'],
      [{ ...QUERY, page: 0 }, 'VALIDATION_ERROR'],
      [{ ...QUERY, page: MAX_PAGE + 1 }, 'VALIDATION_ERROR'],
      [{ ...QUERY, page: 1.5 }, 'VALIDATION_ERROR'],
      [{ ...QUERY, page: 'two' }, 'VALIDATION_ERROR'],
    ])('400 for %j (%s), with the limit headers', async (body, code) => {
      const before = (await listed(keyId)).requestCount;
      const res = await partner(apiKey, body);
      expectError(res, 400, code);
      expectLimitHeaders(res, 1000, 1000 - before - 1);
    });

    it('400 or 415 for a body that is not JSON, with the limit headers', async () => {
      const text = await partner(apiKey, 'postcode=SW1A1AA');
      expectError(text, 400, 'VALIDATION_ERROR');
      expect(text.headers['x-ratelimit-limit']).toBe('1000');
      const form = await partner(apiKey, 'postcode=SW1A1AA', {
        'content-type': 'application/x-www-form-urlencoded',
      });
      expectError(form, 415, 'UNSUPPORTED_MEDIA_TYPE');
      expect(form.headers['x-ratelimit-limit']).toBe('1000');
    });

    it('404 POSTCODE_NOT_FOUND for a well-formed postcode nobody knows, with the limit headers', async () => {
      const res = await partner(apiKey, { ...QUERY, postcode: 'ZE3 9ZZ' });
      expectError(res, 404, 'POSTCODE_NOT_FOUND');
      expect(res.headers['x-ratelimit-limit']).toBe('1000');
      expect(res.headers['x-ratelimit-reset']).toBe(String(NEXT_MIDNIGHT));
    });

    it('429 RATE_LIMITED over the daily limit, with Retry-After to midnight UTC', async () => {
      const { apiKey: small, id } = await createKey({ name: 'Small', dailyRateLimit: 2 });
      expectLimitHeaders(await partner(small), 2, 1);
      expectLimitHeaders(await partner(small), 2, 0);
      for (let i = 0; i < 2; i++) {
        const res = await partner(small);
        expectError(res, 429, 'RATE_LIMITED');
        expectLimitHeaders(res, 2, 0);
        expect(res.headers['retry-after']).toBe(String(NEXT_MIDNIGHT - NOW / 1000));
      }
      // Refused requests are not counted as served.
      expect((await listed(id)).requestCount).toBe(2);
    });

    it('every answer of the catalogue above is documented in PARTNER_ERRORS', () => {
      const documented = Object.values(PARTNER_ERRORS).flatMap((codes) => Object.keys(codes));
      for (const code of [
        'API_KEY_MISSING',
        'API_KEY_INVALID',
        'API_KEY_REVOKED',
        'ORIGIN_NOT_ALLOWED',
        'RATE_LIMITED',
        'POSTCODE_NOT_FOUND',
        'INVALID_POSTCODE',
        'INVALID_RADIUS',
        'INVALID_PERIOD',
        'MONTH_OUT_OF_RANGE',
        'VALIDATION_ERROR',
        'UNSUPPORTED_MEDIA_TYPE',
        'INVALID_UTF8',
        'TOO_MANY_EXPORTS',
        'EXPORTS_BUSY',
      ]) {
        expect(documented).toContain(code);
      }
    });
  });

  describe('origins and CORS', () => {
    let bound: string;
    let anywhere: string;
    beforeAll(async () => {
      ({ apiKey: bound } = await createKey({ name: 'Bound', domain: 'partner.example', dailyRateLimit: 50 }));
      ({ apiKey: anywhere } = await createKey({ name: 'Anywhere', dailyRateLimit: 50 }));
    });

    it('answers a preflight from any origin, allowing POST with X-API-Key', async () => {
      const res = await app.inject({
        method: 'OPTIONS',
        url: URL_PATH,
        headers: {
          origin: 'https://www.partner.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type,x-api-key',
        },
      });
      expect(res.statusCode).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe('https://www.partner.example');
      expect(String(res.headers['access-control-allow-methods'])).toContain('POST');
      expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toContain('x-api-key');
      expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toContain('content-type');
      expect(res.headers['access-control-max-age']).toBe('600');
      expect(String(res.headers.vary)).toContain('Origin');
    });

    it("answers the export's preflight with the method it takes: GET", async () => {
      const res = await app.inject({
        method: 'OPTIONS',
        url: `${URL_PATH}/export`,
        headers: { origin: 'https://www.partner.example', 'access-control-request-method': 'GET' },
      });
      expect(res.statusCode).toBe(204);
      expect(res.headers.allow).toBe('GET, OPTIONS');
      expect(res.headers['access-control-allow-methods']).toBe('GET, OPTIONS');
    });

    it('lets a domain-bound key be used from its host and subdomains, echoing the origin', async () => {
      for (const origin of [
        'https://partner.example',
        'https://www.partner.example',
        'http://partner.example:8080',
      ]) {
        const res = await partner(bound, QUERY, { origin });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.headers['access-control-allow-origin']).toBe(origin);
        const exposed = String(res.headers['access-control-expose-headers']).split(', ');
        expect(exposed).toEqual(
          expect.arrayContaining(['RateLimit-Policy', 'RateLimit', 'X-RateLimit-Remaining', 'Retry-After']),
        );
        expect(String(res.headers.vary)).toContain('Origin');
        expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
      }
    });

    it('lets a domain-bound key be used without an Origin (server to server), with no CORS header', async () => {
      const res = await partner(bound);
      expect(res.statusCode).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('403 ORIGIN_NOT_ALLOWED from any other origin: limit headers, nothing counted, no CORS grant', async () => {
      const before = await partner(bound);
      const remaining = Number(before.headers['x-ratelimit-remaining']);
      for (const origin of [
        'https://evil.example',
        'https://notpartner.example',
        'https://partner.example.evil.net',
        'null',
      ]) {
        const res = await partner(bound, QUERY, { origin });
        expectError(res, 403, 'ORIGIN_NOT_ALLOWED');
        expectLimitHeaders(res, 50, remaining);
        expect(res.headers['access-control-allow-origin']).toBeUndefined();
      }
      expectLimitHeaders(await partner(bound), 50, remaining - 1);
    });

    it('echoes any origin for a key without a domain, never *', async () => {
      const res = await partner(anywhere, QUERY, { origin: 'https://someone.example' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBe('https://someone.example');
    });

    it('lets a page read a refusal made before any key is known', async () => {
      const res = await partner(undefined, QUERY, { origin: 'https://someone.example' });
      expectError(res, 401, 'API_KEY_MISSING');
      expect(res.headers['access-control-allow-origin']).toBe('https://someone.example');
    });
  });

  describe('the OpenAPI document and docs page', () => {
    let doc: OpenApiDocument;
    beforeAll(async () => {
      const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(res.statusCode).toBe(200);
      doc = res.json();
    });

    it('is OpenAPI 3 with the partner endpoint and without admin or site routes', () => {
      expect(doc.openapi).toMatch(/^3\./);
      expect(Object.keys(doc.paths)).toContain(URL_PATH);
      expect(Object.keys(doc.paths[URL_PATH]!)).toEqual(['post']);
      for (const path of Object.keys(doc.paths)) {
        expect([URL_PATH, `${URL_PATH}/export`, '/api/health']).toContain(path);
      }
      expect(doc.components.securitySchemes.ApiKeyAuth).toEqual(
        expect.objectContaining({ type: 'apiKey', in: 'header', name: 'X-API-Key' }),
      );
    });

    it('describes the request from the TypeBox schema, with an example, and every error code', () => {
      const post = doc.paths[URL_PATH]!.post!;
      expect(post.security).toEqual([{ ApiKeyAuth: [] }]);
      const request = post.requestBody.content['application/json']!;
      expect(request.schema.required).toEqual(['postcode']);
      expect(request.schema.properties.radius).toMatchObject({ maximum: 1, exclusiveMinimum: 0 });
      expect(Value.Check(PartnerSearchBody, request.example)).toBe(true);
      expect(post.responses['200']!.content['application/json']!.example).toEqual(EXAMPLE_RESPONSE);
      // The neighbourhood's own name is documented as a field of its own, beside the English label.
      const field = (schema: unknown, key: string) =>
        (schema as MediaType['schema']).properties[key] as MediaType['schema'];
      const area = field(
        field(post.responses['200']!.content['application/json']!.schema, 'dataInfo'),
        'area',
      );
      expect(area.required).not.toContain('neighbourhoodName');
      expect(area.properties.neighbourhoodName).toMatchObject({
        type: 'string',
        description: expect.stringContaining("neighbourhood's own name"),
      });
      expect(Object.keys(post.responses['200']!.headers!)).toEqual([
        'RateLimit-Policy',
        'RateLimit',
        'X-RateLimit-Limit',
        'X-RateLimit-Remaining',
        'X-RateLimit-Reset',
      ]);
      for (const [status, codes] of Object.entries(PARTNER_ERRORS)) {
        const response = post.responses[status]!;
        expect(Object.keys(response.content)).toEqual(['application/problem+json']);
        const problem = response.content['application/problem+json']!;
        expect(problem.schema.required).toEqual(
          expect.arrayContaining(['type', 'title', 'status', 'detail', 'code']),
        );
        expect(Object.keys(problem.examples!).sort()).toEqual(Object.keys(codes).sort());
        for (const example of Object.values(problem.examples!) as { value: unknown }[]) {
          expect(Value.Check(PartnerProblem, example.value)).toBe(true);
        }
      }
      // Every problem's `type` points at the developers page, which explains each code.
      expect(doc.info.description).toContain('(/developers)');
      expect(Object.keys(post.responses['429']!.headers!)).toEqual(
        expect.arrayContaining(['RateLimit-Policy', 'RateLimit', 'Retry-After']),
      );
    });

    it("matches the admin screen's usage example, which works as written", async () => {
      expect(doc.components.securitySchemes.ApiKeyAuth!.name).toBe(API_KEY_HEADER);
      const { apiKey } = await createKey({ name: 'Docs example' });
      const curl = curlExample('http://localhost', apiKey);
      const url = /curl -X POST '([^']+)'/.exec(curl)![1]!;
      const headers = [...curl.matchAll(/-H '([^:]+): ([^']+)'/g)].map((m) => [m[1]!.toLowerCase(), m[2]!]);
      const body = /-d '([^']+)'/.exec(curl)![1]!;
      expect(new URL(url).pathname).toBe(URL_PATH);
      expect(Value.Check(PartnerSearchBody, JSON.parse(body))).toBe(true);
      const res = await app.inject({
        method: 'POST',
        url: new URL(url).pathname,
        headers: Object.fromEntries(headers),
        payload: body,
      });
      expect(res.statusCode, res.body).toBe(200);
    });

    it('serves a readable docs page under the app Content Security Policy', async () => {
      const page = await app.inject({ method: 'GET', url: '/api/docs' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('swagger-ui-bundle.js');
      expect(page.body).toContain('Crime Clock Partner API');
      expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
      const script = await app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
      expect(script.statusCode).toBe(200);
      expect(script.body).toContain("resolveUrl('./json')");
    });
  });
});
