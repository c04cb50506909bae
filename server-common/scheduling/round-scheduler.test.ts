import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRoundScheduler } from './round-scheduler.ts';

/** A round the test finishes by hand, to see what the scheduler does while one runs. */
function controlledRounds() {
  const finishers: Array<(error?: Error) => void> = [];
  let started = 0;
  const round = () => {
    started += 1;
    return new Promise<void>((resolve, reject) => {
      finishers.push((error) => (error ? reject(error) : resolve()));
    });
  };
  return {
    round,
    started: () => started,
    finish: (error?: Error) => finishers.shift()?.(error),
  };
}

describe('round scheduler', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs a round at once on start, then one every interval', async () => {
    const rounds = controlledRounds();
    const scheduler = createRoundScheduler({ round: rounds.round, intervalMs: 1000, onError() {} });
    scheduler.start();
    scheduler.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(rounds.started()).toBe(1);
    rounds.finish();
    await vi.advanceTimersByTimeAsync(999);
    expect(rounds.started()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(rounds.started()).toBe(2);
    rounds.finish();
    await scheduler.stop();
  });

  it('runs one more round right after the current one when woken during it, never two at once', async () => {
    const rounds = controlledRounds();
    const scheduler = createRoundScheduler({ round: rounds.round, intervalMs: 60_000, onError() {} });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(0);
    scheduler.wake();
    scheduler.wake();
    await vi.advanceTimersByTimeAsync(10);
    expect(rounds.started()).toBe(1);
    rounds.finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(rounds.started()).toBe(2);
    rounds.finish();
    // The wakes are spent: the next round waits for the interval.
    await vi.advanceTimersByTimeAsync(59_999);
    expect(rounds.started()).toBe(2);
    await scheduler.stop();
  });

  it('runs a round at once when woken between rounds, and not at all before start', async () => {
    const rounds = controlledRounds();
    const scheduler = createRoundScheduler({ round: rounds.round, intervalMs: 60_000, onError() {} });
    scheduler.wake();
    await vi.advanceTimersByTimeAsync(100_000);
    expect(rounds.started()).toBe(0);
    scheduler.start();
    await vi.advanceTimersByTimeAsync(0);
    rounds.finish();
    await vi.advanceTimersByTimeAsync(5);
    scheduler.wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(rounds.started()).toBe(2);
    rounds.finish();
    await scheduler.stop();
  });

  it('stop waits for the round in progress and starts no other', async () => {
    const rounds = controlledRounds();
    const scheduler = createRoundScheduler({ round: rounds.round, intervalMs: 1000, onError() {} });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(0);
    let stopped = false;
    const stopping = scheduler.stop().then(() => {
      stopped = true;
    });
    scheduler.wake();
    await vi.advanceTimersByTimeAsync(5000);
    expect(stopped).toBe(false);
    rounds.finish();
    await stopping;
    expect(stopped).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(rounds.started()).toBe(1);
  });

  it('reports a failed round and carries on, backing off while rounds fail and back to the interval after one succeeds', async () => {
    const rounds = controlledRounds();
    const errors: unknown[] = [];
    const scheduler = createRoundScheduler({
      round: rounds.round,
      intervalMs: 1000,
      backOff: { baseMs: 1000, maxMs: 3000 },
      random: () => 1,
      onError: (error) => errors.push(error),
    });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(0);
    const startsAfter = async (ms: number) => {
      const before = rounds.started();
      await vi.advanceTimersByTimeAsync(ms - 1);
      expect(rounds.started()).toBe(before);
      await vi.advanceTimersByTimeAsync(1);
      expect(rounds.started()).toBe(before + 1);
    };
    rounds.finish(new Error('store down'));
    await startsAfter(1000);
    rounds.finish(new Error('store down'));
    await startsAfter(2000);
    rounds.finish(new Error('store down'));
    await startsAfter(3000);
    rounds.finish(new Error('store down'));
    await startsAfter(3000);
    expect(errors.map((error) => (error as Error).message)).toEqual(Array(4).fill('store down'));
    rounds.finish();
    await startsAfter(1000);
    rounds.finish(new Error('again'));
    await startsAfter(1000);
    rounds.finish();
    await scheduler.stop();
  });

  it('backs off with jitter: never at once, never past the step', async () => {
    const rounds = controlledRounds();
    const scheduler = createRoundScheduler({
      round: rounds.round,
      intervalMs: 1000,
      backOff: { baseMs: 4000, maxMs: 4000 },
      random: () => 0,
      onError() {},
    });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(0);
    rounds.finish(new Error('down'));
    await vi.advanceTimersByTimeAsync(1999);
    expect(rounds.started()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(rounds.started()).toBe(2);
    rounds.finish();
    await scheduler.stop();
  });
});
