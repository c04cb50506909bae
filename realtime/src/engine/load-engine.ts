import type { Logger } from 'pino';
import type { EngineChoice, HttpEngine } from './http-engine.ts';
import { createNodeEngine } from './node-engine.ts';
import { createUwsEngine } from './uws-engine.ts';

/**
 * The engine REALTIME_ENGINE asks for. `auto` tries uWebSockets.js and falls back to `node:http`
 * with one warning; `uws` fails when it does not load; `node` never loads it. `unavailable` is why
 * the entry's probe in a child process (server-common/runtime/preflight.ts) found it unusable, if
 * it did: then it is not imported here at all.
 *
 * uws-pack picks its binary by the running Node's ABI (`uws_<platform>_<arch>_<modules>.node`) and,
 * when there is none (Node 24, 26), throws a plain Error from `require` (checked on Node 24.21), which
 * the catch below takes; the child's probe is for what could take a process down instead (a binary
 * of the right ABI but a wrong libc, a broken build).
 */
export async function loadHttpEngine(
  choice: EngineChoice,
  logger: Logger,
  unavailable?: string,
): Promise<HttpEngine> {
  if (choice === 'node') return createNodeEngine(logger);
  try {
    if (unavailable !== undefined) throw new Error(unavailable);
    return createUwsEngine(await import('uWebSockets.js'), logger);
  } catch (error) {
    const reason = error instanceof Error ? error.message.replace(/\s+/g, ' ') : String(error);
    if (choice === 'uws')
      throw new Error(`REALTIME_ENGINE=uws, but uWebSockets.js does not load: ${reason}`, { cause: error });
    logger.warn(
      { node: process.versions.node, reason },
      'uWebSockets.js does not load on this Node; the realtime server runs on node:http (slower broadcasts)',
    );
    return createNodeEngine(logger);
  }
}
