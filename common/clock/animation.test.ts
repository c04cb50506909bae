import { describe, expect, it } from 'vitest';
import {
  cardFlashMs,
  correctionFactor,
  followServer,
  peakBadge,
  progressTransitionMs,
  shouldFlash,
  speedLabel,
  startDisplay,
  stepDisplay,
  TICK_MS,
  type DisplayState,
} from './animation.ts';

const RATE = 0.3; // about the survey clock's rate per second

/** Runs ticks while the authoritative count moves at `rate`; returns every displayed value. */
function run(
  startValue: number,
  targetStart: number,
  seconds: number,
  rate = RATE,
  jitter?: (t: number) => number,
) {
  let state: DisplayState = { ...startDisplay({ year: 2026, value: startValue, perSecond: rate }, 0) };
  const values = [state.value];
  const factors: number[] = [];
  for (let now = TICK_MS; now <= seconds * 1000; now += TICK_MS) {
    const target = targetStart + (rate * now) / 1000 + (jitter ? jitter(now) : 0);
    const before = state.value;
    state = stepDisplay(state, { year: 2026, value: target, perSecond: rate }, now);
    values.push(state.value);
    factors.push((state.value - before) / ((rate * TICK_MS) / 1000));
  }
  return { state, values, factors, finalTarget: targetStart + rate * seconds };
}

function neverDown(values: number[]) {
  for (let i = 1; i < values.length; i++) if (values[i]! < values[i - 1]!) return false;
  return true;
}

describe('display animation', () => {
  it('tracks the server count when it agrees', () => {
    const { state, finalTarget, factors } = run(1000, 1000, 120);
    expect(state.value).toBeCloseTo(finalTarget, 6);
    for (const f of factors) expect(f).toBeCloseTo(1, 9);
  });

  it('catches up when behind at no more than +10 %, closing the gap in one interval', () => {
    const gap = 5 * RATE; // five seconds of counting
    const { state, factors, finalTarget } = run(1000 - gap, 1000, 60);
    for (const f of factors) expect(f).toBeLessThanOrEqual(1.1 + 1e-9);
    expect(Math.max(...factors)).toBeGreaterThan(1.05);
    expect(state.value).toBeCloseTo(finalTarget, 6);
  });

  it('caps the correction at exactly 10 % for a large gap', () => {
    const gap = 30 * RATE;
    const { factors, state, finalTarget } = run(1000 - gap, 1000, 30);
    for (const f of factors) expect(f).toBeCloseTo(1.1, 9);
    expect(finalTarget - state.value).toBeCloseTo(gap - 0.1 * RATE * 30, 6);
  });

  it('slows to no less than 90 % when ahead, and never goes backwards', () => {
    const ahead = 20 * RATE;
    const { values, factors, state, finalTarget } = run(1000 + ahead, 1000, 600);
    expect(neverDown(values)).toBe(true);
    for (const f of factors) expect(f).toBeGreaterThanOrEqual(0.9 - 1e-9);
    expect(Math.min(...factors)).toBeCloseTo(0.9, 9);
    expect(Math.abs(state.value - finalTarget)).toBeLessThan(0.01);
  });

  it('never goes backwards while the server count jitters', () => {
    const jitter = (t: number) => Math.sin(t / 7_000) * 4 * RATE + ((t * 7919) % 13) * 0.05;
    const { values, factors } = run(1000, 1000, 900, RATE, jitter);
    expect(neverDown(values)).toBe(true);
    for (const f of factors) {
      expect(f).toBeGreaterThanOrEqual(0.9 - 1e-9);
      expect(f).toBeLessThanOrEqual(1.1 + 1e-9);
    }
  });

  it('turns round at once when the held factor pushes the wrong way', () => {
    let state = startDisplay({ year: 2026, value: 100, perSecond: 1 }, 0);
    state = stepDisplay(state, { year: 2026, value: 110, perSecond: 1 }, 100);
    expect(state.factor).toBeCloseTo(1.1, 9);
    // New data: the server is now behind the display.
    state = stepDisplay(state, { year: 2026, value: 90, perSecond: 1 }, 200);
    expect(state.factor).toBeCloseTo(0.9, 9);
  });

  it('jumps forward over a gap of more than 60 s of counting, never backward', () => {
    let state = startDisplay({ year: 2026, value: 100, perSecond: RATE }, 0);
    state = stepDisplay(state, { year: 2026, value: 100 + 61 * RATE, perSecond: RATE }, 100);
    expect(state.value).toBe(100 + 61 * RATE);
    const big = stepDisplay(state, { year: 2026, value: 0, perSecond: RATE }, 200);
    expect(big.value).toBeGreaterThan(state.value);
  });

  it('holds a static counter, moving it only up to a higher server count', () => {
    let state = startDisplay({ year: 2026, value: 50, perSecond: 0 }, 0);
    state = stepDisplay(state, { year: 2026, value: 40, perSecond: 0 }, 100);
    expect(state.value).toBe(50);
    state = stepDisplay(state, { year: 2026, value: 55, perSecond: 0 }, 200);
    expect(state.value).toBe(55);
  });

  it('resets at New Year and ignores late ticks from the old year', () => {
    let state = startDisplay({ year: 2025, value: 9_399_999.5, perSecond: RATE }, 0);
    state = stepDisplay(state, { year: 2026, value: 0.03, perSecond: RATE }, 100);
    expect(state).toMatchObject({ year: 2026, value: 0.03 });
    const late = stepDisplay(state, { year: 2025, value: 9_400_000, perSecond: RATE }, 200);
    expect(late.year).toBe(2026);
    expect(late.value).toBe(0.03);
  });

  it('corrects towards the authoritative count within its cap', () => {
    expect(correctionFactor(3, 0.5, 60_000, 0.1)).toBeCloseTo(1.1, 12);
    expect(correctionFactor(-1.5, 0.5, 60_000, 0.1)).toBeCloseTo(0.95, 12);
    expect(correctionFactor(5, 0, 60_000, 0.1)).toBe(1);
  });
});

