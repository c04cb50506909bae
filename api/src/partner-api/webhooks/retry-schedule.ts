/**
 * When a failed delivery is tried again: 30 s after the first failure, doubling up to two hours
 * between attempts, for 24 h after the event (Standard Webhooks' advice: back off, keep trying for
 * about a day). Kept here until the project's back-off formulas share one module in common/.
 */
export interface RetrySchedule {
  baseDelayMs: number;
  maxDelayMs: number;
  /** How long after the event attempts go on; then the delivery is marked failed. */
  retryForMs: number;
}

export const RETRY_DEFAULTS: RetrySchedule = {
  baseDelayMs: 30_000,
  maxDelayMs: 2 * 60 * 60_000,
  retryForMs: 24 * 60 * 60_000,
};

/** The wait after the `attempts`-th failed attempt (1 = the first). */
export function retryDelayMs(attempts: number, schedule: RetrySchedule = RETRY_DEFAULTS): number {
  return Math.min(schedule.maxDelayMs, schedule.baseDelayMs * 2 ** Math.max(0, attempts - 1));
}
