export interface AimedTimerOptions {
  /** How often, ms (1000: once a second). */
  intervalMs: number;
  /** Where in each interval, ms past its start: 0 on the whole second, intervalMs / 2 halfway. */
  offsetMs?: number;
  now?: () => number;
  /** Called with the instant it was aimed at, which the wall clock may have passed by a little. */
  run: (aimedAt: number) => void;
}

export interface AimedTimer {
  stop(): void;
}

/**
 * Runs `run` at the same point of every interval of the wall clock, e.g. each whole second or the
 * middle of each second. Each run is aimed afresh at its instant (unlike setInterval, which drifts
 * later with every late timer), never twice at the same instant even when a timer fires a hair
 * early, and after a stall (a blocked event loop) it resumes at the next instant, skipping the missed.
 */
export function startAimedTimer({
  intervalMs,
  offsetMs = 0,
  now = Date.now,
  run,
}: AimedTimerOptions): AimedTimer {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const schedule = (previous?: number) => {
    if (stopped) return;
    const current = now();
    let target = nextAimedInstant(current, intervalMs, offsetMs);
    if (previous !== undefined && target <= previous) target = previous + intervalMs;
    timer = setTimeout(
      () => {
        // Aimed before running, so a slow run does not push the next one later.
        schedule(target);
        run(target);
      },
      Math.max(0, target - current),
    );
  };
  schedule();

  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

/** The first instant strictly after `instantMs` that lies `offsetMs` into an interval. */
export function nextAimedInstant(instantMs: number, intervalMs: number, offsetMs = 0): number {
  const intoInterval = (((instantMs - offsetMs) % intervalMs) + intervalMs) % intervalMs;
  return instantMs - intoInterval + intervalMs;
}
