import { describe, expect, it } from 'vitest';
import { clockModelsFor } from '../../../../common/clock/clock-data.ts';
import { yearStartMs } from '../../../../common/clock/london-time.ts';
import { clockAt } from '../../../../common/clock/model.ts';
import type { ClockDefinition } from '../../../../common/clock/types.ts';
import { CSEW_CLOCK_DEFINITION } from '../../../../common/survey/csew-clock.ts';
import { advanceClock, frameCounter, type Displays } from './clockFrame.ts';

const definition = CSEW_CLOCK_DEFINITION;
const JUNE = Date.UTC(2026, 5, 15, 12, 0, 0);

function run(start: number, steps: number, serverAt: (step: number) => number, def = definition) {
  let displays: Displays = new Map();
  const frames = [];
  for (let i = 0; i < steps; i++) {
    const next = advanceClock(displays, def, serverAt(i), start + i * 100);
    displays = next.displays;
    frames.push(next.frame);
  }
  return frames;
}

describe('advanceClock', () => {
  it('starts every counter at the model value for the server time', () => {
    const [frame] = run(0, 1, () => JUNE);
    const reading = clockAt(clockModelsFor(definition).incidents, JUNE);
    expect(frame!.year).toBe(2026);
    expect(frame!.incidents.total).toBe(reading.total);
    expect(frame!.incidents.categories.map((c) => c.value)).toEqual(reading.categories.map((c) => c.count));
    expect(frame!.prevalence?.categories).toHaveLength(definition.prevalence!.length);
  });

  it('follows the model while the server clock runs evenly', () => {
    const frames = run(0, 600, (i) => JUNE + i * 100);
    const last = frames.at(-1)!;
    const exact = clockAt(clockModelsFor(definition).incidents, last.serverNowMs).total;
    expect(Math.abs(last.incidents.total - exact)).toBeLessThan(1e-6);
  });

  it('never counts down when the server time estimate steps back', () => {
    // The offset estimate drops by 30 s after 10 s (a less delayed sample came in).
    const frames = run(0, 1200, (i) => JUNE + i * 100 - (i >= 100 ? 30_000 : 0));
    for (let i = 1; i < frames.length; i++) {
      expect(frames[i]!.incidents.total).toBeGreaterThanOrEqual(frames[i - 1]!.incidents.total);
      frames[i]!.incidents.categories.forEach((c, k) =>
        expect(c.value).toBeGreaterThanOrEqual(frames[i - 1]!.incidents.categories[k]!.value),
      );
    }
  });

  it('closes a gap at no more than 10 % above the model rate', () => {
    // The estimate jumps 10 s ahead: the display must not jump, only run faster.
    const frames = run(0, 200, (i) => JUNE + i * 100 + (i >= 100 ? 10_000 : 0));
    const rate = frames[150]!.incidents.perSecond;
    for (let i = 101; i < frames.length; i++) {
      const moved = frames[i]!.incidents.total - frames[i - 1]!.incidents.total;
      expect(moved).toBeLessThanOrEqual(rate * 0.1 * 1.1 + 1e-9);
    }
  });

  it('keeps counters across a new definition and starts new categories at their value', () => {
    const extra = { id: 'new-category', name: 'New category', annualCount: 1_000_000 };
    const changed: ClockDefinition = {
      ...definition,
      version: 'changed',
      categories: [...definition.categories, extra],
    };
    let displays: Displays = new Map();
    for (let i = 0; i < 10; i++)
      displays = advanceClock(displays, definition, JUNE + i * 100, i * 100).displays;
    const before = advanceClock(displays, definition, JUNE + 1000, 1000).frame;
    const after = advanceClock(displays, changed, JUNE + 1000, 1000);
    expect(after.frame.version).toBe('changed');
    expect(frameCounter(after.frame, 'incidents', 'fraud')!.value).toBe(
      frameCounter(before, 'incidents', 'fraud')!.value,
    );
    const model = clockModelsFor(changed).incidents;
    const expected = clockAt(model, JUNE + 1000).categories.find((c) => c.id === 'new-category')!.count;
    expect(frameCounter(after.frame, 'incidents', 'new-category')!.value).toBe(expected);
  });

  it('starts again from zero at New Year', () => {
    const newYear = yearStartMs(2027);
    const frames = run(0, 40, (i) => newYear - 2_000 + i * 100);
    expect(frames[0]!.year).toBe(2026);
    expect(frames[0]!.incidents.total).toBeGreaterThan(9_000_000);
    const first2027 = frames.find((f) => f.year === 2027)!;
    expect(first2027.incidents.total).toBeLessThan(1);
  });
});

describe('frameCounter', () => {
  it('finds a category, a total, or nothing', () => {
    const [frame] = run(0, 1, () => JUNE);
    expect(frameCounter(frame!, 'incidents', null)!.value).toBe(frame!.incidents.total);
    expect(frameCounter(frame!, 'prevalence', 'stalking')!.perSecond).toBeGreaterThan(0);
    expect(frameCounter(frame!, 'incidents', 'no-such-category')).toBeUndefined();
    expect(frameCounter({ ...frame!, prevalence: null }, 'prevalence', null)).toBeUndefined();
  });
});
