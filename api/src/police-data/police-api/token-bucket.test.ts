import { describe, expect, it } from 'vitest';
import { createTokenBucket } from './token-bucket.ts';

/** A clock that only moves when a caller waits, so departure times are exact. */
function virtualTime() {
  let now = 0;
  const departures: number[] = [];
  return {
    clock: () => now,
    wait: async (ms: number) => {
      departures.push(now + ms);
    },
    advance: (ms: number) => {
      now += ms;
    },
    departures,
  };
}

describe('createTokenBucket', () => {
  it('lets the burst go at once, then spaces callers at the sustained rate', async () => {
    const time = virtualTime();
    const bucket = createTokenBucket({ perSecond: 15, burst: 30, clock: time.clock, wait: time.wait });
    for (let i = 0; i < 45; i += 1) await bucket.take();
    // the first 30 never waited; the next 15 leave 1/15 s apart
    expect(time.departures).toHaveLength(15);
    time.departures.forEach((at, k) => expect(at).toBeCloseTo(((k + 1) * 1000) / 15, 6));
  });

  it('refills while idle, never beyond the burst', async () => {
    const time = virtualTime();
    const bucket = createTokenBucket({ perSecond: 15, burst: 30, clock: time.clock, wait: time.wait });
    for (let i = 0; i < 30; i += 1) await bucket.take();
    time.advance(1000); // 15 tokens back
    for (let i = 0; i < 15; i += 1) await bucket.take();
    expect(time.departures).toHaveLength(0);
    await bucket.take();
    expect(time.departures).toEqual([1000 + 1000 / 15]);

    time.advance(3_600_000); // an hour idle still saves only 30
    const before = time.departures.length;
    for (let i = 0; i < 31; i += 1) await bucket.take();
    expect(time.departures.length - before).toBe(1);
  });

  it('drops the saved burst when drained', async () => {
    const time = virtualTime();
    const bucket = createTokenBucket({ perSecond: 10, burst: 30, clock: time.clock, wait: time.wait });
    bucket.drain();
    await bucket.take();
    await bucket.take();
    expect(time.departures).toEqual([100, 200]);
  });

  it('rejects a rate or burst that would never let anything through', () => {
    expect(() => createTokenBucket({ perSecond: 0, burst: 30 })).toThrow();
    expect(() => createTokenBucket({ perSecond: 15, burst: 0 })).toThrow();
  });
});
