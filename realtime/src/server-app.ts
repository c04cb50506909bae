import * as uWS from 'uWebSockets.js';
import { Server, type ServerOptions } from 'socket.io';
import type { Logger } from 'pino';
import { REALTIME_PATH } from '../../common/realtime/protocol.ts';
import { attachClockRooms } from './clocks/clock-rooms.ts';
import type { AreaClocks } from './clocks/area-clocks.ts';
import type { DefinitionSource } from './clocks/definition-source.ts';
import type { RealtimeIo } from './io-types.ts';
import { addressHash, ephemeralAddressKey } from '../../api/src/security/address-hash.ts';
import { createConnectionLimits, type TrustProxy } from './limits/connection-limits.ts';
import { createRealtimeMetrics } from './observability/metrics.ts';
import { serveMetrics } from './observability/metrics-route.ts';
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
}

export interface RealtimeServer {
  io: RealtimeIo;
  /** Resolves with the bound port (useful with port 0). */
  listen(port: number, host: string): Promise<number>;
  /** Tells clients, stops timers and frees the port. */
  close(): Promise<void>;
}

/**
 * uWebSockets.js carries the sockets (its native publish fans a room broadcast out without a JS
 * loop per client); Socket.IO gives the protocol, rooms and reconnection.
 */
export function createRealtimeServer(options: RealtimeOptions): RealtimeServer {
  const { logger } = options;
  const now = options.now ?? Date.now;
  const tickMs = options.tickMs ?? 1000;
  const app = uWS.App();
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
  io.attachApp(app);
  limits.attach(io);
  const metrics = createRealtimeMetrics({ io, now });
  serveMetrics(app, metrics, { token: options.metricsToken, logger });
  logSocketLifecycle(io, logger);

  const startedAt = now();
  app.get('/health', (res) => {
    res.cork(() => {
      res.writeHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          status: 'ok',
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
        }),
      );
    });
  });
  app.any('/*', (res) => {
    res.cork(() => {
      res.writeStatus('404 Not Found').writeHeader('content-type', 'application/json');
      res.end(JSON.stringify({ success: false, error: 'Not found', code: 'NOT_FOUND' }));
    });
  });

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

  let listenSocket: uWS.us_listen_socket | false = false;
  return {
    io,
    listen(port, host) {
      return new Promise((resolve, reject) => {
        app.listen(host, port, (token) => {
          if (!token) return reject(new Error(`Realtime server cannot listen on ${host}:${port}`));
          listenSocket = token;
          resolve(uWS.us_socket_local_port(token));
        });
      });
    },
    async close() {
      clocks.stop();
      options.definitions.stop();
      if (listenSocket) uWS.us_listen_socket_close(listenSocket);
      listenSocket = false;
      // Closing the engine ends every transport: clients see "transport close" and reconnect on
      // their own (to another node behind the proxy), which a server-side disconnect would stop.
      await new Promise<void>((resolve) => io.close(() => resolve()));
    },
  };
}
