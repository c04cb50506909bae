/**
 * The clock tick: the authoritative counts of one clock at one whole server second, and how far
 * each count gets by the next second, so that a screen can show the server's number and glide to
 * the next one without evaluating the clock model itself.
 *
 * It goes to every viewer every second, so on the wire it is a flat JSON array of integers:
 *
 *   [clock, version, second, total, totalStep, cat1, cat1Step, …, people, peopleStep, …]
 *
 *   clock    "c" (survey, CSEW) or "p" (police)
 *   version  the last TICK_VERSION_LENGTH characters of the definition's version
 *   second   the whole server second the counts are true at, in seconds since the epoch
 *   counts   each counter's value in hundredths, floored (so floor(count / 100) is the whole
 *            number the server means), followed by its step: how much it rises over the next
 *            second, in millionths (slow counters, a few crimes a day in the police sample, still
 *            glide, and their "seconds until the next" run down between ticks)
 *
 * Counters, in order: the incident total, each incident category in the definition's order, then
 * (survey clock only) the people-affected total and each of its categories.
 */
import { clockModelsFor } from '../clock/clock-data.ts';
import { londonYear } from '../clock/london-time.ts';
import { clockAt, type ClockModel } from '../clock/model.ts';
import type { ClockDefinition, ClockKind, TickFrame } from '../clock/types.ts';

export type { TickFrame };

export const TICK_VERSION_LENGTH = 8;
const COUNT_SCALE = 100;
const STEP_SCALE = 1_000_000;

const CLOCK_CODES: Readonly<Record<ClockKind, string>> = { csew: 'c', police: 'p' };

/** The part of a definition's version that ticks carry. */
export function tickVersion(definitionVersion: string): string {
  return definitionVersion.slice(-TICK_VERSION_LENGTH);
}

function counts(model: ClockModel, instantMs: number): number[] {
  const reading = clockAt(model, instantMs);
  return [reading.total, ...reading.categories.map((c) => c.count)];
}

/** The tick of a definition at a whole server second (ms since the epoch). */
export function tickFrameAt(definition: ClockDefinition, secondMs: number): TickFrame {
  const models = clockModelsFor(definition);
  const now: number[] = [];
  const next: number[] = [];
  for (const model of models.prevalence ? [models.incidents, models.prevalence] : [models.incidents]) {
    now.push(...counts(model, secondMs));
    // Across New Year the next second starts again from 0: no step, the next tick resets.
    next.push(
      ...(londonYear(secondMs + 1000) === londonYear(secondMs)
        ? counts(model, secondMs + 1000)
        : counts(model, secondMs)),
    );
  }
  const frame: TickFrame = [CLOCK_CODES[definition.clock], tickVersion(definition.version), secondMs / 1000];
  now.forEach((value, i) =>
    frame.push(Math.floor(value * COUNT_SCALE), Math.max(0, Math.round((next[i]! - value) * STEP_SCALE))),
  );
  return frame;
}

export interface TickCounter {
  /** Value at the tick's second (fractional; the whole number shown is its floor). */
  readonly value: number;
  /** Increase over the following second. */
  readonly perSecond: number;
}

/** A tick as a client reads it. */
export interface ClockTick {
  readonly c: ClockKind;
  /** tickVersion() of the definition the counts come from. */
  readonly v: string;
  /** The server time the counts are true at, ms since the epoch (a whole second). */
  readonly t: number;
  /** London calendar year of the counts (they restart at 0 on 1 January). */
  readonly y: number;
  /** The whole incident total, as shown. */
  readonly n: number;
  /** Every counter, in the frame's order. */
  readonly counters: readonly TickCounter[];
}

/** Reads a frame; undefined when it is not one (a client never trusts the shape of a message). */
export function readTick(frame: unknown): ClockTick | undefined {
  if (!Array.isArray(frame) || frame.length < 5 || frame.length % 2 === 0) return undefined;
  const [code, version, second, ...numbers] = frame as unknown[];
  const clock = code === 'c' ? 'csew' : code === 'p' ? 'police' : undefined;
  if (!clock || typeof version !== 'string' || typeof second !== 'number' || !Number.isFinite(second))
    return undefined;
  if (!numbers.every((n) => typeof n === 'number' && Number.isFinite(n) && n >= 0)) return undefined;
  const counts = numbers as number[];
  const counters: TickCounter[] = [];
  for (let i = 0; i < counts.length; i += 2) {
    counters.push({ value: counts[i]! / COUNT_SCALE, perSecond: counts[i + 1]! / STEP_SCALE });
  }
  const t = second * 1000;
  return { c: clock, v: version, t, y: londonYear(t), n: Math.floor(counts[0]! / COUNT_SCALE), counters };
}

/** Whether a tick's counters fit a definition (same version, so the same categories). */
export function tickMatches(tick: ClockTick, definition: ClockDefinition): boolean {
  return tick.c === definition.clock && tick.v === tickVersion(definition.version);
}
