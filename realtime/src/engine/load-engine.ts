import type { Logger } from 'pino';
import type { EngineChoice, HttpEngine } from './http-engine.ts';
import { createNodeEngine } from './node-engine.ts';
import { createUwsEngine } from './uws-engine.ts';

/**
 * The engine REALTIME_ENGINE asks for. `auto` tries uWebSockets.js and falls back to `node:http`
 * with one warning; `uws` fails when it does not load; `node` never loads it.
 *
 * The import is safe to try in this process: uws-pack picks its binary by the running Node's ABI
 * (`uws_<platform>_<arch>_<modules>.node`) and, when there is none (Node 24, 26), throws a plain
 * Error from `require` (checked on Node 24.21); a binary of another ABI is never opened, so a load
 * cannot take the process down and needs no probe in a child process.
 */
export async function loadHttpEngine(choice: EngineChoice, logger: Logger): Promise<HttpEngine> {
  if (choice === 'node') return createNodeEngine(logger);
  try {
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
