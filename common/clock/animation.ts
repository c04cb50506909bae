/**
 * How a browser moves a displayed count between authoritative server ticks. Each tick gives the
 * server's count at a whole second and its step to the next, so while ticks arrive the display
 * is the server's number glided linearly to the next one (followServer): it never counts down on
 * its own, and a resync (reconnect, woken tab, new data) shows the server's number at once.
 * Without a socket the page polls the API every five minutes; between those samples the display
 * runs on at the sampled rate and absorbs the disagreement of the next sample by running slightly
 * faster or slower (at most ±10 %, stepDisplay), as the specification describes for the poll.
 * The one permitted drop without a resync is the New Year reset to 0.
 */

/** A tick every tenth of a second looks continuous; a correction a minute, at most 10 %, goes unseen. */
export const TICK_MS = 100;
export const CORRECTION_INTERVAL_MS = 60_000;
export const CORRECTION_CAP = 0.1;
/** A gap larger than this many seconds of counting is closed by jumping forward. */
export const JUMP_AFTER_SECONDS_BEHIND = 60;

export const DIGIT_FLASH_MS = 150;
export const CARD_FLASH_MS = 200;
export const CARD_FLASH_FASTER_MS = 150;
export const CARD_FLASH_SLOWER_MS = 300;

/** Above this speed factor a category counts as running fast; below its mirror, slow. */
export const FAST_SPEED = 1.1;
export const SLOW_SPEED = 0.9;

export interface DisplayState {
  readonly year: number;
  /** Fractional; show Math.floor of it. */
  readonly value: number;
  /** Current speed multiplier, within 1 ± CORRECTION_CAP. */
  readonly factor: number;
  readonly factorChosenAtMs: number;
  readonly atMs: number;
}

export interface DisplayTarget {
  readonly year: number;
  /** Authoritative count now. */
  readonly value: number;
  /** The model's current rate. */
  readonly perSecond: number;
}

export interface StepOptions {
  readonly correctionIntervalMs?: number;
  readonly correctionCap?: number;
  readonly jumpAfterSecondsBehind?: number;
}

export function startDisplay(target: DisplayTarget, nowMs: number): DisplayState {
  return { year: target.year, value: target.value, factor: 1, factorChosenAtMs: nowMs, atMs: nowMs };
}

/**
 * The factor that closes `gap` over one correction interval if held for it, capped. Holding it
 * for the interval, as the specification describes, closes the gap exactly when uncapped: the
 * target moves at `rate`, the display at rate × factor.
 */
export function correctionFactor(gap: number, perSecond: number, intervalMs: number, cap: number): number {
  if (!(perSecond > 0)) return 1;
  const wanted = 1 + gap / ((perSecond * intervalMs) / 1000);
  return Math.min(1 + cap, Math.max(1 - cap, wanted));
}

/**
 * The display while ticks arrive: the server's count, held rather than lowered when the server's
 * time estimate steps back. A later year starts again; a late tick from an earlier year is ignored.
 */
export function followServer(state: DisplayState, target: DisplayTarget, nowMs: number): DisplayState {
  if (target.year > state.year) return startDisplay(target, nowMs);
  if (target.year < state.year) return { ...state, atMs: Math.max(state.atMs, nowMs) };
  // Ticks floor counts to hundredths, which a slow counter takes seconds to make up: between
  // them it glides on at its rate, but never past the server's whole number.
  const glided = state.value + (Math.max(0, target.perSecond) * Math.max(0, nowMs - state.atMs)) / 1000;
  const ceiling = Math.floor(target.value) + 0.999;
  return {
    ...startDisplay(target, nowMs),
    value: Math.max(state.value, target.value, Math.min(glided, ceiling)),
  };
}

/** Advances the display to `nowMs` between polled samples (called every TICK_MS). */
export function stepDisplay(
  state: DisplayState,
  target: DisplayTarget,
  nowMs: number,
  options: StepOptions = {},
): DisplayState {
  const interval = options.correctionIntervalMs ?? CORRECTION_INTERVAL_MS;
  const cap = options.correctionCap ?? CORRECTION_CAP;
  const jumpAfter = options.jumpAfterSecondsBehind ?? JUMP_AFTER_SECONDS_BEHIND;

  if (target.year > state.year) return startDisplay(target, nowMs);
  // A late tick from before New Year must not drag the new year's display around.
  if (target.year < state.year) return { ...state, atMs: Math.max(state.atMs, nowMs) };

  const elapsedMs = Math.max(0, nowMs - state.atMs);
  const rate = target.perSecond > 0 && Number.isFinite(target.perSecond) ? target.perSecond : 0;
  // The target is for `nowMs`; compare it with where the display would be now at plain speed.
  const gap = target.value - (state.value + (rate * elapsedMs) / 1000);

  if (rate === 0) {
    // Nothing to run faster than: a static counter can only be set, and only upwards.
    return { ...state, value: Math.max(state.value, target.value), factor: 1, atMs: nowMs };
  }
  if (gap > rate * jumpAfter) return startDisplay(target, nowMs);

  let factor = state.factor;
  let chosenAt = state.factorChosenAtMs;
  // Waiting out the interval is right while the held factor pushes towards the target; one that
  // does not (a fresh gap, new data, a changed clock skew) is replaced at once.
  const wrongWay = (gap < 0 && factor >= 1) || (gap > 0 && factor <= 1);
  if (wrongWay || nowMs - chosenAt >= interval || nowMs < chosenAt || !(Math.abs(factor - 1) <= cap)) {
    factor = correctionFactor(gap, rate, interval, cap);
    chosenAt = nowMs;
  }
  const advanced = state.value + (rate * factor * elapsedMs) / 1000;
  return {
    year: state.year,
    value: Math.max(state.value, advanced),
    factor,
    factorChosenAtMs: chosenAt,
    atMs: nowMs,
  };
}

/** Progress-bar transition length for a category's speed factor. */
export function progressTransitionMs(speedFactor: number): 50 | 100 | 200 {
  if (speedFactor > FAST_SPEED) return 50;
  if (speedFactor < SLOW_SPEED) return 200;
  return 100;
}

export type SpeedLabel = 'FASTER' | 'slower';

/** FASTER during peak hours above 110 %, slower off-peak below 90 %, otherwise nothing. */
export function speedLabel(isInPeakPeriod: boolean, speedFactor: number): SpeedLabel | null {
  if (isInPeakPeriod && speedFactor > FAST_SPEED) return 'FASTER';
  if (!isInPeakPeriod && speedFactor < SLOW_SPEED) return 'slower';
  return null;
}

export function peakBadge(isInPeakPeriod: boolean): 'PEAK' | 'OFF-PEAK' {
  return isInPeakPeriod ? 'PEAK' : 'OFF-PEAK';
}

/** How long a category card flashes when its count rises. */
export function cardFlashMs(isInPeakPeriod: boolean, speedFactor: number): number {
  const label = speedLabel(isInPeakPeriod, speedFactor);
  if (label === 'FASTER') return CARD_FLASH_FASTER_MS;
  if (label === 'slower') return CARD_FLASH_SLOWER_MS;
  return CARD_FLASH_MS;
}

/** A flash is due when the shown whole number goes up. */
export function shouldFlash(previousValue: number, nextValue: number): boolean {
  return Math.floor(nextValue) > Math.floor(previousValue);
}
