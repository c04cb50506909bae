import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { constructed, factoryCalls as callsOfFactories } from '../../scripts/lint/factory-calls.ts';
import { productFiles, withoutComments } from '../../scripts/lint/source-files.ts';

/**
 * One composition root per process (docs/architecture.md), so no service is built twice or
 * differently. The API's is `services.ts` with the `compose*` helpers of `composition/` that only
 * it calls; the importer's and the admin command's are their command modules. Every other module is
 * handed what it uses.
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
  'windowCounters',
  'cachedByDataVersion',
  'clockDataVersion',
  'ephemeralAddressKey',
  'openDatabase',
]);

/**
 * Libraries' classes whose instances are a process's shared state: caches, metrics and their
 * registries, store clients. Each is constructed by the root, or only in the one module named
 * here, whose own factory the root calls once: the API's metrics (observability/metrics.ts) and
 * the data version publisher's Redis connection.
 */
const LIBRARY_STATE: Record<string, string[]> = {
  LRUCache: [],
  Registry: ['api/src/observability/metrics.ts'],
  Counter: ['api/src/observability/metrics.ts'],
  Gauge: ['api/src/observability/metrics.ts'],
  Histogram: ['api/src/observability/metrics.ts'],
  Summary: [],
  Redis: ['api/src/clocks/data-version.ts'],
};

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

/** Whether `target` (an absolute module path) is one of the API root's modules. */
const isApiRootFile = (target: string) =>
  API_ROOT.some(
    (root) => target === join(REPO, root) || (root.endsWith('/') && target.startsWith(join(REPO, root))),
  );

function isFactory(name: string, target: string): boolean {
  if (!PRODUCT_DIRS.some((dir) => target.startsWith(dir + '/')) || MECHANISMS.has(name)) return false;
  return /^create[A-Z]/.test(name) || OTHER_BUILDERS.has(name) || isApiRootFile(target);
}

/** Calls, in order, in module `path` (relative to the repository) of factories it imports from the product. */
const factoryCalls = (path: string, text: string) => callsOfFactories(REPO, path, text, isFactory);

/** The library classes of LIBRARY_STATE that `text` constructs (`new LRUCache(`, `new Gauge<…>(`). */
const libraryStateBuilt = (text: string) => constructed(text, Object.keys(LIBRARY_STATE));

/** The members of interface `name` in `text`, each as `key: type` with its type's text. */
function interfaceMembers(text: string, name: string): Record<string, string> {
  const body = new RegExp(`export interface ${name}(?: extends [\\w, ]+)? \\{\\n([\\s\\S]*?)\\n\\}`).exec(
    text,
  );
  if (!body) throw new Error(`no interface ${name}`);
  const members: Record<string, string> = {};
  for (const match of body[1]!.matchAll(/^ {2}(\w+)\??: ([^;]+|\{[\s\S]*?\});$/gm))
    members[match[1]!] = match[2]!;
  return members;
}

/** The text of each call's argument list of `name` in `text`, to its matching parenthesis. */
function argumentsOf(text: string, name: string): string[] {
  return [...text.matchAll(new RegExp(`(?<![\\w.])${name}\\(`, 'g'))].map((match) => {
    const start = match.index + match[0].length;
    let depth = 1;
    let at = start;
    while (depth > 0 && at < text.length) {
      if (text[at] === '(') depth++;
      if (text[at] === ')') depth--;
      at++;
    }
    return text.slice(start, at - 1);
  });
}

