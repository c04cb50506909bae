import { afterEach, describe, expect, it, vi } from 'vitest';
import { backOffDelay } from '../../common/retry/back-off.ts';
import { REDIS_RECONNECT, redisReconnectDelay } from './reconnect.ts';

describe('redisReconnectDelay', () => {
  afterEach(() => vi.restoreAllMocks());

  it("is backOffDelay's schedule: 200 ms doubling to 5 s, jittered", () => {
    const attempts = [1, 2, 3, 4, 5, 6, 7, 100];
    vi.spyOn(Math, 'random').mockReturnValue(1);
    expect(attempts.map(redisReconnectDelay)).toEqual([200, 400, 800, 1600, 3200, 5000, 5000, 5000]);
    vi.spyOn(Math, 'random').mockReturnValue(0);
    expect(attempts.map(redisReconnectDelay)).toEqual([100, 200, 400, 800, 1600, 2500, 2500, 2500]);
    vi.spyOn(Math, 'random').mockReturnValue(0.3);
    expect(attempts.map(redisReconnectDelay)).toEqual(
      attempts.map((n) => backOffDelay(n, REDIS_RECONNECT, () => 0.3)),
    );
  });
});
