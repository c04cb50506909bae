/**
 * The crime clock: a pure function of (data, instant). Servers and browsers evaluate it for the same
 * instant and get the same counts, so nothing but the data needs to travel.
 *
 * Each category has an hourly weight in London local time (its peak multiplier inside peak hours,
 * off-peak outside). The rate at an instant is annualCount × weight / (sum of weights over every
 * hour of that calendar year), so the count climbs from 0 at 1 January 00:00 to exactly
 * annualCount at the next 1 January 00:00, whatever the year's length or its 23- and 25-hour days.
 */
import { DAY_MS, HOUR_MS, londonYear, yearLengthMs, yearOffsetSegments, yearStartMs } from './london-time.ts';

/** A local-time hour range [startHour, endHour); endHour <= startHour wraps past midnight. */
export type HourRange = readonly [startHour: number, endHour: number];

export interface PeakProfile {
  readonly peakMultiplier: number;
  readonly offPeakMultiplier: number;
  readonly peakHours: readonly HourRange[];
}

export interface ClockCategoryInput {
  readonly id: string;
  readonly name: string;
  /** Events per calendar year. */
  readonly annualCount: number;
  /** Omitted: the category runs at a constant rate. */
  readonly peak?: PeakProfile;
}

export interface CategoryClock {
  readonly id: string;
  readonly name: string;
  /** Fractional so that animation can interpolate; show it through wholeCount(). */
  readonly count: number;
  /** Instantaneous rate at this instant. */
  readonly perSecond: number;
  readonly isInPeakPeriod: boolean;
  /** Current rate divided by the year's mean rate (annualCount / seconds in the year). */
  readonly speedFactor: number;
}

export interface ClockReading {
  readonly year: number;
  readonly instantMs: number;
  readonly total: number;
  readonly perSecond: number;
  readonly categories: readonly CategoryClock[];
}

// Weights are held as integers (millionths of a multiplier) so that cumulative sums at hour,
// day and clock-change boundaries are exact. Exactness is what makes the count provably
// monotonic across those boundaries and exactly annualCount at the year's end.
const WEIGHT_SCALE = 1_000_000;

interface CompiledCategory {
  readonly input: ClockCategoryInput;
  readonly hasPeak: boolean;
  /** Indexed by London hour of day. */
  readonly inPeak: readonly boolean[];
  /** Indexed by offset hours (0 GMT, 1 BST), then UTC hour of day. */
  readonly utcWeight: readonly [Float64Array, Float64Array];
  /** Cumulative utcWeight at each UTC hour boundary of a day (25 entries). */
  readonly utcPrefix: readonly [Float64Array, Float64Array];
  readonly dayWeight: number;
}

interface YearSegment {
  readonly startMs: number;
  readonly endMs: number;
  readonly offsetHours: 0 | 1;
  /** Per category: cumulative weight from the year's start to this segment's start. */
  readonly cumulativeAtStart: Float64Array;
  /** Per category: the periodic cumulative function evaluated at this segment's start. */
  readonly periodicAtStart: Float64Array;
}

interface YearTable {
  readonly year: number;
  readonly startMs: number;
  readonly endMs: number;
  readonly hoursInYear: number;
  readonly segments: readonly YearSegment[];
  /** Per category: total weight of the year; the normaliser. */
  readonly yearWeight: Float64Array;
}

export interface ClockModel {
  readonly categories: readonly ClockCategoryInput[];
  /** @internal */
  readonly compiled: readonly CompiledCategory[];
  /** @internal a handful of recent years; evaluation never loops over hours */
  readonly years: Map<number, YearTable>;
}

/**
 * Years kept, the first built first out (a clock reads the year of the instant it is given). Measured
 * against lru-cache in the Map's place (scripts/bench/own-vs-library.ts, docs/benchmarks.md): a
 * reading costs 1.0–2.0 µs either way on the loaded machine, but the library is 5.3 KB brotli more
 * on every page and embed that shows a clock (the embed: 56.9 KB of its 60 KB budget).
 */
const MAX_CACHED_YEARS = 4;

export class ClockModelError extends Error {
  override name = 'ClockModelError';
}

function assertFiniteNonNegative(value: number, what: string): void {
  if (!Number.isFinite(value) || value < 0) throw new ClockModelError(`${what} must be a finite number >= 0`);
}

