import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { constructed, factoryCalls } from '../../scripts/lint/factory-calls.ts';
import { productFiles } from '../../scripts/lint/source-files.ts';

/**
 * The realtime process's composition root (docs/architecture.md): `compose.ts` builds a
 * node's API reader, Redis connections, clock sources, load queue, connection limits, engine,
 * Socket.IO server and metrics, once, and hands them in; `run-realtime.ts` owns the process
 * around it.
 *
 * The API's rule (api/src/composition.test.ts), read from the source: a module other than the
 * root may not call a factory it imports from the product (realtime/src or server-common): a
 * function whose name starts with `create`, anything of the root, or one of the few builders
 * named otherwise (`OTHER_BUILDERS`). A factory a module defines and uses itself is its own
 * business; library factories are not the product's.
 */
const REALTIME_SRC = dirname(new URL(import.meta.url).pathname);
const REPO = resolve(REALTIME_SRC, '..', '..');
const ROOT = 'realtime/src/compose.ts';

/** The product's own code: what is imported from here is one of its parts or helpers. */
const PRODUCT_DIRS = ['realtime/src', 'server-common'].map((dir) => join(REPO, dir));

/** Builders of a node's parts whose names do not start with create. */
const OTHER_BUILDERS = new Set(['loadHttpEngine', 'ephemeralAddressKey', 'openVersionSubscriber']);

/**
 * Libraries' classes whose instances are a node's shared state, each constructed by the root or
 * only in the modules named, whose own factory the root calls once: the Redis adapter's two
 * clients are the adapter; the start-up check's is a probe it opens and closes before anything is
 * composed; the load queue is p-queue's; the metrics are the registry's.
 */
const LIBRARY_STATE: Record<string, string[]> = {
  Server: [],
  Redis: ['realtime/src/redis-adapter.ts', 'realtime/src/startup-check.ts'],
  PQueue: ['realtime/src/clocks/load-queue.ts'],
  Registry: ['realtime/src/observability/metrics.ts'],
  Counter: ['realtime/src/observability/metrics.ts'],
  Gauge: ['realtime/src/observability/metrics.ts'],
  Histogram: ['realtime/src/observability/metrics.ts'],
};

/**
 * The named exceptions, with what each calls. The process's own wiring asks the root for the
 * node's API reader first (the start-up check reads the API with it), then for the node. The
 * engine loader, which only the root calls (`loadHttpEngine`, once), builds the one engine
 * REALTIME_ENGINE chose, falling back to node:http's when uWebSockets.js does not load. The area
 * clocks' loads (`createAreaLoads`, called once by the root) are their queue and new-load window
 * built from the node's bounds, so that tests build them the same way.
 */
const EXCEPTIONS: Record<string, string[]> = {
  'realtime/src/run-realtime.ts': ['nodeApiReader', 'composeRealtime'],
  'realtime/src/engine/load-engine.ts': ['createNodeEngine', 'createUwsEngine', 'createNodeEngine'],
  'realtime/src/clocks/area-loads.ts': ['createLoadQueue', 'createNewLoadWindow'],
};

function isFactory(name: string, target: string): boolean {
  if (!PRODUCT_DIRS.some((dir) => target.startsWith(dir + '/'))) return false;
  return /^create[A-Z]/.test(name) || OTHER_BUILDERS.has(name) || target === join(REPO, ROOT);
}

const read = (module: string) => readFileSync(join(REPO, module), 'utf8');
const callsOf = (module: string, text = read(module)) => factoryCalls(REPO, module, text, isFactory);
const libraryStateBuilt = (text: string) => constructed(text, Object.keys(LIBRARY_STATE));

describe('the realtime composition root', () => {
  const modules = productFiles(REPO, ['realtime/src']);

  it('finds the realtime modules', () => {
    expect(modules).toEqual(
      expect.arrayContaining([
        ROOT,
        'realtime/src/server-app.ts',
        'realtime/src/clocks/definition-source.ts',
        'realtime/src/clocks/area-clocks.ts',
      ]),
    );
  });

  it('no module but the root builds a reader, queue, limiter, engine, Socket.IO server or metrics', () => {
    const offenders = Object.fromEntries(
      modules
        .filter((module) => module !== ROOT)
        .map((module) => [module, callsOf(module)] as const)
        .filter(([, calls]) => calls.length > 0),
    );
    expect(offenders).toEqual(EXCEPTIONS);
  });

  it("no module but the root constructs a library's server, store client, queue or metrics", () => {
    const offenders = Object.fromEntries(
      modules
        .filter((module) => module !== ROOT)
        .map((module) => {
          const built = libraryStateBuilt(read(module));
          return [module, built.filter((name) => !LIBRARY_STATE[name]!.includes(module))] as const;
        })
        .filter(([, built]) => built.length > 0),
    );
    expect(offenders).toEqual({});
  });

  it('the root builds each once (the API reader is shared by both clock sources)', () => {
    expect([...callsOf(ROOT), ...libraryStateBuilt(read(ROOT))].sort()).toEqual(
      [
        'createApiReader',
        'createAreaClocks',
        'createAreaLoads',
        'createAreaShares',
        'createConnectionLimits',
        'createDefinitionSource',
        'createRealtimeMetrics',
        'createRealtimeServer',
        'createRedisAdapter',
        'ephemeralAddressKey',
        'loadHttpEngine',
        'Redis',
        'Server',
      ].sort(),
    );
  });

  it("recognises a factory imported from the product, and only called ones: the area clocks' old own queue", () => {
    // What area-clocks.ts held before its root built its load queue and new-load window:
    // put back, the test above names it.
    const sample = [
      "import type { ApiReader } from '../api-client/api-reader.ts';",
      "import { createHash } from 'node:crypto';",
      "import { createLoadQueue } from './load-queue.ts';",
      "import { createNewLoadWindow as budget } from './new-load-window.ts';",
      "import { nodeApiReader } from '../compose.ts';",
      "import { addressHash, ephemeralAddressKey } from '../../../server-common/security/address-hash.ts';",
      'export function createAreaClocks(options: AreaClocksOptions): AreaClocks {',
      '  const queue = createLoadQueue({ maxInFlight, maxQueued });',
      '  const newLoads = budget({ max: maxNewLoads, windowMs: newLoadWindowMs, now });',
      "  const h = createHash('sha256'); const k = ephemeralAddressKey(); addressHash(a, k); x.createLoadQueue(1);",
      '  const readApi = nodeApiReader(config);',
      '}',
    ].join('\n');
    expect(callsOf('realtime/src/clocks/area-clocks.ts', sample)).toEqual([
      'createLoadQueue',
      'createNewLoadWindow',
      'ephemeralAddressKey',
      'nodeApiReader',
    ]);
    expect(
      libraryStateBuilt('const io = new Server({}); new Redis(url); new PQueue<X>({}); new Servers();'),
    ).toEqual(['Server', 'Redis', 'PQueue']);
  });
});
