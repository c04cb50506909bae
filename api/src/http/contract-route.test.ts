import Fastify, { type RouteOptions } from 'fastify';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { endpoint } from '../../../common/contracts/endpoint.ts';
import { contractRoute, pathWithin, type ContractHandler } from './contract-route.ts';
import { declaredCopySerializerCompiler } from './schema-serializer.ts';

const Greet = endpoint({
  method: 'POST',
  path: '/api/greetings/:lang',
  params: Type.Object({ lang: Type.Union([Type.Literal('en'), Type.Literal('cy')]) }),
  body: Type.Object({ name: Type.String({ minLength: 1 }) }),
  response: { 200: Type.Object({ text: Type.String() }) },
});

async function appWith(register: ContractHandler<typeof Greet>) {
  const routes: RouteOptions[] = [];
  const app = Fastify();
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  await app.register(
    async (plugin) => contractRoute(plugin, Greet, { schema: { description: 'A greeting' } }, register),
    { prefix: '/api' },
  );
  await app.ready();
  return { app, routes };
}

describe('contractRoute', () => {
  it("registers the contract's method, path under the prefix and schemas", async () => {
    const { app, routes } = await appWith(async (request) => ({
      text: `${request.params.lang === 'cy' ? 'Shwmae' : 'Hello'} ${request.body.name}`,
    }));
    const route = routes.find((r) => r.method === 'POST')!;
    expect(route.url).toBe('/api/greetings/:lang');
    expect(route.schema).toMatchObject({ description: 'A greeting' });
    expect(route.schema?.body).toBe(Greet.body);
    expect(route.schema?.params).toBe(Greet.params);
    expect(route.schema?.response).toEqual({ 200: Greet.response[200] });
    // The answer is written by the declared copy, not by fast-json-stringify.
    expect(route.serializerCompiler).toBe(declaredCopySerializerCompiler);

    const ok = await app.inject({ method: 'POST', url: '/api/greetings/cy', payload: { name: 'Ann' } });
    expect(ok.json()).toEqual({ text: 'Shwmae Ann' });
    // The request is checked against the contract before the handler runs.
    expect(
      (await app.inject({ method: 'POST', url: '/api/greetings/fr', payload: { name: 'Ann' } })).statusCode,
    ).toBe(400);
    expect((await app.inject({ method: 'POST', url: '/api/greetings/en', payload: {} })).statusCode).toBe(
      400,
    );
    expect((await app.inject({ method: 'GET', url: '/api/greetings/en' })).statusCode).toBe(404);
    await app.close();
  });

  it('answers with what the response schema names, nothing more', async () => {
    const { app } = await appWith(async () => ({ text: 'Hi', secret: 'not for the client' }) as never);
    const res = await app.inject({ method: 'POST', url: '/api/greetings/en', payload: { name: 'Ann' } });
    expect(res.json()).toEqual({ text: 'Hi' });
    await app.close();
  });

  it('refuses a contract path outside the plugin prefix', () => {
    expect(pathWithin('/api', '/api/crimes/search')).toBe('/crimes/search');
    expect(pathWithin('', '/metrics')).toBe('/metrics');
    expect(() => pathWithin('/api/admin', '/api/crimes/search')).toThrow(/not under the plugin's prefix/);
    expect(() => pathWithin('/api', '/apix/search')).toThrow();
  });
});