describe('display timings and labels', () => {
  it('uses 50/100/200 ms progress transitions by speed factor', () => {
    expect(progressTransitionMs(1.5)).toBe(50);
    expect(progressTransitionMs(1.1)).toBe(100);
    expect(progressTransitionMs(1)).toBe(100);
    expect(progressTransitionMs(0.9)).toBe(100);
    expect(progressTransitionMs(0.5)).toBe(200);
  });

  it('labels FASTER in peak above 110 % and slower off-peak below 90 %', () => {
    expect(speedLabel(true, 1.83)).toBe('FASTER');
    expect(speedLabel(true, 1.05)).toBeNull();
    expect(speedLabel(false, 1.83)).toBeNull();
    expect(speedLabel(false, 0.59)).toBe('slower');
    expect(speedLabel(true, 0.59)).toBeNull();
    expect(peakBadge(true)).toBe('PEAK');
    expect(peakBadge(false)).toBe('OFF-PEAK');
  });

  it('flashes cards 200 ms, 150 ms when faster in peak, 300 ms when slower off-peak', () => {
    expect(cardFlashMs(true, 1.83)).toBe(150);
    expect(cardFlashMs(false, 0.59)).toBe(300);
    expect(cardFlashMs(true, 1)).toBe(200);
    expect(cardFlashMs(false, 1)).toBe(200);
    expect(shouldFlash(41.9, 42.1)).toBe(true);
    expect(shouldFlash(42.1, 42.9)).toBe(false);
  });
});

describe('following server ticks', () => {
  const at = (value: number, year = 2026) => ({ year, value, perSecond: RATE });

  it('shows the server count as it rises', () => {
    const state = followServer(startDisplay(at(10), 0), at(10.25), 100);
    expect(state.value).toBe(10.25);
  });

  it('holds instead of counting down when the target steps back', () => {
    const state = followServer(startDisplay(at(10.5), 0), at(10.2), 100);
    expect(state.value).toBeGreaterThanOrEqual(10.5);
    expect(state.value).toBeLessThan(10.6);
  });

  it("glides on between ticks but never past the server's whole number", () => {
    let state = startDisplay(at(10.98), 0);
    for (let t = 100; t <= 1000; t += 100) state = followServer(state, at(10.98), t);
    expect(state.value).toBeGreaterThan(10.98);
    expect(Math.floor(state.value)).toBe(10);
  });

  it('starts the new year at its count and ignores a late tick of the old year', () => {
    const newYear = followServer(startDisplay(at(9_000_000), 0), at(0.2, 2027), 100);
    expect(newYear).toMatchObject({ year: 2027, value: 0.2 });
    expect(followServer(newYear, at(9_000_001), 200)).toMatchObject({ year: 2027, value: 0.2 });
  });
});
