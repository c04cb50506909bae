import { backOffDelay } from '../../../../common/retry/back-off.ts';

/**
 * When a failed delivery is tried again: 30 s after the first failure, doubling up to two hours
 * between attempts, for 24 h after the event (Standard Webhooks' advice: back off, keep trying for
 * about a day). The wait itself is the product's one back-off, `backOffDelay`, without jitter: it
 * is stored as the delivery's next-attempt time.
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
  return backOffDelay(attempts, { baseMs: schedule.baseDelayMs, maxMs: schedule.maxDelayMs });
}
