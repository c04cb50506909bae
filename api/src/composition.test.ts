import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One composition root (docs/architecture.md, issue 31): every service, limiter, cache, outbox and
 * worker of the API is built in `services.ts` (process-level ones, mail and webhooks, in
 * run-api.ts) and handed to the routes and plugins. A route or plugin module that calls a factory
 * builds its own, and so does the app factory if it calls one: this test names them.
 */
const API_SRC = new URL('.', import.meta.url).pathname;

/** A call of a factory of the things the composition root builds. */
const FACTORY_CALL =
  /\b(create[A-Z]\w*(?:Service|Services|Limiter|Outbox|Worker|Cache|Gate|Queue)|createRateLimiter|createOutbox)\s*\(/g;

/**
 * In the app factory, any builder at all: `create*`, and the caches, leases and data version it
 * used to make itself. It decorates, registers and hooks what `composeServices` hands it.
 */
const APP_BUILDER_CALL =
  /\b(create[A-Z]\w*|cachedByDataVersion|clockDataVersion|leases|ephemeralAddressKey)\s*\(/g;

/** Route and plugin modules: the ones that must be handed what they use. */
function routeAndPluginModules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return routeAndPluginModules(path);
    if (/\.test\.ts$/.test(entry.name)) return [];
    return /(^|-)(routes|plugin)\.ts$/.test(entry.name) ? [relative(API_SRC, path)] : [];
  });
}

function factoryCalls(module: string, pattern = FACTORY_CALL): string[] {
  const text = readFileSync(join(API_SRC, module), 'utf8');
  return [...text.matchAll(pattern)].map((match) => match[1]!);
}

describe('the composition root', () => {
  const modules = routeAndPluginModules(API_SRC);

  it('finds the route and plugin modules', () => {
    expect(modules).toEqual(expect.arrayContaining(['search/routes.ts', 'admin/auth-plugin.ts']));
    expect(modules.length).toBeGreaterThan(15);
  });

  it('no route or plugin module builds a service, limiter, cache or worker of its own', () => {
    const offenders = Object.fromEntries(
      modules
        .map((module) => [module, factoryCalls(module)] as const)
        .filter(([, calls]) => calls.length > 0),
    );
    expect(offenders).toEqual({});
  });

  it('the app factory builds nothing: services.ts composes, app.ts registers', () => {
    expect(factoryCalls('app.ts', APP_BUILDER_CALL)).toEqual([]);
    // The builders are there, in the composition root.
    expect(factoryCalls('services.ts', APP_BUILDER_CALL)).toEqual(
      expect.arrayContaining(['createOutbox', 'createDataUpdater', 'createAlertsService', 'leases']),
    );
  });

  it('recognises a factory call', () => {
    const sample = 'const a = createImportsService({ sequelize }); const b = createRateLimiter({});';
    expect([...sample.matchAll(FACTORY_CALL)].map((m) => m[1])).toEqual([
      'createImportsService',
      'createRateLimiter',
    ]);
  });

  it('recognises any builder call in the app factory', () => {
    const sample = 'const o = createOutbox({}); const c = cachedByDataVersion({}); foo.createdAt(1);';
    expect([...sample.matchAll(APP_BUILDER_CALL)].map((m) => m[1])).toEqual([
      'createOutbox',
      'cachedByDataVersion',
    ]);
  });
});
