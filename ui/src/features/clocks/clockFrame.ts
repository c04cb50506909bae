/**
 * One animation frame of a clock page: every counter on the page moved on by one tick. The target
 * of each counter is the server's: the latest tick's count, glided with d3's interpolator towards
 * the count the tick says the next second brings (and on past it, at that rate, if the next tick
 * is late). The page never evaluates the clock model for a count; it only reads from the
 * definition the names and the peak-hour labels at the tick's second.
 */
import { interpolateNumber } from 'd3';
import {
  followServer,
  startDisplay,
  stepDisplay,
  type DisplayState,
  type DisplayTarget,
} from '../../../../common/clock/animation.ts';
import { clockModelsFor } from '../../../../common/clock/clock-data.ts';
import { paceAt, type ClockModel } from '../../../../common/clock/model.ts';
import type { ClockDefinition } from '../../../../common/clock/types.ts';
import { tickMatches, type ClockTick, type TickCounter } from '../../../../common/realtime/tick.ts';

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

/** The shown value of every counter, and the definition version they were shown for. */
export interface Displays {
  readonly version: string;
  readonly counters: ReadonlyMap<string, DisplayState>;
}

export const NO_DISPLAYS: Displays = { version: '', counters: new Map() };

export interface AdvancedClock {
  readonly displays: Displays;
  readonly frame: ClockFrame;
}

/**
 * How the shown values meet the server's:
 *  follow  ticks arrive every second: show the server's count (never lowering it on our own);
 *  smooth  only polled samples: run on at their rate, correcting at most 10 % (the specification's
 *          poll behaviour);
 *  jump    a resync (reconnect, woken tab): show the server's count at once, whatever was shown.
 */
export type FrameMode = 'follow' | 'smooth' | 'jump';

/**
 * The mode of the next frame: a tab just woken from the background, or a sample of a new resync
 * (a join, a reconnect, a poll answer), jumps to the server's count; otherwise socket ticks are
 * followed and polled samples met smoothly.
 */
export function frameModeFor(
  sample: { via: 'socket' | 'api'; resync: number },
  shownResync: number,
  woken: boolean,
): FrameMode {
  if (woken || sample.resync !== shownResync) return 'jump';
  return sample.via === 'api' ? 'smooth' : 'follow';
}

/** Where a counter of a tick is at a server instant. */
export function counterAt(counter: TickCounter, tickMs: number, serverNowMs: number): number {
  const seconds = Math.max(0, serverNowMs - tickMs) / 1000;
  return interpolateNumber(counter.value, counter.value + counter.perSecond)(seconds);
}

/**
 * Moves every counter to `serverNowMs` from the latest tick; null when the tick does not belong
 * to the definition the page holds (the new definition is on its way, the frame stays as it was).
 * `stepNowMs` is a monotonic clock (performance.now()) for the smoothing of polled samples.
 * Displays are keyed by group and category id.
 */
export function advanceClock(
  previous: Displays,
  definition: ClockDefinition,
  tick: ClockTick | null,
  serverNowMs: number,
  stepNowMs: number,
  mode: FrameMode = 'follow',
): AdvancedClock | null {
  if (!tick || !tickMatches(tick, definition)) return null;
  const models = clockModelsFor(definition);
  const displays = new Map<string, DisplayState>();
  // A new definition is new data: its counts are shown as they are, even if lower.
  const jump = mode === 'jump' || previous.version !== definition.version;
  let index = 0;

  const advance = (key: string): { value: number; perSecond: number } => {
    const counter = tick.counters[index++] ?? { value: 0, perSecond: 0 };
    const target: DisplayTarget = {
      year: tick.y,
      value: counterAt(counter, tick.t, serverNowMs),
      perSecond: counter.perSecond,
    };
    const before = previous.counters.get(key);
    const state =
      !before || jump
        ? startDisplay(target, stepNowMs)
        : mode === 'smooth'
          ? stepDisplay(before, target, stepNowMs)
          : followServer(before, target, stepNowMs);
    displays.set(key, state);
    return { value: state.value, perSecond: counter.perSecond };
  };

  const group = (name: FrameGroupName, model: ClockModel): FrameGroup => {
    const total = advance(`${name}:total`);
    const pace = paceAt(model, tick.t);
    return {
      total: total.value,
      perSecond: total.perSecond,
      categories: model.categories.map((c, i) => ({
        id: c.id,
        name: c.name,
        ...advance(`${name}:${c.id}`),
        isInPeakPeriod: pace[i]!.isInPeakPeriod,
        speedFactor: pace[i]!.speedFactor,
      })),
    };
  };

  const incidents = group('incidents', models.incidents);
  const prevalence = models.prevalence ? group('prevalence', models.prevalence) : null;
  return {
    displays: { version: definition.version, counters: displays },
    frame: { version: definition.version, year: tick.y, serverNowMs, incidents, prevalence },
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
