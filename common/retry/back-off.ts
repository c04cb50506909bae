/**
 * The one back-off of the product: every retry after a failure (data.police.uk calls, the mail
 * outbox, the browser's clock feed, webhooks, Redis reconnections…) waits `backOffDelay(attempt, …)`.
 * New retrying code uses it rather than a formula of its own (scripts/lint/one-back-off.test.ts). Measured against libraries: `exponential-backoff`
 * and `p-retry` own the retry loop (and its timers), which the outbox cannot use (its wait is a
 * stored next-attempt time) and the clock feed does not want (its timers are cancelled with the
 * page); the delay alone is these few lines.
 */
export interface BackOff {
  /** The wait after the first failure; doubled for each one after. */
  baseMs: number;
  /** The longest wait. */
  maxMs: number;
}

/** Past this many doublings every step is the maximum already (and 2 ** n stays finite). */
const MAX_DOUBLINGS = 30;

/**
 * The wait in whole milliseconds before retry `attempt` (1 after the first failure): `baseMs`
 * doubling to `maxMs`. With `random`, "equal jitter": half the step is fixed, so a retry never comes
 * at once, and half is random, so clients that failed together do not return together. Without
 * it, the step itself (a wait that is stored, e.g. the outbox's next attempt).
 */
export function backOffDelay(attempt: number, backOff: BackOff, random?: () => number): number {
  const doublings = Math.min(Math.max(attempt - 1, 0), MAX_DOUBLINGS);
  const step = Math.min(backOff.maxMs, backOff.baseMs * 2 ** doublings);
  return Math.round(random ? step / 2 + random() * (step / 2) : step);
}
