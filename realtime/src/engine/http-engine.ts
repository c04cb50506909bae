import type { Logger } from 'pino';
import type { RealtimeEngine } from '../../../common/config/config.ts';
import type { RealtimeIo } from '../io-types.ts';

/** What carries a node's sockets and HTTP routes; shown on /health and in the metrics. */
export type EngineName = 'uWebSockets.js' | 'node:http';

/** REALTIME_ENGINE: `auto` takes uWebSockets.js where it loads, else `node:http`. */
export type EngineChoice = RealtimeEngine;

export interface HttpReply {
  status: number;
  headers?: Record<string, string>;
  body: string;
}

/**
 * One route, the same on either engine. It sees only the request's headers (lower-case names),
 * read before it is called: uWebSockets.js lets a request be read only synchronously.
 */
export type HttpRoute = (header: (name: string) => string | undefined) => HttpReply | Promise<HttpReply>;

export interface HttpRoutes {
  /** GET routes by exact path. */
  get: Record<string, HttpRoute>;
  /** Everything else that is not Socket.IO's. */
  notFound: HttpRoute;
}

export interface HttpEngine {
  readonly name: EngineName;
  /** Socket.IO at its path, the routes everywhere else. Once, before `listen`. */
  serve(io: RealtimeIo, routes: HttpRoutes): void;
  /** Resolves with the bound port (useful with port 0). */
  listen(port: number, host: string): Promise<number>;
  /** Stops taking connections; the open ones are ended by `io.close()`. */
  stopListening(): void;
}

/** A route's answer, or a 500 (logged) when it threw: an engine never leaves a request hanging. */
export async function answer(route: HttpRoute, header: (name: string) => string | undefined, logger: Logger) {
  try {
    return await route(header);
  } catch (error) {
    logger.error({ err: error }, 'realtime HTTP route failed');
    return {
      status: 500,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ success: false, error: 'Internal Server Error', code: 'INTERNAL' }),
    } satisfies HttpReply;
  }
}
