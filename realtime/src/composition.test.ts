import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { productFiles } from '../../scripts/lint/source-files.ts';

/**
 * The realtime process's composition root (docs/architecture.md, issue 31): `compose.ts` builds a
 * node's API reader, Redis connections, clock sources, connection limits, engine, Socket.IO server
 * and metrics, once, and hands them in; `run-realtime.ts` owns the process around it. No other
 * realtime module builds one of those: this test names any that does.
 */
const REALTIME_SRC = new URL('.', import.meta.url).pathname;
const ROOT = 'compose.ts';

/** A call (not the factory's definition) of a builder of what the root builds. */
const BUILDER_CALL =
  /(?<!function )\b(createApiReader|createDefinitionSource|createAreaClocks|createAreaShares|createRedisAdapter|openVersionSubscriber|createConnectionLimits|createRealtimeMetrics|loadHttpEngine|ephemeralAddressKey|createRealtimeServer|composeRealtimeServer|composeRealtime|nodeApiReader|new (?:Server|Redis))\s*\(/g;

/**
 * Connections a module other than the root opens, and why each is its own: the Redis adapter's
 * two clients are the adapter (built once, by the root); the start-up check's is a probe it
 * opens and closes before anything is composed. `run-realtime.ts` calls the root, and asks it for
 * the node's API reader first, which the start-up check reads the API with.
 */
const OWN_PARTS: Record<string, string[]> = {
  'redis-adapter.ts': ['new Redis'],
  'startup-check.ts': ['new Redis'],
  'run-realtime.ts': ['nodeApiReader', 'composeRealtime'],
};

function builderCalls(module: string): string[] {
  const text = readFileSync(join(REALTIME_SRC, module), 'utf8');
  return [...text.matchAll(BUILDER_CALL)].map((match) => match[1]!);
}

describe('the realtime composition root', () => {
  const all = productFiles(REALTIME_SRC);

  it('finds the realtime modules', () => {
    expect(all).toEqual(
      expect.arrayContaining([ROOT, 'server-app.ts', 'clocks/definition-source.ts', 'clocks/area-clocks.ts']),
    );
  });

  it('no module but the root builds a reader, subscriber, limiter, engine, Socket.IO server or metrics', () => {
    const offenders = Object.fromEntries(
      all
        .filter((module) => module !== ROOT)
        .map((module) => [module, builderCalls(module)] as const)
        .filter(([, calls]) => calls.length > 0),
    );
    expect(offenders).toEqual(OWN_PARTS);
  });

  it('the root builds each once (the API reader is shared by both clock sources)', () => {
    const calls = builderCalls(ROOT);
    expect([...calls].sort()).toEqual(
      [
        'createApiReader',
        'createAreaClocks',
        'createAreaShares',
        'createConnectionLimits',
        'createDefinitionSource',
        'createRealtimeMetrics',
        'createRealtimeServer',
        'composeRealtimeServer',
        'createRedisAdapter',
        'ephemeralAddressKey',
        'loadHttpEngine',
        'new Redis',
        'new Server',
        'openVersionSubscriber',
      ].sort(),
    );
  });

  it('recognises a builder call, not its definition', () => {
    const sample =
      'export function createApiReader() {} const r = createApiReader({}); const io = new Server({}); createApiReaders();';
    expect([...sample.matchAll(BUILDER_CALL)].map((m) => m[1])).toEqual(['createApiReader', 'new Server']);
  });
});
