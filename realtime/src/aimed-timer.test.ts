import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { nextAimedInstant, startAimedTimer, type AimedTimer } from './aimed-timer.ts';

describe('nextAimedInstant', () => {
  it('is the next whole interval, or the next point that far into one, strictly after the instant', () => {
    expect(nextAimedInstant(10_123, 1000)).toBe(11_000);
    expect(nextAimedInstant(11_000, 1000)).toBe(12_000);
    expect(nextAimedInstant(10_123, 1000, 500)).toBe(10_500);
    expect(nextAimedInstant(10_499, 1000, 500)).toBe(10_500);
    expect(nextAimedInstant(10_500, 1000, 500)).toBe(11_500);
    expect(nextAimedInstant(10_900, 1000, 500)).toBe(11_500);
  });
});

describe('startAimedTimer', () => {
  const start = Date.parse('2026-03-29T00:59:58.123Z');
  let timer: AimedTimer | undefined;

  beforeEach(() => {
    vi.useFakeTimers({ now: start });
  });
  afterEach(() => {
    timer?.stop();
    vi.useRealTimers();
  });

  /** Runs the timer for `ms` and returns [aimed instant, wall clock at the run] of each run. */
  function record(options: { offsetMs?: number; now?: () => number; during?: (aimedAt: number) => void }) {
    const runs: [number, number][] = [];
    timer = startAimedTimer({
      intervalMs: 1000,
      ...options,
      run: (aimedAt) => {
        runs.push([aimedAt, Date.now()]);
        options.during?.(aimedAt);
      },
    });
    return runs;
  }

  it('runs in the middle of every second when asked, at the instant it was aimed at', () => {
    const runs = record({ offsetMs: 500 });
    vi.advanceTimersByTime(3000);
    expect(runs).toEqual([
      [start - 123 + 500, start - 123 + 500],
      [start - 123 + 1500, start - 123 + 1500],
      [start - 123 + 2500, start - 123 + 2500],
    ]);
  });

  it('runs on each whole second by default', () => {
    const runs = record({});
    vi.advanceTimersByTime(2000);
    expect(runs.map(([aimedAt]) => aimedAt)).toEqual([start - 123 + 1000, start - 123 + 2000]);
  });

  it('does not drift when its timers fire late', () => {
    // Every run blocks the loop for 120 ms, so every later timer fires 120 ms late: a timer
    // restarted with the interval after each run would slip another 120 ms each second.
    const runs = record({ offsetMs: 500, during: () => vi.setSystemTime(Date.now() + 120) });
    vi.advanceTimersByTime(4000);
    expect(runs.map(([aimedAt]) => aimedAt - (start - 123))).toEqual([500, 1500, 2500, 3500]);
    for (const [aimedAt, at] of runs) expect(at - aimedAt).toBeLessThanOrEqual(120);
  });

  it('never runs twice for one instant when a timer fires a hair early', () => {
    // The wall clock reads 2 ms behind the timers from the first run on.
    let skew = 0;
    const runs = record({ offsetMs: 500, now: () => Date.now() + skew, during: () => (skew = -2) });
    vi.advanceTimersByTime(3000);
    const aimed = runs.map(([aimedAt]) => aimedAt);
    expect(new Set(aimed).size).toBe(aimed.length);
    expect(aimed.slice(0, 2)).toEqual([start - 123 + 500, start - 123 + 1500]);
  });

  it('after a stall, goes on at the next instant instead of catching up on the missed ones', () => {
    let stalled = false;
    const runs = record({
      offsetMs: 500,
      during: () => {
        if (stalled) return;
        stalled = true;
        vi.setSystemTime(Date.now() + 2600);
      },
    });
    vi.advanceTimersByTime(3000);
    // The timer due during the stall fires late for its own instant; 2.5 and 3.5 s are skipped.
    expect(runs.map(([aimedAt]) => aimedAt - (start - 123))).toEqual([500, 1500, 4500, 5500]);
  });

  it('stops', () => {
    const runs = record({ offsetMs: 500 });
    vi.advanceTimersByTime(1000);
    timer!.stop();
    vi.advanceTimersByTime(3000);
    expect(runs).toHaveLength(1);
  });
});
