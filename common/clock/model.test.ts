import { describe, expect, it } from 'vitest';
import {
  ClockModelError,
  clockAt,
  clockInYear,
  createClockModel,
  progressToNext,
  secondsUntilNext,
  wholeCount,
  type ClockCategoryInput,
} from './model.ts';
import { Rng } from '../random/rng.ts';

const HOUR = 3_600_000;

// Reference local hours come from Intl, independently of london-time.ts.
const hourFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  hour: 'numeric',
  hourCycle: 'h23',
});
const intlHour = (t: number) => Number(hourFormat.format(t));

const VIOLENCE: ClockCategoryInput = {
  id: 'violence',
  name: 'Violence',
  annualCount: 1_120_000,
  peak: { peakMultiplier: 1.83, offPeakMultiplier: 0.59, peakHours: [[18, 2]] },
};
const FRAUD: ClockCategoryInput = {
  id: 'fraud',
  name: 'Fraud',
  annualCount: 4_200_000,
  peak: { peakMultiplier: 1.6, offPeakMultiplier: 0.8, peakHours: [[10, 16]] },
};
const FLAT: ClockCategoryInput = { id: 'flat', name: 'Flat', annualCount: 692_000 };
// The skipped and repeated local hour of the clock changes, at an odd rate.
const ONE_AM: ClockCategoryInput = {
  id: 'one-am',
  name: 'One a.m.',
  annualCount: 12_345.67,
  peak: { peakMultiplier: 3, offPeakMultiplier: 0.25, peakHours: [[1, 2]] },
};
const TINY: ClockCategoryInput = { id: 'tiny', name: 'Tiny', annualCount: 1 };
const INPUTS = [VIOLENCE, FRAUD, FLAT, ONE_AM, TINY];

function localWeight(c: ClockCategoryInput, hour: number): number {
  if (!c.peak) return 1;
  const inPeak = c.peak.peakHours.some(([s, e]) => (s < e ? hour >= s && hour < e : hour >= s || hour < e));
  return inPeak ? c.peak.peakMultiplier : c.peak.offPeakMultiplier;
}

/** Brute force: weight of every UTC hour of the year, London hour taken from Intl. */
function referenceYear(c: ClockCategoryInput, year: number) {
  const start = Date.UTC(year, 0, 1);
  const end = Date.UTC(year + 1, 0, 1);
  const weights: number[] = [];
  for (let t = start; t < end; t += HOUR) weights.push(localWeight(c, intlHour(t)));
  const cumulative = [0];
  for (const w of weights) cumulative.push(cumulative[cumulative.length - 1]! + w);
  const total = cumulative[cumulative.length - 1]!;
  const countAt = (t: number) => {
    const i = Math.floor((t - start) / HOUR);
    const frac = (t - start - i * HOUR) / HOUR;
    return (c.annualCount * (cumulative[i]! + weights[i]! * frac)) / total;
  };
  return { start, end, weights, total, countAt };
}

/** Deterministic pseudo-random numbers so failures reproduce. */
function random(seed: number) {
  const rng = new Rng(seed);
  return () => rng.next();
}

const model = createClockModel(INPUTS);

