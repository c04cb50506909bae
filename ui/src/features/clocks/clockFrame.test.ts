import { describe, expect, it } from 'vitest';
import { clockModelsFor } from '../../../../common/clock/clock-data.ts';
import { yearStartMs } from '../../../../common/clock/london-time.ts';
import { clockAt } from '../../../../common/clock/model.ts';
import type { ClockDefinition } from '../../../../common/clock/types.ts';
import { readTick, tickFrameAt, type ClockTick } from '../../../../common/realtime/tick.ts';
import { CSEW_CLOCK_DEFINITION } from '../../../../common/survey/csew-clock.ts';
import {
  advanceClock,
  frameCounter,
  frameModeFor,
  NO_DISPLAYS,
  type ClockFrame,
  type Displays,
  type FrameMode,
} from './clockFrame.ts';

const definition = CSEW_CLOCK_DEFINITION;
const JUNE = Date.UTC(2026, 5, 15, 12, 0, 0);

const tickAt = (secondMs: number, def: ClockDefinition = definition): ClockTick =>
  readTick(tickFrameAt(def, secondMs - (secondMs % 1000)))!;

/**
 * Frames every 100 ms; at each, the latest tick the page would have (the one for the server
 * second it is in, unless `tickFor` says otherwise).
 */
function run(
  steps: number,
  serverAt: (step: number) => number,
  options: { tickFor?: (serverNow: number) => ClockTick; mode?: (step: number) => FrameMode } = {},
) {
  let displays: Displays = NO_DISPLAYS;
  const frames: ClockFrame[] = [];
  for (let i = 0; i < steps; i++) {
    const serverNow = serverAt(i);
    const tick = options.tickFor?.(serverNow) ?? tickAt(serverNow);
    const next = advanceClock(displays, definition, tick, serverNow, i * 100, options.mode?.(i) ?? 'follow')!;
    displays = next.displays;
    frames.push(next.frame);
  }
  return frames;
}

const whole = (frame: ClockFrame) => [
  Math.floor(frame.incidents.total),
  ...frame.incidents.categories.map((c) => Math.floor(c.value)),
];