function peakMask(ranges: readonly HourRange[], id: string): boolean[] {
  const mask = new Array<boolean>(24).fill(false);
  for (const [start, end] of ranges) {
    const valid = (h: number) => Number.isInteger(h) && h >= 0 && h <= 24;
    if (!valid(start) || !valid(end) || start === end || start === 24) {
      throw new ClockModelError(`category ${id}: peak hour range [${start}, ${end}) is not valid`);
    }
    // end 24 and end 0 both mean "until midnight"; end <= start wraps round it.
    const stop = end % 24;
    let h = start;
    do {
      mask[h] = true;
      h = (h + 1) % 24;
    } while (h !== stop);
  }
  return mask;
}

function compileCategory(input: ClockCategoryInput): CompiledCategory {
  assertFiniteNonNegative(input.annualCount, `category ${input.id}: annualCount`);
  const peak = input.peak;
  let inPeak = new Array<boolean>(24).fill(false);
  let localWeight = new Array<number>(24).fill(WEIGHT_SCALE);
  if (peak) {
    assertFiniteNonNegative(peak.peakMultiplier, `category ${input.id}: peakMultiplier`);
    assertFiniteNonNegative(peak.offPeakMultiplier, `category ${input.id}: offPeakMultiplier`);
    inPeak = peakMask(peak.peakHours, input.id);
    const p = Math.round(peak.peakMultiplier * WEIGHT_SCALE);
    const o = Math.round(peak.offPeakMultiplier * WEIGHT_SCALE);
    localWeight = inPeak.map((isPeak) => (isPeak ? p : o));
  }
  const dayWeight = localWeight.reduce((a, b) => a + b, 0);
  if (dayWeight === 0 && input.annualCount > 0) {
    throw new ClockModelError(`category ${input.id}: every hour has weight 0 but annualCount is positive`);
  }
  const byOffset = ([0, 1] as const).map((offset) => {
    const weight = new Float64Array(24);
    const prefix = new Float64Array(25);
    for (let h = 0; h < 24; h++) {
      weight[h] = localWeight[(h + offset) % 24]!;
      prefix[h + 1] = prefix[h]! + weight[h]!;
    }
    return { weight, prefix };
  });
  return {
    input,
    hasPeak: peak !== undefined,
    inPeak,
    utcWeight: [byOffset[0]!.weight, byOffset[1]!.weight],
    utcPrefix: [byOffset[0]!.prefix, byOffset[1]!.prefix],
    dayWeight,
  };
}

export function createClockModel(categories: readonly ClockCategoryInput[]): ClockModel {
  const ids = new Set<string>();
  for (const c of categories) {
    if (ids.has(c.id)) throw new ClockModelError(`duplicate category id ${c.id}`);
    ids.add(c.id);
  }
  return { categories, compiled: categories.map(compileCategory), years: new Map() };
}

/**
 * Cumulative weight from the year's start (a UTC midnight) to `sinceYearStartMs`, as if the
 * offset never changed. Only differences of it within one offset segment are meaningful.
 * Whole-hour part is an exact integer; only the running hour contributes a fraction.
 */
function periodicCumulative(c: CompiledCategory, offset: 0 | 1, sinceYearStartMs: number): number {
  const days = Math.floor(sinceYearStartMs / DAY_MS);
  const inDay = sinceYearStartMs - days * DAY_MS;
  const hour = Math.floor(inDay / HOUR_MS);
  const fraction = (inDay - hour * HOUR_MS) / HOUR_MS;
  return days * c.dayWeight + c.utcPrefix[offset][hour]! + c.utcWeight[offset][hour]! * fraction;
}

function buildYear(model: ClockModel, year: number): YearTable {
  const startMs = yearStartMs(year);
  const n = model.compiled.length;
  const yearWeight = new Float64Array(n);
  const segments: YearSegment[] = yearOffsetSegments(year).map((s) => {
    const cumulativeAtStart = new Float64Array(n);
    const periodicAtStart = new Float64Array(n);
    model.compiled.forEach((c, i) => {
      cumulativeAtStart[i] = yearWeight[i]!;
      periodicAtStart[i] = periodicCumulative(c, s.offsetHours, s.startMs - startMs);
      yearWeight[i] =
        yearWeight[i]! + periodicCumulative(c, s.offsetHours, s.endMs - startMs) - periodicAtStart[i]!;
    });
    return { ...s, cumulativeAtStart, periodicAtStart };
  });
  return {
    year,
    startMs,
    endMs: startMs + yearLengthMs(year),
    hoursInYear: yearLengthMs(year) / HOUR_MS,
    segments,
    yearWeight,
  };
}