describe('clock model: year boundaries', () => {
  it('reaches every annual count exactly at the year end, leap years included', () => {
    const annualSum = INPUTS.reduce((s, c) => s + c.annualCount, 0);
    for (const year of [2024, 2025, 2026, 2027, 2028, 2029]) {
      const end = clockInYear(model, year, Date.UTC(year + 1, 0, 1));
      end.categories.forEach((c, i) => expect(c.count).toBe(INPUTS[i]!.annualCount));
      expect(end.total).toBeCloseTo(annualSum, 6);
      // A millisecond before, less than one millisecond of counting remains.
      const before = clockAt(model, Date.UTC(year + 1, 0, 1) - 1);
      expect(before.year).toBe(year);
      before.categories.forEach((c, i) => {
        expect(c.count).toBeLessThanOrEqual(INPUTS[i]!.annualCount);
        expect(INPUTS[i]!.annualCount - c.count).toBeLessThan((c.perSecond / 1000) * 1.000001 + 1e-9);
      });
    }
  });

  it('resets to 0 at 1 January 00:00 London time', () => {
    for (const year of [2025, 2026, 2029]) {
      const start = Date.UTC(year, 0, 1);
      const reading = clockAt(model, start);
      expect(reading.year).toBe(year);
      expect(reading.total).toBe(0);
      for (const c of reading.categories) expect(c.count).toBe(0);
      expect(clockAt(model, start - 1).total).toBeGreaterThan(reading.total + 1_000_000);
    }
  });

  it('clamps a year read outside its bounds', () => {
    expect(clockInYear(model, 2025, Date.UTC(2024, 5, 1)).total).toBe(0);
    expect(clockInYear(model, 2025, Date.UTC(2024, 5, 1)).perSecond).toBe(0);
    expect(clockInYear(model, 2025, Date.UTC(2026, 5, 1)).categories[0]!.count).toBe(VIOLENCE.annualCount);
  });
});

describe('clock model: against a brute-force reference', () => {
  it('matches the hour-by-hour reference at random instants of 2025 and 2028', () => {
    const next = random(42);
    for (const year of [2025, 2028]) {
      const refs = INPUTS.map((c) => referenceYear(c, year));
      const { start, end } = refs[0]!;
      for (let k = 0; k < 2000; k++) {
        const t = start + Math.floor(next() * (end - start));
        const reading = clockAt(model, t);
        reading.categories.forEach((c, i) => {
          const expected = refs[i]!.countAt(t);
          expect(Math.abs(c.count - expected)).toBeLessThanOrEqual(1e-9 * INPUTS[i]!.annualCount + 1e-9);
        });
      }
    }
  });

  it('counts the 23-hour and 25-hour days with the right number of hours', () => {
    const ref = referenceYear(FLAT, 2025);
    const dayIncrease = (startIso: string, endIso: string) =>
      clockAt(model, Date.parse(endIso)).categories[2]!.count -
      clockAt(model, Date.parse(startIso)).categories[2]!.count;
    const perHour = FLAT.annualCount / ref.weights.length;
    // London midnights: 30 March 2025 starts 00:00Z, 31 March starts 23:00Z the day before.
    expect(dayIncrease('2025-03-30T00:00:00Z', '2025-03-30T23:00:00Z')).toBeCloseTo(23 * perHour, 6);
    expect(dayIncrease('2025-10-25T23:00:00Z', '2025-10-27T00:00:00Z')).toBeCloseTo(25 * perHour, 6);
    expect(dayIncrease('2025-06-30T23:00:00Z', '2025-07-01T23:00:00Z')).toBeCloseTo(24 * perHour, 6);
  });

  it('weights the repeated 01:00 hour twice and the skipped one not at all', () => {
    const inPeak = (iso: string) => clockAt(model, Date.parse(iso)).categories[3]!.isInPeakPeriod;
    // 26 October 2025: 01:00-02:00 local happens at 00:00Z (BST) and again at 01:00Z (GMT).
    expect(inPeak('2025-10-26T00:30:00Z')).toBe(true);
    expect(inPeak('2025-10-26T01:30:00Z')).toBe(true);
    expect(inPeak('2025-10-26T02:30:00Z')).toBe(false);
    // 30 March 2025: 00:59 GMT is followed by 02:00 BST.
    expect(inPeak('2025-03-30T00:30:00Z')).toBe(false);
    expect(inPeak('2025-03-30T01:30:00Z')).toBe(false);
    // A normal summer day: 01:00 BST is 00:00Z.
    expect(inPeak('2025-07-10T00:30:00Z')).toBe(true);
  });
});

