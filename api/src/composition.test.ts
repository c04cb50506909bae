import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One composition root per process (docs/architecture.md, issue 31). The API's is `services.ts`
 * with the `compose*` helpers of `composition/` that only it calls; the importer's and the admin
 * command's are their command modules. Every other module is handed what it uses.
 *
 * The rule, read from the source: a module outside a root may not call a factory it imports from
 * another module of the product (api/src or server-common): a function whose name starts with
 * `create`, a `compose*` helper of the API's root, or one of the few builders of shared state
 * named otherwise (`OTHER_BUILDERS`). A factory a module defines and uses itself (a private
 * helper) is its own business, and library factories (`createHash`, `createReadStream`) are not
 * the product's services. `MECHANISMS` are the product's factories of a module's private
 * machinery, holding nothing another module could share.
 */
const API_SRC = dirname(new URL(import.meta.url).pathname);
const REPO = resolve(API_SRC, '..', '..');

/** The product's own code: what is imported from here is one of its services or helpers. */
const PRODUCT_DIRS = ['api/src', 'server-common'].map((dir) => join(REPO, dir));

/** Builders of shared state whose names do not start with create. */
const OTHER_BUILDERS = new Set([
  'leases',
  'cachedByDataVersion',
  'clockDataVersion',
  'ephemeralAddressKey',
  'openDatabase',
]);

/** A worker's own timer loop (server-common/scheduling): each worker has exactly one, its own. */
const MECHANISMS = new Set(['createRoundScheduler']);

/** The API's composition root: services.ts and the helpers beside it that only it calls. */
const API_ROOT = ['api/src/services.ts', 'api/src/composition/'];
/** What the app factory may call of the root: the root itself, nothing else. */
const APP_MAY_CALL = ['composeServices'];

/** The importer's and the admin command's roots (checked below, each with what it builds). */
const COMMAND_ROOTS = [
  'api/src/police-data/import/cli/import-command.ts',
  'api/src/police-data/import/cli/sample-if-empty.ts',
  'api/src/police-data/import/cli/compose-import.ts',
  'scripts/admin/cli.ts',
];
/** The API process's own wiring: it opens the store and hands it to `buildApp`, which calls the root. */
const PROCESS_MODULES = ['api/src/run-api.ts'];

/** Named imports (values, not types) of `text`, each with the module it comes from. */
function namedImports(text: string): { local: string; imported: string; from: string }[] {
  const found: { local: string; imported: string; from: string }[] = [];
  for (const match of text.matchAll(/^import\s+(type\s+)?\{([^}]*)\}\s*from\s*'([^']+)'/gm)) {
    if (match[1]) continue;
    for (const spec of match[2]!.split(',')) {
      const parts = spec.trim().split(/\s+as\s+/);
      if (!parts[0] || parts[0].startsWith('type ')) continue;
      found.push({ imported: parts[0], local: parts[1] ?? parts[0], from: match[3]! });
    }
  }
  return found;
}

/** Whether `target` (an absolute module path) is one of the API root's modules. */
const isApiRootFile = (target: string) =>
  API_ROOT.some(
    (root) => target === join(REPO, root) || (root.endsWith('/') && target.startsWith(join(REPO, root))),
  );

function isFactory(name: string, target: string): boolean {
  if (!PRODUCT_DIRS.some((dir) => target.startsWith(dir + '/')) || MECHANISMS.has(name)) return false;
  return /^create[A-Z]/.test(name) || OTHER_BUILDERS.has(name) || isApiRootFile(target);
}

/**
 * Calls, in order, in module `path` (relative to the repository) with source `text`, of
 * factories it imports from the product. The import itself is no call: a call is the name, then `(`.
 */
function factoryCalls(path: string, text: string): string[] {
  const here = dirname(join(REPO, path));
  const factories = new Map(
    namedImports(text)
      .filter(({ imported, from }) => from.startsWith('.') && isFactory(imported, resolve(here, from)))
      .map(({ local, imported }) => [local, imported]),
  );
  if (factories.size === 0) return [];
  const call = new RegExp(`(?<![\\w.])(${[...factories.keys()].join('|')})\\s*\\(`, 'g');
  return [...text.matchAll(call)].map((match) => factories.get(match[1]!)!);
}

function modulesUnder(folder: string): string[] {
  return readdirSync(join(REPO, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name))
    .map((entry) => relative(REPO, join(entry.parentPath, entry.name)));
}

const callsIn = (module: string) => factoryCalls(module, readFileSync(join(REPO, module), 'utf8'));
const inApiRoot = (module: string) => API_ROOT.some((root) => module === root || module.startsWith(root));