function yearTable(model: ClockModel, year: number): YearTable {
  let table = model.years.get(year);
  if (!table) {
    table = buildYear(model, year);
    if (model.years.size >= MAX_CACHED_YEARS) {
      const oldest = model.years.keys().next().value;
      if (oldest !== undefined) model.years.delete(oldest);
    }
    model.years.set(year, table);
  }
  return table;
}

function segmentAt(table: YearTable, instantMs: number): YearSegment {
  const segments = table.segments;
  for (let i = segments.length - 1; i > 0; i--) {
    if (instantMs >= segments[i]!.startMs) return segments[i]!;
  }
  return segments[0]!;
}

function fractionOf(part: number, whole: number): number {
  return whole === 0 ? 0 : part / whole;
}

/**
 * Counts of one calendar year at an instant, clamped to that year: 0 at (or before) its start,
 * exactly annualCount at (or after) its end. clockAt() uses it for the year the instant is in;
 * it is exported so that the year-end value itself can be read.
 */
export function clockInYear(model: ClockModel, year: number, instantMs: number): ClockReading {
  const table = yearTable(model, year);
  const t = Math.min(Math.max(instantMs, table.startMs), table.endMs);
  const atEnd = t === table.endMs;
  const segment = segmentAt(table, atEnd ? table.endMs - 1 : t);
  const offset = segment.offsetHours;
  const sinceStart = t - table.startMs;
  const hourIndex = Math.floor((sinceStart - Math.floor(sinceStart / DAY_MS) * DAY_MS) / HOUR_MS);
  const localHour = (hourIndex + offset) % 24;
  const liveRate = instantMs >= table.startMs && instantMs < table.endMs;

  let total = 0;
  let totalPerSecond = 0;
  const categories = model.compiled.map((c, i): CategoryClock => {
    const yearWeight = table.yearWeight[i]!;
    const cumulative = atEnd
      ? yearWeight
      : segment.cumulativeAtStart[i]! +
        periodicCumulative(c, offset, sinceStart) -
        segment.periodicAtStart[i]!;
    // Divide first: w / w is exactly 1, so the year-end count is exactly annualCount.
    const count = c.input.annualCount * fractionOf(cumulative, yearWeight);
    const weightNow = c.utcWeight[offset][hourIndex]!;
    const perSecond = liveRate ? (c.input.annualCount * fractionOf(weightNow, yearWeight)) / 3600 : 0;
    total += count;
    totalPerSecond += perSecond;
    return {
      id: c.input.id,
      name: c.input.name,
      count,
      perSecond,
      isInPeakPeriod: c.hasPeak && c.inPeak[localHour]!,
      speedFactor: fractionOf(weightNow * table.hoursInYear, yearWeight),
    };
  });
  return { year, instantMs, total, perSecond: totalPerSecond, categories };
}

/** The clock at an instant: counts since 1 January 00:00 London time of the instant's year. */
export function clockAt(model: ClockModel, instantMs: number): ClockReading {
  return clockInYear(model, londonYear(instantMs), instantMs);
}

/** Count as shown to people. */
export function wholeCount(count: number): number {
  return Math.floor(count);
}

/** Seconds until the count passes its next whole number at the current rate; null when static. */
export function secondsUntilNext(count: number, perSecond: number): number | null {
  if (!(perSecond > 0)) return null;
  return (Math.floor(count) + 1 - count) / perSecond;
}

/** Fraction of the way from the last whole count to the next (for progress bars). */
export function progressToNext(count: number): number {
  return count - Math.floor(count);
}

export interface CategoryPace {
  readonly isInPeakPeriod: boolean;
  /** Rate at the instant divided by the year's mean rate. */
  readonly speedFactor: number;
}

/**
 * How fast each category runs at an instant, without its count: the labels and flash lengths a
 * screen shows next to counts the server sent (browsers show the server's counts, never their own).
 */
export function paceAt(model: ClockModel, instantMs: number): CategoryPace[] {
  const table = yearTable(model, londonYear(instantMs));
  const t = Math.min(Math.max(instantMs, table.startMs), table.endMs - 1);
  const offset = segmentAt(table, t).offsetHours;
  const sinceStart = t - table.startMs;
  const hourIndex = Math.floor((sinceStart - Math.floor(sinceStart / DAY_MS) * DAY_MS) / HOUR_MS);
  const localHour = (hourIndex + offset) % 24;
  return model.compiled.map((c, i) => ({
    isInPeakPeriod: c.hasPeak && c.inPeak[localHour]!,
    speedFactor: fractionOf(c.utcWeight[offset][hourIndex]! * table.hoursInYear, table.yearWeight[i]!),
  }));
}