describe('advanceClock', () => {
  it("shows the server's whole numbers at each tick's second", () => {
    const frames = run(600, (i) => JUNE + i * 100);
    frames.forEach((frame, i) => {
      if (i % 10 !== 0) return;
      const reading = clockAt(clockModelsFor(definition).incidents, frame.serverNowMs);
      expect(whole(frame)).toEqual(
        [reading.total, ...reading.categories.map((c) => c.count)].map(Math.floor),
      );
    });
  });

  it('glides between ticks to the count of the next one, never further than one count from the model', () => {
    const frames = run(600, (i) => JUNE + i * 100);
    for (let i = 1; i < frames.length; i++) {
      expect(frames[i]!.incidents.total).toBeGreaterThan(frames[i - 1]!.incidents.total);
      const exact = clockAt(clockModelsFor(definition).incidents, frames[i]!.serverNowMs).total;
      expect(Math.abs(frames[i]!.incidents.total - exact)).toBeLessThan(0.02);
    }
  });

  it('runs on at the last rate while the next tick is late', () => {
    const first = tickAt(JUNE);
    const frames = run(30, (i) => JUNE + i * 100, { tickFor: () => first });
    expect(frames.at(-1)!.incidents.total).toBeCloseTo(
      first.counters[0]!.value + first.counters[0]!.perSecond * 2.9,
      6,
    );
  });

  it('never counts down when the server time estimate steps back', () => {
    // The offset estimate drops by 30 s after 10 s (a less delayed sample came in).
    const frames = run(300, (i) => JUNE + i * 100 - (i >= 100 ? 30_000 : 0));
    for (let i = 1; i < frames.length; i++) {
      expect(frames[i]!.incidents.total).toBeGreaterThanOrEqual(frames[i - 1]!.incidents.total);
      frames[i]!.incidents.categories.forEach((c, k) =>
        expect(c.value).toBeGreaterThanOrEqual(frames[i - 1]!.incidents.categories[k]!.value),
      );
    }
  });

  it("shows the server's count at once on a resync, even below what was shown", () => {
    const frames = run(200, (i) => JUNE + i * 100 - (i >= 100 ? 30_000 : 0), {
      mode: (i) => (i === 150 ? 'jump' : 'follow'),
    });
    const exact = clockAt(clockModelsFor(definition).incidents, frames[150]!.serverNowMs).total;
    expect(Math.abs(frames[150]!.incidents.total - exact)).toBeLessThan(0.02);
    expect(frames[150]!.incidents.total).toBeLessThan(frames[149]!.incidents.total);
  });

  it('meets polled samples at no more than 10 % above their rate', () => {
    // Polled: the sample is 10 s old and the estimate jumps 10 s ahead; the display only runs faster.
    const frames = run(200, (i) => JUNE + i * 100 + (i >= 100 ? 10_000 : 0), {
      tickFor: () => tickAt(JUNE),
      mode: (i) => (i === 0 ? 'jump' : 'smooth'),
    });
    const rate = frames[150]!.incidents.perSecond;
    for (let i = 101; i < frames.length; i++) {
      const moved = frames[i]!.incidents.total - frames[i - 1]!.incidents.total;
      expect(moved).toBeLessThanOrEqual(rate * 0.1 * 1.1 + 1e-9);
    }
  });

  it('shows a new definition at its own counts at once, new categories included', () => {
    const extra = { id: 'new-category', name: 'New category', annualCount: 1_000_000 };
    const changed: ClockDefinition = {
      ...definition,
      version: 'csew-00000000changed',
      categories: [...definition.categories, extra],
    };
    let displays: Displays = NO_DISPLAYS;
    for (let i = 0; i < 10; i++)
      displays = advanceClock(displays, definition, tickAt(JUNE), JUNE + i * 100, i * 100)!.displays;
    const after = advanceClock(displays, changed, tickAt(JUNE + 1000, changed), JUNE + 1000, 1000)!;
    expect(after.frame.version).toBe(changed.version);
    const reading = clockAt(clockModelsFor(changed).incidents, JUNE + 1000);
    expect(Math.floor(frameCounter(after.frame, 'incidents', 'new-category')!.value)).toBe(
      Math.floor(reading.categories.find((c) => c.id === 'new-category')!.count),
    );
    expect(Math.floor(after.frame.incidents.total)).toBe(Math.floor(reading.total));
  });

  it('shows nothing new from a tick of another definition', () => {
    const other = { ...definition, version: 'csew-0000000000000000' };
    expect(advanceClock(NO_DISPLAYS, other, tickAt(JUNE), JUNE, 0)).toBeNull();
    expect(advanceClock(NO_DISPLAYS, definition, null, JUNE, 0)).toBeNull();
  });

  it('starts again from zero at New Year', () => {
    const newYear = yearStartMs(2027);
    const frames = run(40, (i) => newYear - 2_000 + i * 100);
    expect(frames[0]!.year).toBe(2026);
    expect(frames[0]!.incidents.total).toBeGreaterThan(9_000_000);
    const first2027 = frames.find((f) => f.year === 2027)!;
    expect(first2027.incidents.total).toBeLessThan(1);
  });

  it('labels peak hours from the definition at the tick second', () => {
    const evening = run(1, () => Date.UTC(2026, 5, 15, 21, 0, 0))[0]!; // 22:00 in London
    const violence = evening.incidents.categories.find((c) => c.id === 'violence-with-injury');
    expect(violence?.isInPeakPeriod).toBe(true);
    expect(violence!.speedFactor).toBeGreaterThan(1.1);
  });
});

describe('frameCounter', () => {
  it('finds a category, a total, or nothing', () => {
    const [frame] = run(1, () => JUNE);
    expect(frameCounter(frame!, 'incidents', null)!.value).toBe(frame!.incidents.total);
    expect(frameCounter(frame!, 'prevalence', 'stalking')!.perSecond).toBeGreaterThan(0);
    expect(frameCounter(frame!, 'incidents', 'no-such-category')).toBeUndefined();
    expect(frameCounter({ ...frame!, prevalence: null }, 'prevalence', null)).toBeUndefined();
  });
});

describe('a tab woken from the background', () => {
  it("jumps to the server's count at once, whatever it showed when it was hidden", () => {
    // Hidden while only polled samples came: its frames stopped ten minutes ago, mid-smoothing.
    const hiddenAt = JUNE;
    const stale = tickAt(hiddenAt - 60_000);
    let displays = advanceClock(NO_DISPLAYS, definition, stale, hiddenAt, 0, 'jump')!.displays;
    displays = advanceClock(displays, definition, stale, hiddenAt + 100, 100, 'smooth')!.displays;

    // Woken: the latest sample is a socket tick of the resync already shown.
    const wokenAt = hiddenAt + 600_000;
    const sample = { via: 'socket' as const, resync: 1 };
    const mode = frameModeFor(sample, 1, true);
    expect(mode).toBe('jump');
    const frame = advanceClock(displays, definition, tickAt(wokenAt), wokenAt, 200, mode)!.frame;
    const server = clockAt(clockModelsFor(definition).incidents, wokenAt);
    expect(whole(frame)).toEqual([server.total, ...server.categories.map((c) => c.count)].map(Math.floor));

    // Not woken, the same sample would be followed, and a polled one met smoothly.
    expect(frameModeFor(sample, 1, false)).toBe('follow');
    expect(frameModeFor({ via: 'api', resync: 1 }, 1, false)).toBe('smooth');
    expect(frameModeFor({ via: 'api', resync: 2 }, 1, false)).toBe('jump');
  });
});
