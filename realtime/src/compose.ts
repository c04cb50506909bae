import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { Server, type ServerOptions } from 'socket.io';
import type { AppConfig } from '../../common/config/config.ts';
import { REALTIME_PATH } from '../../common/realtime/protocol.ts';
import { addressHash, ephemeralAddressKey } from '../../server-common/security/address-hash.ts';
import { REALTIME_READ_HEADER } from '../../server-common/security/realtime-reads.ts';
import { redisReconnectDelay } from '../../server-common/redis/reconnect.ts';
import { createApiReader, type ApiReader } from './api-client/api-reader.ts';
import { createAreaClocks, type AreaClocks } from './clocks/area-clocks.ts';
import { createAreaLoads } from './clocks/area-loads.ts';
import { createAreaShares } from './clocks/area-shares.ts';
import { createDefinitionSource, type DefinitionSource } from './clocks/definition-source.ts';
import { loadHttpEngine } from './engine/load-engine.ts';
import type { RealtimeIo } from './io-types.ts';
import { createConnectionLimits } from './limits/connection-limits.ts';
import { defaultMaxConnections } from './limits/open-files.ts';
import { createRealtimeMetrics } from './observability/metrics.ts';
import { createRedisAdapter } from './redis-adapter.ts';
import { createRealtimeServer, type RealtimeParts, type RealtimeServer } from './server-app.ts';

/**
 * The realtime process's composition root (docs/architecture.md): every reader, subscriber,
 * limiter, load queue, engine, Socket.IO server and metrics registry of a node is built here, once, and handed
 * to the modules that use them; none of those builds its own (realtime/src/composition.test.ts).
 */

/** A node's settings and the clock sources it serves: what `composeRealtimeServer` builds from. */
export interface RealtimeSettings {
  /**
   * The configuration the server is built with, its defaults applied by common/config/config.ts
   * (a test passes `parseConfig({})` with what it changes). REALTIME_MAX_CONNECTIONS unset is
   * unbounded here; the process root sets it from the open-file limit.
   */
  config: Pick<
    AppConfig,
    | 'metricsToken'
    | 'realtimeMaxConnections'
    | 'realtimeMaxConnectionsPerAddress'
    | 'realtimeMaxEventsPerSocket'
    | 'realtimeMaxAreaClocks'
    | 'realtimeEngine'
    | 'trustProxy'
  >;
  logger: Logger;
  definitions: DefinitionSource;
  /** Socket.IO adapter factory, e.g. the Redis adapter when several nodes run. */
  adapter?: ServerOptions['adapter'];
  /** Interval of the ticks; 1 s in production. */
  tickMs?: number;
  now?: () => number;
  /** Extra health facts: the Redis adapter's connection state. */
  health?: RealtimeParts['health'];
  /** Area clocks (from the API); without them area joins are refused. */
  areas?: AreaClocks;
  /** Distinct areas one address's sockets may make this node compute; 50 when not given. */
  maxAreasPerAddress?: number;
  /** Key of the address hashes in the log (from SECRET_KEY); a random one per process when not given. */
  addressKey?: Buffer;
  /** Why the start-up probe found uWebSockets.js unusable on this Node, if it did. */
  uwsUnavailable?: string;
}

/**
 * Builds a node's engine, connection limits, Socket.IO server, metrics and per-address area shares,
 * and the server on them.
 */
export async function composeRealtimeServer(settings: RealtimeSettings): Promise<RealtimeServer> {
  const { logger, config } = settings;
  const now = settings.now ?? Date.now;
  const engine = await loadHttpEngine(config.realtimeEngine, logger, settings.uwsUnavailable);
  const addressKey = settings.addressKey ?? ephemeralAddressKey();
  const limits = createConnectionLimits({
    maxConnectionsPerAddress: config.realtimeMaxConnectionsPerAddress,
    maxConnections: config.realtimeMaxConnections,
    maxEventsPerWindow: config.realtimeMaxEventsPerSocket,
    trustProxy: config.trustProxy,
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
    ...(settings.adapter ? { adapter: settings.adapter } : {}),
  });
  const metrics = createRealtimeMetrics({ io, now, engine: engine.name });
  return createRealtimeServer({
    logger,
    io,
    engine,
    limits,
    metrics,
    definitions: settings.definitions,
    ...(settings.areas ? { areas: settings.areas } : {}),
    clustered: Boolean(settings.adapter),
    tickMs: settings.tickMs ?? 1000,
    now,
    ...(settings.health ? { health: settings.health } : {}),
    metricsToken: config.metricsToken,
    maxConnections: config.realtimeMaxConnections,
    maxAreaClocks: config.realtimeMaxAreaClocks,
    areaShares: createAreaShares(settings.maxAreasPerAddress ?? 50),
  });
}

/**
 * The connection the definition source hears the API's data versions on (CLOCK_DATA_VERSION_CHANNEL).
 * It connects when the source subscribes (at its start) and retries forever while Redis is away.
 */
export function openVersionSubscriber(url: string): Redis {
  return new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: null,
    retryStrategy: redisReconnectDelay,
  });
}

export interface RealtimeProcess {
  server: RealtimeServer;
  /** Whether the nodes share rooms over Redis. */
  clustered: boolean;
  /** Closes the server, then the Redis connections this root opened. */
  close(): Promise<void>;
}

/**
 * The node's one reader of the API (both clock sources, and the start-up check before them), with
 * the token of this node's reads; none while the API's key is unknown.
 */
export function nodeApiReader(config: AppConfig, readToken?: () => string | undefined): ApiReader {
  return createApiReader({
    apiUrl: config.apiInternalUrl,
    headers: (): Record<string, string> => {
      const token = readToken?.();
      return token ? { [REALTIME_READ_HEADER]: token } : {};
    },
  });
}

/** A node from its configuration and its API reader: Redis connections and clock sources, then the server. */
export async function composeRealtime(
  config: AppConfig,
  parts: {
    logger: Logger;
    addressKey?: Buffer;
    /** The node's reader of the API (`nodeApiReader`). */
    readApi: ApiReader;
    uwsUnavailable?: string;
  },
): Promise<RealtimeProcess> {
  const { logger, readApi } = parts;
  const redis = config.redisUrl ? createRedisAdapter(config.redisUrl, logger) : undefined;
  const subscriber = config.redisUrl ? openVersionSubscriber(config.redisUrl) : undefined;
  const loads = createAreaLoads();
  const server = await composeRealtimeServer({
    config: { ...config, realtimeMaxConnections: config.realtimeMaxConnections ?? defaultMaxConnections() },
    logger,
    definitions: createDefinitionSource({
      readApi,
      logger,
      refreshMs: config.clockRefreshSeconds * 1000,
      ...(subscriber ? { subscriber } : {}),
    }),
    ...(redis ? { adapter: redis.adapter, health: redis.status } : {}),
    areas: createAreaClocks({ readApi, logger, ...loads }),
    addressKey: parts.addressKey,
    uwsUnavailable: parts.uwsUnavailable,
  });
  return {
    server,
    clustered: Boolean(redis),
    async close() {
      await server.close();
      subscriber?.disconnect();
      await redis?.close();
    },
  };
}
