/**
 * One animation frame of a clock page: every counter on the page moved on by one tick. The target
 * of each counter is the clock model evaluated at the server's time (the same number every other
 * screen computes); the shown value follows it through stepDisplay, which never counts down and
 * closes any gap by running at most 10 % fast or slow.
 */
import { startDisplay, stepDisplay, type DisplayState } from '../../../../common/clock/animation.ts';
import { clockModelsFor } from '../../../../common/clock/clock-data.ts';
import { clockAt, type ClockModel } from '../../../../common/clock/model.ts';
import type { ClockDefinition } from '../../../../common/clock/types.ts';

export interface FrameCounter {
  readonly id: string;
  readonly name: string;
  /** Shown value, fractional (the part after the point drives the progress bar). */
  readonly value: number;
  readonly perSecond: number;
  readonly isInPeakPeriod: boolean;
  readonly speedFactor: number;
}

export interface FrameGroup {
  /** Shown total, fractional. */
  readonly total: number;
  readonly perSecond: number;
  readonly categories: readonly FrameCounter[];
}

export type FrameGroupName = 'incidents' | 'prevalence';

export interface ClockFrame {
  readonly version: string;
  readonly year: number;
  /** The server time the targets were computed for. */
  readonly serverNowMs: number;
  readonly incidents: FrameGroup;
  /** People affected (survey clock only). */
  readonly prevalence: FrameGroup | null;
}

export type Displays = ReadonlyMap<string, DisplayState>;

export interface AdvancedClock {
  readonly displays: Displays;
  readonly frame: ClockFrame;
}

/**
 * Moves every counter to `serverNowMs`. `stepNowMs` is a monotonic clock (performance.now()):
 * the steps only measure elapsed time, which a wall clock being set would falsify.
 * Displays are keyed by group and category id, so counters carry on across a new definition and
 * a category the new definition adds starts at its exact value.
 */
export function advanceClock(
  previous: Displays,
  definition: ClockDefinition,
  serverNowMs: number,
  stepNowMs: number,
): AdvancedClock {
  const models = clockModelsFor(definition);
  const displays = new Map<string, DisplayState>();

  const advance = (key: string, year: number, value: number, perSecond: number): number => {
    const target = { year, value, perSecond };
    const before = previous.get(key);
    const state = before ? stepDisplay(before, target, stepNowMs) : startDisplay(target, stepNowMs);
    displays.set(key, state);
    return state.value;
  };

  const group = (name: FrameGroupName, model: ClockModel): { year: number; group: FrameGroup } => {
    const reading = clockAt(model, serverNowMs);
    return {
      year: reading.year,
      group: {
        total: advance(`${name}:total`, reading.year, reading.total, reading.perSecond),
        perSecond: reading.perSecond,
        categories: reading.categories.map((c) => ({
          id: c.id,
          name: c.name,
          value: advance(`${name}:${c.id}`, reading.year, c.count, c.perSecond),
          perSecond: c.perSecond,
          isInPeakPeriod: c.isInPeakPeriod,
          speedFactor: c.speedFactor,
        })),
      },
    };
  };

  const incidents = group('incidents', models.incidents);
  const prevalence = models.prevalence ? group('prevalence', models.prevalence).group : null;
  return {
    displays,
    frame: {
      version: definition.version,
      year: incidents.year,
      serverNowMs,
      incidents: incidents.group,
      prevalence,
    },
  };
}

/** A counter of a frame: a category by id, or the group's total when id is null. */
export function frameCounter(
  frame: ClockFrame,
  group: FrameGroupName,
  id: string | null,
): { value: number; perSecond: number; isInPeakPeriod: boolean; speedFactor: number } | undefined {
  const g = group === 'incidents' ? frame.incidents : frame.prevalence;
  if (!g) return undefined;
  if (id === null) return { value: g.total, perSecond: g.perSecond, isInPeakPeriod: false, speedFactor: 1 };
  return g.categories.find((c) => c.id === id);
}
