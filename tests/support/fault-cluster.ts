import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import {
  startCluster,
  type Cluster,
  type ClusterOptions,
  type ClusterProcess,
} from '../../scripts/cluster/cluster.ts';
import { closeViewers, openViewers, type ClockViewer } from './clock-viewers.ts';
import { startRedisServer, type RedisServer } from './redis-server.ts';

export interface FaultCluster {
  cluster: Cluster;
  /** The cluster's own Redis, which the test may stop and start. */
  redis: RedisServer;
  /** Stops the cluster (dropping its database) and its Redis. */
  stop(): Promise<void>;
}

/** The MySQL server the fault tests use: TEST_MYSQL_URL's server (CI sets it), else the local one. */
export function mysqlServerUrl(): string {
  const url = new URL(process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/');
  url.pathname = '/';
  return url.toString();
}

/**
 * The cluster (scripts/cluster) on a database and a Redis of its own, with a small synthetic
 * sample so both clocks have data. Run `npm run build` first: the cluster runs the build.
 */
export async function startFaultCluster(options: ClusterOptions = {}): Promise<FaultCluster> {
  const databaseUrl = new URL(`cc_fault_${process.pid}_${randomBytes(3).toString('hex')}`, mysqlServerUrl());
  const redis = await startRedisServer();
  try {
    const cluster = await startCluster({
      databaseUrl: databaseUrl.toString(),
      redisUrl: redis.url,
      sample: { months: 2, scale: 0.2 },
      dropDatabaseOnStop: true,
      logLevel: 'info',
      secretKey: 'cd'.repeat(32),
      // Every test client comes from 127.0.0.1: HAProxy's per-address edge limits would refuse the
      // load itself. The limits are tested on their own (scripts/cluster/haproxy.int.test.ts).
      edgeLimits: { connectionsPerAddress: 100_000, requestsPerAddress: 10_000_000 },
      ...options,
    });
    return {
      cluster,
      redis,
      async stop() {
        await cluster.stop();
        await redis.stop();
      },
    };
  } catch (error) {
    await redis.stop();
    throw error;
  }
}

/** A fault cluster shared by the tests of one describe block, and the clock viewers they open. */
export interface FaultClusterFixture {
  /** Inside tests only: the cluster runs from beforeAll on. */
  readonly cluster: Cluster;
  readonly redis: RedisServer;
  /** Every viewer opened through `openViewers`, in order. */
  readonly viewers: readonly ClockViewer[];
  /** Opens clock viewers as clock-viewers.ts does; they are closed after the tests, pass or fail. */
  openViewers(...args: Parameters<typeof openViewers>): Promise<ClockViewer[]>;
}

/**
 * Starts a fault cluster before the tests of the calling describe block and stops it after them,
 * closing their viewers first so that none is left reconnecting to a cluster that is going away.
 */
export function useFaultCluster(options: ClusterOptions = {}): FaultClusterFixture {
  let env: FaultCluster | undefined;
  const viewers: ClockViewer[] = [];
  const running = (): FaultCluster => {
    if (!env) throw new Error('the fault cluster runs only inside the tests of its describe block');
    return env;
  };

  beforeAll(async () => {
    env = await startFaultCluster(options);
  }, 240_000);

  afterAll(async () => {
    closeViewers(viewers);
    await env?.stop();
  });

  return {
    get cluster() {
      return running().cluster;
    },
    get redis() {
      return running().redis;
    },
    viewers,
    async openViewers(...args) {
      const opened = await openViewers(...args);
      viewers.push(...opened);
      return opened;
    },
  };
}

/** The connected clients a realtime node reports on /health. */
export async function clientsOf(node: ClusterProcess): Promise<number> {
  const res = await fetch(`${node.url}/health`, { signal: AbortSignal.timeout(5000) });
  return ((await res.json()) as { clients: number }).clients;
}

// What a process must never print: pino error/fatal lines, Node's crash reports.
const TROUBLE = [
  /"level":(50|60)/,
  /unhandled/i,
  /uncaught/i,
  /ERR_UNHANDLED_REJECTION/,
  /^\s+at .+\(.+:\d+:\d+\)$/m,
];

/** Lines of a process's output that report an error or a crash. */
export function troubleIn(output: string): string[] {
  return output.split('\n').filter((line) => TROUBLE.some((pattern) => pattern.test(line)));
}
