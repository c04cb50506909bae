import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { backOffDelay } from '../../../common/retry/back-off.ts';
import { REDIS_RECONNECT } from '../../../server-common/redis/reconnect.ts';
import { createDataVersionPublisher } from './data-version.ts';

/** The options each ioredis client was built with; the clients themselves never connect. */
const built = vi.hoisted(() => [] as { retryStrategy?: (attempt: number) => unknown }[]);

vi.mock('ioredis', () => ({
  Redis: class {
    constructor(_url: string, options: (typeof built)[number]) {
      built.push(options);
    }
    on() {
      return this;
    }
    disconnect() {}
  },
}));

describe("the data version publisher's Redis client", () => {
  afterEach(() => vi.restoreAllMocks());

  it("reconnects on the product's back-off", async () => {
    const log = { warn: vi.fn(), info: vi.fn() } as unknown as FastifyBaseLogger;
    const publisher = createDataVersionPublisher({
      read: async () => 'v',
      redisUrl: 'redis://127.0.0.1:6379',
      log,
    });
    expect(built).toHaveLength(1);
    vi.spyOn(Math, 'random').mockReturnValue(1);
    const attempts = [1, 2, 3, 4, 5, 6, 7, 8];
    expect(attempts.map((attempt) => built[0]!.retryStrategy?.(attempt))).toEqual(
      attempts.map((attempt) => backOffDelay(attempt, REDIS_RECONNECT)),
    );
    await publisher.stop();
  });
});