describe('the API composes in one root', () => {
  const modules = modulesUnder('api/src');

  it('finds the modules, the root among them', () => {
    expect(modules).toEqual(
      expect.arrayContaining([
        'api/src/services.ts',
        'api/src/composition/admin-auth.ts',
        'api/src/search/search-service.ts',
        'api/src/admin/auth-plugin.ts',
      ]),
    );
    expect(modules.length).toBeGreaterThan(150);
  });

  it('no module outside the roots builds a service, limiter, cache or worker', () => {
    const offenders = Object.fromEntries(
      modules
        .filter((module) => !inApiRoot(module) && !COMMAND_ROOTS.includes(module))
        .map((module) => {
          const allowed = module === 'api/src/app.ts' ? APP_MAY_CALL : [];
          return [module, callsIn(module).filter((call) => !allowed.includes(call))] as const;
        })
        .filter(([, calls]) => calls.length > 0),
    );
    // run-api.ts opens the store (process wiring, like the command roots); nothing else.
    expect(offenders).toEqual({
      'api/src/run-api.ts': ['openDatabase', 'openDatabase', 'openDatabase'],
    });
    expect(Object.keys(offenders)).toEqual(PROCESS_MODULES);
  });

  it('the root builds what the app uses', () => {
    const built = [...modules.filter(inApiRoot).flatMap(callsIn)];
    expect(built).toEqual(
      expect.arrayContaining([
        'createSecretBox',
        'composeMailServices',
        'composeWebhooks',
        'composeAdminAuth',
        'composePoliceApi',
        'composeExportGate',
        'createApiMetrics',
        'createLeaseService',
        'createOutbox',
        'createDataUpdater',
        'createAlertsService',
        'createPoliceClockService',
        'createInFlightPerAddress',
        'leases',
      ]),
    );
  });

  it('recognises a factory imported from the product, and only called ones', () => {
    const sample = [
      "import { createHash } from 'node:crypto';",
      "import { createPoliceClockService, type PoliceClockService } from '../clocks/police-clock-service.ts';",
      "import type { createRateLimiter } from '../security/rate-limit.ts';",
      "import { leases as places, formatMonth } from '../db/window-counters.ts';",
      "import {\n  createLeaseService,\n  IMPORT_LEASE,\n} from '../police-data/import/import-lease.ts';",
      "import { composeMail } from '../email/compose.ts';",
      "import { composeAdminAuth } from '../composition/admin-auth.ts';",
      'export function createSearchService({ sequelize, policeClock = createPoliceClockService({ sequelize }) }) {',
      '  const lease = createLeaseService(sequelize, { name: IMPORT_LEASE });',
      "  const hash = createHash('sha256'); const p = places (sequelize); foo.createLeaseService(1);",
      '  const mail = composeMail(message, to); const auth = composeAdminAuth({ sequelize });',
      '}',
    ].join('\n');
    // Each of these, put back into search-service.ts, fails the test above.
    expect(factoryCalls('api/src/search/search-service.ts', sample)).toEqual([
      'createPoliceClockService',
      'createLeaseService',
      'leases',
      'composeAdminAuth',
    ]);
  });
});

/**
 * The importer's and the admin command's composition roots: each process opens its store and
 * builds its services in its root modules, once; no other module of theirs builds one (the API's
 * check above covers the importer's modules too).
 */
describe('the importer and admin commands compose in their roots', () => {
  const modules = ['api/src/police-data/import', 'scripts/admin'].flatMap(modulesUnder);

  it('finds their modules and roots', () => {
    expect(modules).toEqual(expect.arrayContaining([...COMMAND_ROOTS, 'api/src/police-data/import/plan.ts']));
  });

  it('no module but a root builds a service, the store or a reporter', () => {
    const offenders = Object.fromEntries(
      modules
        .filter((module) => !COMMAND_ROOTS.includes(module))
        .map((module) => [module, callsIn(module)] as const)
        .filter(([, calls]) => calls.length > 0),
    );
    expect(offenders).toEqual({});
  });

  it('each root builds what it uses once', () => {
    const calls = Object.fromEntries(COMMAND_ROOTS.map((root) => [root, callsIn(root)]));
    expect(calls).toEqual({
      'api/src/police-data/import/cli/import-command.ts': ['openDatabase', 'createProgressReporter'],
      'api/src/police-data/import/cli/sample-if-empty.ts': ['openDatabase'],
      'api/src/police-data/import/cli/compose-import.ts': ['createLeaseService'],
      'scripts/admin/cli.ts': ['openDatabase', 'createAdminUserService', 'createSecurityLog'],
    });
  });
});
