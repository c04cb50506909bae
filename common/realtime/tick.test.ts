import { describe, expect, it } from 'vitest';
import { clockModelsFor } from '../clock/clock-data.ts';
import { clockAt } from '../clock/model.ts';
import { CSEW_CLOCK_DEFINITION } from '../survey/csew-clock.ts';
import { readTick, tickFrameAt, tickMatches, tickVersion } from './tick.ts';

const definition = CSEW_CLOCK_DEFINITION;
const models = clockModelsFor(definition);
const JUNE = Date.parse('2026-06-15T11:00:00Z');

describe('clock tick', () => {
  it('carries the whole numbers the model gives at the second, for every counter', () => {
    for (let i = 0; i < 500; i++) {
      const second = JUNE + i * 7_919_000;
      const tick = readTick(tickFrameAt(definition, second))!;
      const incidents = clockAt(models.incidents, second);
      const people = clockAt(models.prevalence!, second);
      const expected = [incidents.total, ...incidents.categories.map((c) => c.count)]
        .concat([people.total, ...people.categories.map((c) => c.count)])
        .map(Math.floor);
      expect(tick.counters.map((c) => Math.floor(c.value))).toEqual(expected);
      expect(tick.n).toBe(expected[0]);
      expect(tick.t).toBe(second);
      expect(tickMatches(tick, definition)).toBe(true);
    }
  });

  it('steps each counter to what the next tick carries, within its hundredth', () => {
    for (let i = 0; i < 200; i++) {
      const second = JUNE + i * 3_600_000 - 1000; // the seconds before hour boundaries (rates change)
      const now = readTick(tickFrameAt(definition, second))!;
      const next = readTick(tickFrameAt(definition, second + 1000))!;
      now.counters.forEach((c, k) => {
        expect(Math.abs(c.value + c.perSecond - next.counters[k]!.value)).toBeLessThan(0.0101);
      });
    }
  });

  it('does not step across New Year, where the next tick starts again at 0', () => {
    const lastSecond = Date.parse('2026-12-31T23:59:59Z');
    const tick = readTick(tickFrameAt(definition, lastSecond))!;
    expect(tick.counters.every((c) => c.perSecond === 0)).toBe(true);
    expect(readTick(tickFrameAt(definition, lastSecond + 1000))!.n).toBe(0);
  });

  it('is a short frame: one clock letter, a short version, the second, integers', () => {
    const frame = tickFrameAt(definition, JUNE);
    expect(frame.slice(0, 3)).toEqual(['c', tickVersion(definition.version), JUNE / 1000]);
    expect(frame.slice(3).every((n) => Number.isInteger(n))).toBe(true);
  });

  it('refuses what is not a tick', () => {
    for (const bad of [
      null,
      'x',
      [],
      ['c', 'v', 1],
      ['x', 'v', 1, 1, 1],
      ['c', 'v', 1, -1, 1],
      ['c', 'v', 1, 1],
    ]) {
      expect(readTick(bad)).toBeUndefined();
    }
  });

  it('does not match a definition of another version', () => {
    const tick = readTick(tickFrameAt(definition, JUNE))!;
    expect(tickMatches(tick, { ...definition, version: 'csew-0000000000000000' })).toBe(false);
  });
});
