import { describe, expect, it } from 'vitest';
import { runSteps, type Step } from './steps.mjs';

/** A step that records when it ran, and ends when its `end` is called (or at once with `code`). */
function gatedStep(name: string, log: string[], options: Partial<Step> & { code?: number } = {}) {
  let end: (code: number) => void = () => {};
  const step: Step = {
    name,
    needs: options.needs,
    group: options.group,
    run: () => {
      log.push(`start ${name}`);
      return new Promise((resolve) => {
        end = (code) => {
          log.push(`end ${name}`);
          resolve({ code });
        };
        if (options.code !== undefined) end(options.code);
      });
    },
  };
  return { step, end: (code = 0) => end(code) };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('runSteps', () => {
  it('runs one at a time, in list order, when parallel is 1', async () => {
    const log: string[] = [];
    const steps = ['a', 'b', 'c'].map((name) => gatedStep(name, log, { code: 0 }).step);
    const results = await runSteps(steps, { parallel: 1 });
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
    expect(results.map((r) => [r.name, r.ok])).toEqual([
      ['a', true],
      ['b', true],
      ['c', true],
    ]);
  });

  it('starts no more than `parallel` steps, and the next in list order when one ends', async () => {
    const log: string[] = [];
    const [a, b, c] = ['a', 'b', 'c'].map((name) => gatedStep(name, log));
    const done = runSteps([a!.step, b!.step, c!.step], { parallel: 2 });
    await tick();
    expect(log).toEqual(['start a', 'start b']);
    b!.end();
    await tick();
    expect(log).toEqual(['start a', 'start b', 'end b', 'start c']);
    a!.end();
    c!.end();
    await done;
  });

  it('starts a step only after the steps it needs, and keeps a group to one at a time', async () => {
    const log: string[] = [];
    const build = gatedStep('build', log);
    const browser = gatedStep('browser', log, { needs: ['build'], group: 'product' });
    const faults = gatedStep('faults', log, { needs: ['build'], group: 'product' });
    const lint = gatedStep('lint', log);
    const done = runSteps([build.step, browser.step, faults.step, lint.step], { parallel: 4 });
    await tick();
    expect(log).toEqual(['start build', 'start lint']);
    build.end();
    await tick();
    expect(log.slice(2)).toEqual(['end build', 'start browser']);
    browser.end();
    await tick();
    expect(log.slice(4)).toEqual(['end browser', 'start faults']);
    faults.end();
    lint.end();
    await done;
  });

  it('does not run a step whose needed step failed, and reports it failed with the reason', async () => {
    const log: string[] = [];
    const build = gatedStep('build', log, { code: 2 });
    const browser = gatedStep('browser', log, { needs: ['build'] });
    const results = await runSteps([build.step, browser.step], { parallel: 2 });
    expect(log).toEqual(['start build', 'end build']);
    expect(results[1]).toMatchObject({ name: 'browser', ok: false, skipped: 'build failed' });
  });

  it('ignores a need that is not in the list (a step left out with --only)', async () => {
    const log: string[] = [];
    const browser = gatedStep('browser', log, { needs: ['build'], code: 0 });
    const [result] = await runSteps([browser.step], { parallel: 2 });
    expect(result).toMatchObject({ name: 'browser', ok: true });
  });

  it('gives each step its start, counted from the first', async () => {
    const log: string[] = [];
    const first = gatedStep('first', log);
    const second = gatedStep('second', log, { needs: ['first'], code: 0 });
    const done = runSteps([first.step, second.step], { parallel: 2 });
    await new Promise((resolve) => setTimeout(resolve, 60));
    first.end();
    const [a, b] = await done;
    expect(a!.startMs).toBeLessThan(30);
    expect(b!.startMs).toBeGreaterThanOrEqual(50);
    expect(a!.ms).toBeGreaterThanOrEqual(50);
  });
});
