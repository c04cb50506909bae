import type { Logger } from 'pino';
import { GetRealtimeHealth, type RealtimeHealth } from '../../common/contracts/realtime-health.ts';
import { CLOCK_KINDS } from '../../common/realtime/protocol.ts';
import { attachClockRooms } from './clocks/clock-rooms.ts';
import type { AreaClocks } from './clocks/area-clocks.ts';
import type { AreaShares } from './clocks/area-shares.ts';
import type { DefinitionSource } from './clocks/definition-source.ts';
import type { RealtimeIo } from './io-types.ts';
import type { ConnectionLimits } from './limits/connection-limits.ts';
import type { RealtimeMetrics } from './observability/metrics.ts';
import { metricsRoute } from './observability/metrics-route.ts';
import type { EngineName, HttpEngine, HttpReply } from './engine/http-engine.ts';
import { logSocketLifecycle } from './observability/socket-log.ts';

/** What the node serves with, every part built by the composition root (compose.ts). */
export interface RealtimeParts {
  logger: Logger;
  /** The Socket.IO server, its request check the limits' and its adapter chosen by the root. */
  io: RealtimeIo;
  engine: HttpEngine;
  limits: ConnectionLimits;
  metrics: RealtimeMetrics;
  definitions: DefinitionSource;
  /** Area clocks (from the API); without them area joins are refused. */
  areas?: AreaClocks;
  /** Whether the nodes share rooms over Redis (the adapter). */
  clustered: boolean;
  /** Interval of the ticks; 1 s in production. */
  tickMs: number;
  now: () => number;
  /** Extra health facts: the Redis adapter's connection state. */
  health?: () => Pick<RealtimeHealth, 'redis'>;
  /** When set, GET /metrics needs `Authorization: Bearer <token>` (METRICS_TOKEN). */
  metricsToken?: string;
  /** REALTIME_MAX_CONNECTIONS, for the health answer's words; the limits enforce it. */
  maxConnections?: number;
  /** REALTIME_MAX_AREA_CLOCKS: distinct areas one node ticks for. */
  maxAreaClocks: number;
  /** Each address's share of the node's areas (clocks/area-shares.ts). */
  areaShares: AreaShares;
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
export function createRealtimeServer(options: RealtimeParts): RealtimeServer {
  const { logger, io, engine, limits, metrics, now, tickMs } = options;
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
      [GetRealtimeHealth.path]: () => {
        const unable = problems();
        const answer: RealtimeHealth = {
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
        };
        return json(unable.length === 0 ? 200 : 503, answer);
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
    clustered: options.clustered,
    onTickSent: metrics.tickSent,
    ...(options.areas ? { areas: options.areas } : {}),
    maxAreas: options.maxAreaClocks,
    areaShares: options.areaShares,
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