const modulesUnder = (folder: string) => productFiles(REPO, [folder]);

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

  it("no module outside the root constructs a library's cache, metrics or store client", () => {
    const offenders = Object.fromEntries(
      modules
        .filter((module) => !inApiRoot(module))
        .map((module) => {
          const built = libraryStateBuilt(readFileSync(join(REPO, module), 'utf8'));
          return [module, built.filter((name) => !LIBRARY_STATE[name]!.includes(module))] as const;
        })
        .filter(([, built]) => built.length > 0),
    );
    // The search's area clocks and the preview images' cache: the root's (composition/caches.ts).
    expect(offenders).toEqual({});
  });

  it('the root builds the caches; the data updater counts through the API metrics', () => {
    const rootBuilds = modules
      .filter(inApiRoot)
      .flatMap((module) => libraryStateBuilt(readFileSync(join(REPO, module), 'utf8')));
    expect(rootBuilds).toEqual(['LRUCache', 'LRUCache', 'LRUCache', 'LRUCache']);
    expect(callsIn('api/src/services.ts')).toEqual(
      expect.arrayContaining(['composeCaches', 'windowCounters', 'createApiMetrics', 'createRateLimiter']),
    );
    expect(
      libraryStateBuilt(
        'const a = new LRUCache<string, X>({ max }); new Gauge({}); new Registry(); new RedisX();',
      ),
    ).toEqual(['LRUCache', 'Gauge', 'Registry']);
  });

  it('the root builds each lease once, on the one clock', () => {
    const leaseCalls = (text: string) => argumentsOf(text, 'createLeaseService');
    const nameOf = (args: string) => /name: (\w+)/.exec(args)?.[1];
    const calls = modules
      .filter(inApiRoot)
      .flatMap((module) => leaseCalls(readFileSync(join(REPO, module), 'utf8')));
    const names = calls.map(nameOf);
    // The data updater and the month notices hold the same import lease, not two of one name.
    expect(names).toContain('IMPORT_LEASE');
    expect(names.length).toBe(new Set(names).size);
    // Each compares expiries against the app's clock, as the services holding it do.
    expect(calls.filter((args) => !/\bnow\b/.test(args))).toEqual([]);
    const twice =
      'createLeaseService(db, { name: IMPORT_LEASE, now }); createLeaseService(db, { name: IMPORT_LEASE });';
    expect(leaseCalls(twice).map(nameOf)).toEqual(['IMPORT_LEASE', 'IMPORT_LEASE']);
  });

  it("the in-flight places are named by the app's keyed address hash, handed in by the root", () => {
    // No unkeyed hash of an address in the module: a sha256 of an IPv4 address is reversed by
    // hashing all 2^32 of them.
    const inFlight = readFileSync(join(REPO, 'api/src/http/in-flight-per-address.ts'), 'utf8');
    expect(inFlight).not.toMatch(/\brateKey\b|\bcreateHash\b|node:crypto/);
    expect(interfaceMembers(inFlight, 'InFlightOptions')['addressHash']).toBe('(key: string) => string');
    // Every in-flight gate the root builds gets the app's hash.
    for (const module of ['api/src/services.ts', 'api/src/composition/export-gate.ts']) {
      const text = readFileSync(join(REPO, module), 'utf8');
      const calls = argumentsOf(text, 'createInFlightPerAddress');
      expect(calls.length, module).toBeGreaterThan(0);
      for (const call of calls) expect(call, module).toMatch(/addressHash(: hashAddress)?,/);
    }
  });

  it("admin sign-in's option types are the services' own, not written again", () => {
    const read = (module: string) => readFileSync(join(REPO, module), 'utf8');
    const root = interfaceMembers(read('api/src/composition/admin-auth.ts'), 'AdminAuthOptions');
    const service = interfaceMembers(read('api/src/admin/auth-service.ts'), 'AuthServiceOptions');
    expect(root['throttle']).toBe("Omit<LoginThrottleOptions, 'limiter' | 'refunds' | 'addressHash'>");
    expect(root['session']).toMatch(/^Omit<SessionServiceOptions,/);
    expect(root['hashPool']).toBe('HashPoolOptions');
    expect(service['throttle']).toBe('LoginThrottle');
    expect(service['limiter']).toBe('RateLimiter');
    const handWritten = Object.entries({ ...root, ...service }).filter(([, type]) => type.startsWith('{'));
    expect(handWritten).toEqual([]);
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
        'createConnectionCap',
        'createApiMetrics',
        'createLeaseService',
        'createOutbox',
        'createDataUpdater',
        'createAlertsService',
        'createPoliceClockService',
        'createInFlightPerAddress',
        'createRateLimiter',
        'createSearchService',
        'createClockImageService',
        'composeCaches',
        'leases',
        'windowCounters',
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
 * What `buildApp` decorates the app with is there for the process and the tests (run-api.ts starts
 * `app.mail`'s worker; tests hash an address with `app.addressHash`), not for the plugins: a route
 * plugin is handed the services it uses as options, so what it depends on is read at its
 * registration in app.ts. It may read only these few of the app: the config, the release, the
 * store (health and the system page report its dialect and reachability) and the sign-in's guard
 * hook, `requireAdmin`, which every admin plugin adds.
 */
const PLUGINS_MAY_READ = ['config', 'appVersion', 'db', 'requireAdmin'];
/** Where the decorations are made, and the process module that reads them to run the workers. */
const DECORATORS = ['api/src/app.ts', 'api/src/admin/auth-plugin.ts'];

/** The names `module` decorates the app with (`app.decorate('name', …)`). */
const decorationsOf = (module: string) =>
  [...readFileSync(join(REPO, module), 'utf8').matchAll(/\.decorate\('(\w+)'/g)].map((match) => match[1]!);

/** The reads of the app's `decorations` in `text`, comments left out (`app.adminAuth`, `server.mail`). */
function decorationReads(text: string, decorations: readonly string[]): string[] {
  const read = new RegExp(`\\b(?:app|fastify|instance|server)\\.(${decorations.join('|')})\\b`, 'g');
  return [...withoutComments(text).matchAll(read)].map((match) => match[1]!);
}

describe("the app's decorations are not the plugins' services", () => {
  const decorations = DECORATORS.flatMap(decorationsOf);
  const services = decorations.filter((name) => !PLUGINS_MAY_READ.includes(name));

  it('finds the decorations, the services among them', () => {
    expect(decorations).toEqual(
      expect.arrayContaining([...PLUGINS_MAY_READ, 'addressHash', 'adminAuth', 'mail']),
    );
  });

  it('no module but the app factory and the process reads a service off the app', () => {
    const offenders = Object.fromEntries(
      modulesUnder('api/src')
        .filter((module) => !DECORATORS.includes(module) && !PROCESS_MODULES.includes(module))
        .map(
          (module) => [module, decorationReads(readFileSync(join(REPO, module), 'utf8'), services)] as const,
        )
        .filter(([, reads]) => reads.length > 0),
    );
    expect(offenders).toEqual({});
  });

  it('sees a read in code, not in a comment', () => {
    const sample = [
      '/** The keyed hash (`app.addressHash`). */',
      'const { securityLog } = app.adminAuth; const key = app.addressHash(sender); // app.mail',
      "if (app.hasDecorator('adminAuth')) await app.adminAuth.securityLog.record(event);",
      "app.addHook('onRequest', app.requireAdmin); const v = app.appVersion; const x = app.addressHashes;",
    ].join('\n');
    // Each of these, put back into email-routes.ts or security-routes.ts, fails the test above.
    expect(decorationReads(sample, services)).toEqual(['adminAuth', 'addressHash', 'adminAuth']);
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
