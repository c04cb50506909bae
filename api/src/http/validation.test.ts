import { Type } from '@fastify/type-provider-typebox';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandler } from './errors.ts';
import { strictValidatorFactory } from './validation.ts';

/**
 * The validator as app.ts installs it, on a bare Fastify: a JSON body is taken with the types it
 * was sent with (Fastify's default Ajv would coerce `["x"]` and `7` to "x" and "7"), while query
 * strings, being text, still give numbers but never squeeze a repeated parameter into one value.
 */
describe('strict request validation', () => {
  const app = Fastify({
    ajv: { customOptions: { removeAdditional: 'all', allErrors: false } },
    schemaController: { compilersFactory: { buildValidator: strictValidatorFactory() } },
  });
  const seen: unknown[] = [];

  beforeAll(async () => {
    app.setErrorHandler(errorHandler);
    app.post(
      '/echo',
      {
        schema: {
          body: Type.Object({ name: Type.String(), count: Type.Optional(Type.Integer()) }),
          querystring: Type.Object({
            limit: Type.Optional(Type.Integer()),
            tag: Type.Optional(Type.String()),
          }),
        },
      },
      async (request) => {
        seen.push({ body: request.body, query: request.query });
        return { ok: true };
      },
    );
    await app.ready();
  });
  afterAll(() => app.close());

  const post = (body: unknown, query = '') =>
    app.inject({ method: 'POST', url: `/echo${query}`, payload: body as object });

  it.each([
    ['an array where a string belongs', { name: ['x'] }],
    ['a number where a string belongs', { name: 7 }],
    ['a boolean where a string belongs', { name: true }],
    ['null where a string belongs', { name: null }],
    ['a numeric string where an integer belongs', { name: 'x', count: '2' }],
    ['an array where an integer belongs', { name: 'x', count: [2] }],
  ])('refuses %s in a JSON body with 400, without coercing it', async (_label, body) => {
    seen.length = 0;
    const res = await post(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(seen).toEqual([]);
  });

  it('takes values of the right type as sent', async () => {
    seen.length = 0;
    expect((await post({ name: 'x', count: 2 })).statusCode).toBe(200);
    expect(seen).toEqual([{ body: { name: 'x', count: 2 }, query: {} }]);
  });

  it('reads a number from a query string’s digits, but refuses a repeated parameter', async () => {
    seen.length = 0;
    expect((await post({ name: 'x' }, '?limit=5&tag=a')).statusCode).toBe(200);
    expect(seen).toEqual([{ body: { name: 'x' }, query: { limit: 5, tag: 'a' } }]);
    expect((await post({ name: 'x' }, '?tag=a&tag=b')).statusCode).toBe(400);
    expect((await post({ name: 'x' }, '?limit=Infinity')).statusCode).toBe(400);
  });
});
