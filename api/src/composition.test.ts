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

/**
 * The importer's and the admin command's composition roots (docs/architecture.md): each process
 * opens its store and builds its services in its root module, once; no other module of theirs
 * builds one.
 */
const REPO = join(API_SRC, '..', '..');
const COMMAND_ROOTS = [
  'api/src/police-data/import/cli/import-command.ts',
  'api/src/police-data/import/cli/sample-if-empty.ts',
  'scripts/admin/cli.ts',
];
const COMMAND_FOLDERS = ['api/src/police-data/import', 'scripts/admin'];

/** In a command (a call, not the factory's definition): a factory of a service, limiter, cache or worker, the store, the security log, the progress reporter. */
const COMMAND_BUILDER_CALL =
  /(?<!function )\b(create[A-Z]\w*(?:Service|Services|Limiter|Outbox|Worker|Cache|Gate|Queue)|createRateLimiter|createOutbox|openDatabase|createSecurityLog|createProgressReporter)\s*\(/g;

/**
 * A builder a module other than the root still calls, by name. import-sources.ts makes the
 * import's lease service itself (another change hands it in from the root); when it does, this
 * list must shrink, or the test below fails.
 */
const NOT_YET_HANDED_IN: Record<string, string[]> = {
  'api/src/police-data/import/import-sources.ts': ['createLeaseService'],
};

function modulesUnder(folder: string): string[] {
  return readdirSync(join(REPO, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name))
    .map((entry) => relative(REPO, join(entry.parentPath, entry.name)));
}

function commandBuilderCalls(module: string): string[] {
  const text = readFileSync(join(REPO, module), 'utf8');
  return [...text.matchAll(COMMAND_BUILDER_CALL)].map((match) => match[1]!);
}

describe('the importer and admin commands compose in their roots', () => {
  const modules = COMMAND_FOLDERS.flatMap(modulesUnder);

  it('finds their modules and roots', () => {
    expect(modules).toEqual(expect.arrayContaining([...COMMAND_ROOTS, 'api/src/police-data/import/plan.ts']));
  });

  it('no module but a root builds a service, the store or a reporter', () => {
    const offenders = Object.fromEntries(
      modules
        .filter((module) => !COMMAND_ROOTS.includes(module))
        .map((module) => [module, commandBuilderCalls(module)] as const)
        .filter(([, calls]) => calls.length > 0),
    );
    expect(offenders).toEqual(NOT_YET_HANDED_IN);
  });

  it('each root builds what it uses once', () => {
    const calls = Object.fromEntries(COMMAND_ROOTS.map((root) => [root, commandBuilderCalls(root)]));
    expect(calls).toEqual({
      'api/src/police-data/import/cli/import-command.ts': ['openDatabase', 'createProgressReporter'],
      'api/src/police-data/import/cli/sample-if-empty.ts': ['openDatabase'],
      'scripts/admin/cli.ts': ['openDatabase', 'createAdminUserService', 'createSecurityLog'],
    });
  });

  it('recognises a builder call in a command', () => {
    const sample =
      'export function createLeaseService() {} const s = openDatabase({}); const l = createLeaseService(s, {});';
    expect([...sample.matchAll(COMMAND_BUILDER_CALL)].map((m) => m[1])).toEqual([
      'openDatabase',
      'createLeaseService',
    ]);
  });
});