describe('clock model: invariants', () => {
  it('never decreases, sampled densely across a leap year', () => {
    const next = random(7);
    const start = Date.UTC(2028, 0, 1);
    const end = Date.UTC(2029, 0, 1);
    let previous = clockAt(model, start);
    for (let t = start + 1; t < end; t += 5 * 60_000 + Math.floor(next() * 60_000)) {
      const reading = clockAt(model, t);
      reading.categories.forEach((c, i) => {
        if (c.count < previous.categories[i]!.count)
          throw new Error(`${c.id} went down at ${new Date(t).toISOString()}`);
      });
      previous = reading;
    }
  });

  it('never decreases across hour boundaries and the clock changes, to the millisecond', () => {
    const instants: number[] = [];
    for (let t = Date.UTC(2025, 0, 1) + HOUR; t < Date.UTC(2026, 0, 1); t += HOUR)
      instants.push(t - 1, t, t + 1);
    for (const change of [
      '2025-03-30T01:00:00Z',
      '2025-10-26T01:00:00Z',
      '2026-03-29T01:00:00Z',
      '2026-10-25T01:00:00Z',
    ]) {
      const c = Date.parse(change);
      for (let t = c - 2 * HOUR; t <= c + 2 * HOUR; t += 997) instants.push(t);
    }
    instants.sort((a, b) => a - b);
    let previous = clockAt(model, instants[0]!);
    for (const t of instants.slice(1)) {
      const reading = clockAt(model, t);
      if (reading.year !== previous.year) {
        previous = reading;
        continue;
      }
      reading.categories.forEach((c, i) => {
        if (c.count < previous.categories[i]!.count)
          throw new Error(`${c.id} went down at ${new Date(t).toISOString()}`);
      });
      previous = reading;
    }
  });

  it('makes the category counts and rates add up to the totals', () => {
    const next = random(99);
    for (let k = 0; k < 500; k++) {
      const t = Date.UTC(2026, 0, 1) + Math.floor(next() * 365 * 24 * HOUR);
      const reading = clockAt(model, t);
      const countSum = reading.categories.map((c) => c.count).reduceRight((a, b) => a + b, 0);
      const rateSum = reading.categories.map((c) => c.perSecond).reduceRight((a, b) => a + b, 0);
      expect(reading.total).toBeCloseTo(countSum, 6);
      expect(reading.perSecond).toBeCloseTo(rateSum, 12);
    }
  });

  it('normalises weights to a mean of 1 over the actual year', () => {
    for (const year of [2025, 2028]) {
      const start = Date.UTC(year, 0, 1);
      const hours = (Date.UTC(year + 1, 0, 1) - start) / HOUR;
      const sums = INPUTS.map(() => 0);
      for (let h = 0; h < hours; h++) {
        clockAt(model, start + h * HOUR + HOUR / 2).categories.forEach((c, i) => (sums[i]! += c.speedFactor));
      }
      for (const sum of sums) expect(sum / hours).toBeCloseTo(1, 12);
    }
  });

  it('gives the mean rate annualCount / seconds in the year, and integrates to it', () => {
    const start = Date.UTC(2026, 0, 1);
    const seconds = 365 * 24 * 3600;
    let integral = 0;
    for (let h = 0; h < 365 * 24; h++)
      integral += clockAt(model, start + h * HOUR + HOUR / 2).categories[2]!.perSecond * 3600;
    expect(integral).toBeCloseTo(FLAT.annualCount, 4);
    expect(clockAt(model, start + 1234567).categories[2]!.perSecond).toBeCloseTo(
      FLAT.annualCount / seconds,
      12,
    );
  });

  it('runs faster in peak hours by exactly the multiplier ratio', () => {
    const evening = clockAt(model, Date.parse('2025-07-10T19:30:00Z')); // 20:30 BST
    const noon = clockAt(model, Date.parse('2025-07-10T11:30:00Z')); // 12:30 BST
    const [vEvening, fEvening] = evening.categories;
    const [vNoon, fNoon] = noon.categories;
    expect(vEvening!.isInPeakPeriod).toBe(true);
    expect(vNoon!.isInPeakPeriod).toBe(false);
    expect(vEvening!.perSecond / vNoon!.perSecond).toBeCloseTo(1.83 / 0.59, 9);
    expect(vEvening!.speedFactor / vNoon!.speedFactor).toBeCloseTo(1.83 / 0.59, 9);
    expect(fNoon!.isInPeakPeriod).toBe(true);
    expect(fNoon!.perSecond / fEvening!.perSecond).toBeCloseTo(1.6 / 0.8, 9);
    // A winter evening hour: 20:30 GMT is 20:30Z.
    expect(clockAt(model, Date.parse('2025-12-10T20:30:00Z')).categories[0]!.isInPeakPeriod).toBe(true);
    expect(clockAt(model, Date.parse('2025-12-10T02:30:00Z')).categories[0]!.isInPeakPeriod).toBe(false);
  });

  it('reports speed factors around 1 and the flat category at exactly 1', () => {
    const reading = clockAt(model, Date.parse('2026-05-05T05:05:05Z'));
    expect(reading.categories[2]!.speedFactor).toBeCloseTo(1, 12);
    expect(reading.categories[2]!.isInPeakPeriod).toBe(false);
  });

  it('gives the same answer after its year cache has been evicted', () => {
    const t = Date.parse('2025-08-01T12:34:56.789Z');
    const first = clockAt(model, t);
    for (let year = 2030; year < 2040; year++) clockAt(model, Date.UTC(year, 3, 1));
    expect(clockAt(model, t)).toEqual(first);
    expect(clockAt(createClockModel(INPUTS), t)).toEqual(first);
  });
});

