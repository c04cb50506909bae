import { Server, type ServerOptions } from 'socket.io';
import type { Logger } from 'pino';
import { CLOCK_KINDS, REALTIME_PATH } from '../../common/realtime/protocol.ts';
import { attachClockRooms } from './clocks/clock-rooms.ts';
import type { AreaClocks } from './clocks/area-clocks.ts';
import type { DefinitionSource } from './clocks/definition-source.ts';
import type { RealtimeIo } from './io-types.ts';
import { addressHash, ephemeralAddressKey } from '../../server-common/security/address-hash.ts';
import { createConnectionLimits, type TrustProxy } from './limits/connection-limits.ts';
import { createRealtimeMetrics } from './observability/metrics.ts';
import { metricsRoute } from './observability/metrics-route.ts';
import type { EngineChoice, EngineName, HttpReply } from './engine/http-engine.ts';
import { loadHttpEngine } from './engine/load-engine.ts';
import { logSocketLifecycle } from './observability/socket-log.ts';

export interface RealtimeOptions {
  logger: Logger;
  definitions: DefinitionSource;
  /** Socket.IO adapter factory, e.g. the Redis adapter when several nodes run. */
  adapter?: ServerOptions['adapter'];
  /** Interval of the ticks; 1 s in production. */
  tickMs?: number;
  now?: () => number;
  /** Extra health facts (e.g. Redis connection state). */
  health?: () => Record<string, unknown>;
  /** When set, GET /metrics needs `Authorization: Bearer <token>` (METRICS_TOKEN). */
  metricsToken?: string;
  /** REALTIME_MAX_CONNECTIONS_PER_ADDRESS; 500 when not given. */
  maxConnectionsPerAddress?: number;
  /** REALTIME_MAX_CONNECTIONS: from everyone; unbounded when not given (server.ts sets it). */
  maxConnections?: number;
  /** REALTIME_MAX_EVENTS_PER_SOCKET, per 10 s; 30 when not given. */
  maxEventsPerSocket?: number;
  /** TRUST_PROXY: whose X-Forwarded-For names the visitor's address for the connection cap. */
  trustProxy?: TrustProxy;
  /** Area clocks (from the API); without them area joins are refused. */
  areas?: AreaClocks;
  /** REALTIME_MAX_AREA_CLOCKS: distinct areas one node ticks for; 1000 when not given. */
  maxAreaClocks?: number;
  /** Distinct areas one address's sockets may make this node compute; 50 when not given. */
  maxAreasPerAddress?: number;
  /** Key of the address hashes in the log (from SECRET_KEY); a random one per process when not given. */
  addressKey?: Buffer;
  /** REALTIME_ENGINE; `auto` when not given. */
  engine?: EngineChoice;
  /** Why the start-up probe found uWebSockets.js unusable on this Node, if it did. */
  uwsUnavailable?: string;
}

export interface RealtimeServer {
  io: RealtimeIo;
  /** What carries the sockets: uWebSockets.js, or node:http where it does not load. */
  engine: EngineName;
  /** Resolves with the bound port (useful with port 0). */
  listen(port: number, host: string): Promise<number>;
  /** Tells clients, stops timers and frees the port. */
  close(): Promise<void>;
}

const json = (status: number, body: object): HttpReply => ({
  status,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/**
 * Socket.IO gives the protocol, rooms and reconnection; an engine (engine/) carries its sockets and
 * the node's few HTTP routes: uWebSockets.js where it loads, else node:http, with the same routes.
 */
export async function createRealtimeServer(options: RealtimeOptions): Promise<RealtimeServer> {
  const { logger } = options;
  const now = options.now ?? Date.now;
  const tickMs = options.tickMs ?? 1000;
  const engine = await loadHttpEngine(options.engine ?? 'auto', logger, options.uwsUnavailable);
  const addressKey = options.addressKey ?? ephemeralAddressKey();
  const limits = createConnectionLimits({
    maxConnectionsPerAddress: options.maxConnectionsPerAddress ?? 500,
    maxConnections: options.maxConnections,
    maxEventsPerWindow: options.maxEventsPerSocket ?? 30,
    trustProxy: options.trustProxy ?? false,
    logger,
    hashAddress: (address) => addressHash(address, addressKey),
    now,
  });
  const io: RealtimeIo = new Server({
    allowRequest: limits.allowRequest,
    path: REALTIME_PATH,
    serveClient: false,
    transports: ['websocket', 'polling'],
    pingInterval: 25_000,
    pingTimeout: 20_000,
    cors: { origin: true, credentials: false },
    ...(options.adapter ? { adapter: options.adapter } : {}),
  });
  const metrics = createRealtimeMetrics({ io, now, engine: engine.name });
  const startedAt = now();

  /**
   * Why this node should get no new visitors; none means healthy. The proxy's check expects 200,
   * so a 503 takes the node out of rotation until it can serve again.
   */
  const problems = (): string[] => {
    const found: string[] = [];
    for (const clock of CLOCK_KINDS) {
      // A store with no police data is an answer: the node serves the survey clock all the same.
      if (!options.definitions.current(clock) && !options.definitions.answeredEmpty?.(clock))
        found.push(
          `no ${clock} clock definition loaded yet (the API has not answered, or has no ${clock} data)`,
        );
    }
    if (limits.atCapacity())
      found.push(
        `at its connection cap (REALTIME_MAX_CONNECTIONS ${options.maxConnections}): new visitors are refused`,
      );
    return found;
  };

  engine.serve(io, {
    get: {
      '/health': () => {
        const unable = problems();
        return json(unable.length === 0 ? 200 : 503, {
          status: unable.length === 0 ? 'ok' : 'unavailable',
          ...(unable.length > 0 ? { problems: unable } : {}),
          engine: engine.name,
          clients: io.engine.clientsCount,
          limits: limits.stats(),
          uptimeSeconds: Math.round((now() - startedAt) / 1000),
          clocks: {
            police: options.definitions.current('police')?.version ?? null,
            csew: options.definitions.current('csew')?.version ?? null,
            areas: options.areas?.size() ?? 0,
            ...(options.areas ? { areaLoads: options.areas.stats() } : {}),
            rooms: clocks.stats(),
          },
          ...options.health?.(),
        });
      },
      '/metrics': metricsRoute(metrics, { token: options.metricsToken, logger }),
    },
    notFound: () => json(404, { success: false, error: 'Not found', code: 'NOT_FOUND' }),
  });
  limits.attach(io);
  logSocketLifecycle(io, logger);

  const clocks = attachClockRooms({
    io,
    definitions: options.definitions,
    logger,
    now,
    tickMs,
    clustered: Boolean(options.adapter),
    onTickSent: metrics.tickSent,
    ...(options.areas ? { areas: options.areas } : {}),
    maxAreas: options.maxAreaClocks ?? 1000,
    maxAreasPerAddress: options.maxAreasPerAddress ?? 50,
    addressOf: (socket) => limits.addressOf(socket.conn),
  });
  options.definitions.start();

  return {
    io,
    engine: engine.name,
    listen: (port, host) => engine.listen(port, host),
    async close() {
      clocks.stop();
      options.definitions.stop();
      engine.stopListening();
      // Closing the engine ends every transport: clients see "transport close" and reconnect on
      // their own (to another node behind the proxy), which a server-side disconnect would stop.
      await new Promise<void>((resolve) => void io.close(() => resolve()));
    },
  };
}
