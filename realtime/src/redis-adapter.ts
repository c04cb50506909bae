import { createShardedAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { RealtimeHealth } from '../../common/contracts/realtime-health.ts';
import { redisReconnectDelay } from '../../server-common/redis/reconnect.ts';

/**
 * The Socket.IO Redis adapter over sharded pub/sub (Redis 7+), with ioredis clients that
 * reconnect forever. While Redis is away the node keeps serving its own clients (ticks never
 * cross Redis); errors are logged once per outage instead of crashing the process.
 */
export function createRedisAdapter(url: string, logger: Logger) {
  const pub = new Redis(url, {
    lazyConnect: false,
    maxRetriesPerRequest: 2,
    retryStrategy: redisReconnectDelay,
  });
  // The adapter subscribes and unsubscribes as clock rooms fill and empty, and does not handle
  // those commands' failures: with a retry limit, viewers coming or going while Redis is down
  // would reject one and crash the node. Without a limit they wait for Redis, then run in order.
  const sub = pub.duplicate({ maxRetriesPerRequest: null });
  let down = false;
  for (const [name, client] of [
    ['pub', pub],
    ['sub', sub],
  ] as const) {
    client.on('error', (error: Error) => {
      if (!down)
        logger.warn({ client: name, err: error.message }, 'redis unavailable; serving local clients only');
      down = true;
    });
    client.on('ready', () => {
      if (down) logger.info({ client: name }, 'redis connection restored');
      down = false;
    });
  }
  return {
    adapter: createShardedAdapter(pub, sub, { subscriptionMode: 'dynamic' }),
    status: (): Pick<RealtimeHealth, 'redis'> => ({
      redis: pub.status === 'ready' && sub.status === 'ready' ? 'up' : 'down',
    }),
    async close() {
      pub.disconnect();
      sub.disconnect();
    },
  };
}