describe('clock model: input checks', () => {
  it('rejects bad input', () => {
    const bad = (c: Partial<ClockCategoryInput>) => () =>
      createClockModel([{ id: 'x', name: 'X', annualCount: 10, ...c } as ClockCategoryInput]);
    expect(bad({ annualCount: -1 })).toThrow(ClockModelError);
    expect(bad({ annualCount: Number.NaN })).toThrow(ClockModelError);
    expect(bad({ peak: { peakMultiplier: 2, offPeakMultiplier: 1, peakHours: [[3, 3]] } })).toThrow(
      ClockModelError,
    );
    expect(bad({ peak: { peakMultiplier: 2, offPeakMultiplier: 1, peakHours: [[1.5, 3]] } })).toThrow(
      ClockModelError,
    );
    expect(bad({ peak: { peakMultiplier: 2, offPeakMultiplier: 1, peakHours: [[0, 25]] } })).toThrow(
      ClockModelError,
    );
    expect(bad({ peak: { peakMultiplier: 0, offPeakMultiplier: 0, peakHours: [[0, 24]] } })).toThrow(
      ClockModelError,
    );
    expect(bad({ peak: { peakMultiplier: -1, offPeakMultiplier: 1, peakHours: [[0, 1]] } })).toThrow(
      ClockModelError,
    );
    expect(() => createClockModel([FLAT, FLAT])).toThrow(ClockModelError);
  });

  it('accepts a zero count and an all-day peak', () => {
    const m = createClockModel([
      { id: 'none', name: 'None', annualCount: 0 },
      {
        id: 'all',
        name: 'All',
        annualCount: 100,
        peak: { peakMultiplier: 2, offPeakMultiplier: 0, peakHours: [[0, 24]] },
      },
    ]);
    const r = clockAt(m, Date.parse('2025-06-01T00:00:00Z'));
    expect(r.categories[0]!.count).toBe(0);
    expect(r.categories[0]!.perSecond).toBe(0);
    expect(r.categories[1]!.isInPeakPeriod).toBe(true);
    expect(r.categories[1]!.speedFactor).toBeCloseTo(1, 12);
  });
});

describe('display helpers', () => {
  it('shows whole counts and the time to the next one', () => {
    expect(wholeCount(41.999)).toBe(41);
    expect(wholeCount(42)).toBe(42);
    expect(secondsUntilNext(41.75, 0.5)).toBeCloseTo(0.5, 12);
    expect(secondsUntilNext(42, 2)).toBeCloseTo(0.5, 12);
    expect(secondsUntilNext(42.5, 0)).toBeNull();
    expect(progressToNext(41.25)).toBeCloseTo(0.25, 12);
  });
});
