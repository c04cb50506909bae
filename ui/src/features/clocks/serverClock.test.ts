import { createStore } from 'jotai/vanilla';
import { describe, expect, it } from 'vitest';
import { addOffsetSample, estimateOffset, OFFSET_WINDOW, serverClockAtoms } from './serverClock.ts';

describe('server clock offset', () => {
  it('is 0 before the server has said anything', () => {
    expect(estimateOffset([])).toBe(0);
    expect(createStore().get(serverClockAtoms().offset)).toBe(0);
  });

  it('takes the least delayed sample: delay only ever makes a sample smaller', () => {
    // True offset +5000 ms; messages took 40, 3 and 250 ms to arrive.
    let samples: number[] = [];
    for (const [sent, delay] of [
      [10_000, 40],
      [11_000, 3],
      [12_000, 250],
    ] as const) {
      samples = addOffsetSample(samples, sent + 5_000, sent + delay);
    }
    expect(estimateOffset(samples)).toBe(4_997);
  });

  it('forgets old samples so that it follows a browser clock that was set', () => {
    let samples = addOffsetSample([], 20_000, 10_000);
    for (let i = 0; i < OFFSET_WINDOW; i++) samples = addOffsetSample(samples, 1_000 * i, 1_000 * i);
    expect(samples).toHaveLength(OFFSET_WINDOW);
    expect(estimateOffset(samples)).toBe(0);
  });

  it('ignores stamps that are not numbers', () => {
    expect(addOffsetSample([1], Number.NaN, 5)).toEqual([1]);
  });

  it('keeps the offset atom in step with the samples noted', () => {
    const store = createStore();
    const clock = serverClockAtoms();
    store.set(clock.samples, addOffsetSample([], 160_000 - 20, 100_000));
    expect(store.get(clock.offset)).toBe(59_980);
    store.set(clock.samples, (samples) => addOffsetSample(samples, 170_000, 101_000));
    expect(store.get(clock.offset)).toBe(69_000);
  });
});
