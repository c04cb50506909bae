// Runs the steps of `npm test` side by side where they may be: a step starts, in list order, as
// soon as the steps it needs have ended, no other step of its group is running, and fewer than
// `parallel` steps are running. Plain ESM so it runs before any build.

/**
 * @param {Array<{ name: string, needs?: string[], group?: string,
 *   run: () => Promise<{ code: number, outputFiles?: string[] }> }>} steps
 * @param {{ parallel?: number, onStart?: (step, startMs: number) => void,
 *   onEnd?: (result) => void }} [options]
 * @returns {Promise<Array<{ name: string, ok: boolean, skipped?: string, code: number,
 *   outputFiles: string[], startMs: number, ms: number }>>} one result per step, in list order
 */
export function runSteps(steps, { parallel = 1, onStart, onEnd } = {}) {
  const began = Date.now();
  const names = new Set(steps.map((step) => step.name));
  const waiting = [...steps];
  const running = new Map();
  const ended = new Map();

  return new Promise((resolve, reject) => {
    const finish = (step, result) => {
      running.delete(step.name);
      ended.set(step.name, result);
      try {
        onEnd?.(result);
      } catch (error) {
        reject(error);
        return;
      }
      startReady();
    };

    const startReady = () => {
      for (let i = 0; i < waiting.length && running.size < parallel;) {
        const step = waiting[i];
        const needs = (step.needs ?? []).filter((name) => names.has(name));
        if (!needs.every((name) => ended.has(name))) {
          i++;
          continue;
        }
        if (step.group && [...running.values()].some((other) => other.group === step.group)) {
          i++;
          continue;
        }
        waiting.splice(i, 1);
        const startMs = Date.now() - began;
        const failedNeed = needs.find((name) => !ended.get(name).ok);
        if (failedNeed) {
          // Its input is missing: running it would only fail again, later and less clearly.
          finish(step, {
            name: step.name,
            ok: false,
            skipped: `${failedNeed} failed`,
            code: 1,
            outputFiles: [],
            startMs,
            ms: 0,
          });
          return;
        }
        running.set(step.name, step);
        onStart?.(step, startMs);
        Promise.resolve()
          .then(() => step.run())
          .catch((error) => {
            console.error(`${step.name}: ${error?.stack ?? error}`);
            return { code: 1 };
          })
          .then(({ code, outputFiles = [] }) =>
            finish(step, {
              name: step.name,
              ok: code === 0,
              code,
              outputFiles,
              startMs,
              ms: Date.now() - began - startMs,
            }),
          );
      }
      if (running.size === 0 && waiting.length === 0) {
        resolve(steps.map((step) => ended.get(step.name)));
      } else if (running.size === 0) {
        reject(new Error(`steps that can never start: ${waiting.map((step) => step.name).join(', ')}`));
      }
    };

    startReady();
  });
}
