import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Logger } from 'pino';
import { backOffDelay } from '../../common/retry/back-off.ts';
import { REDIS_RECONNECT } from '../../server-common/redis/reconnect.ts';
import { openVersionSubscriber } from './compose.ts';
import { createRedisAdapter } from './redis-adapter.ts';

/** The options each ioredis client was built with; the clients themselves never connect. */
const built = vi.hoisted(() => [] as { retryStrategy?: (attempt: number) => unknown }[]);

vi.mock('ioredis', () => {
  class Redis {
    status = 'wait';
    constructor(
      _url: string,
      readonly options: (typeof built)[number],
    ) {
      built.push(options);
    }
    duplicate(override: object) {
      return new Redis('', { ...this.options, ...override });
    }
    on() {
      return this;
    }
    disconnect() {}
  }
  return { Redis };
});

/** The waits a client's retryStrategy gives for attempts 1…8, with the jitter fixed at its top. */
function schedule(options: (typeof built)[number]): unknown[] {
  vi.spyOn(Math, 'random').mockReturnValue(1);
  return [1, 2, 3, 4, 5, 6, 7, 8].map((attempt) => options.retryStrategy?.(attempt));
}
const BACK_OFF = [1, 2, 3, 4, 5, 6, 7, 8].map((attempt) => backOffDelay(attempt, REDIS_RECONNECT));

describe("the realtime node's Redis clients reconnect on the product's back-off", () => {
  afterEach(() => {
    built.length = 0;
    vi.restoreAllMocks();
  });

  it("the Socket.IO adapter's two clients", () => {
    const logger = { warn: vi.fn(), info: vi.fn() } as unknown as Logger;
    void createRedisAdapter('redis://127.0.0.1:6379', logger);
    expect(built).toHaveLength(2);
    for (const options of built) expect(schedule(options)).toEqual(BACK_OFF);
  });

  it("the data versions' subscriber", () => {
    void openVersionSubscriber('redis://127.0.0.1:6379');
    expect(built).toHaveLength(1);
    expect(schedule(built[0]!)).toEqual(BACK_OFF);
  });
});
