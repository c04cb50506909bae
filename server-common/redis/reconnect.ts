import { backOffDelay, type BackOff } from '../../common/retry/back-off.ts';

/**
 * How every ioredis client of the servers waits between reconnections while Redis is away: the
 * product's one back-off, short at first (a Redis restart is over in a second or two) and never
 * longer than a few seconds, so broadcasts and published data versions resume soon after.
 */
export const REDIS_RECONNECT: BackOff = { baseMs: 200, maxMs: 5000 };

/**
 * ioredis's `retryStrategy`: the wait before reconnection `attempt` (1 after the first failure).
 * Jittered: the nodes of a cluster lose Redis together and should not all return at the same instant.
 */
export function redisReconnectDelay(attempt: number): number {
  return backOffDelay(attempt, REDIS_RECONNECT, Math.random);
}
