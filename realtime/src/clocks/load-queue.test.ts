import { describe, expect, it } from 'vitest';
import { createLoadQueue } from './load-queue.ts';

/** Tasks the test finishes one by one, recording the order they started in and the most at once. */
function tasks() {
  const started: string[] = [];
  const finishers: (() => void)[] = [];
  let running = 0;
  let peak = 0;
  return {
    started,
    peak: () => peak,
    task: (name: string) => () => {
      started.push(name);
      running++;
      peak = Math.max(peak, running);
      return new Promise<string>((resolve) =>
        finishers.push(() => {
          running--;
          resolve(name);
        }),
      );
    },
    /** Finishes the oldest running task and lets the queue start the next. */
    async finishOne() {
      finishers.shift()!();
      await new Promise((r) => setTimeout(r, 0));
    },
    async finishAll() {
      while (finishers.length) await this.finishOne();
    },
  };
}

describe('the area clocks load queue', () => {
  it('runs at most maxInFlight tasks at once, however many are added in the same turn', async () => {
    const work = tasks();
    const queue = createLoadQueue({ maxInFlight: 3, maxQueued: 100 });
    const results = Array.from({ length: 20 }, (_, i) => queue.run('join', work.task(`j${i}`)));
    expect(work.started).toEqual(['j0', 'j1', 'j2']);
    expect(queue.stats()).toEqual({ inFlight: 3, queued: 17 });
    await work.finishAll();
    expect(await Promise.all(results)).toEqual(Array.from({ length: 20 }, (_, i) => `j${i}`));
    expect(work.peak()).toBe(3);
    expect(queue.stats()).toEqual({ inFlight: 0, queued: 0 });
  });

  it('starts waiting joins before waiting refreshes, each kind in the order it came', async () => {
    const work = tasks();
    const queue = createLoadQueue({ maxInFlight: 1, maxQueued: 100 });
    const all = [
      queue.run('refresh', work.task('r0')),
      queue.run('refresh', work.task('r1')),
      queue.run('join', work.task('j0')),
      queue.run('refresh', work.task('r2')),
      queue.run('join', work.task('j1')),
    ];
    await work.finishOne();
    // A join added while refreshes wait still goes before them.
    all.push(queue.run('join', work.task('j2')));
    await work.finishAll();
    await Promise.all(all);
    expect(work.started).toEqual(['r0', 'j0', 'j1', 'j2', 'r1', 'r2']);
  });

  it('is full for joins when every place is taken and maxQueued joins wait; refreshes do not count', async () => {
    const work = tasks();
    const queue = createLoadQueue({ maxInFlight: 2, maxQueued: 2 });
    const all = [queue.run('join', work.task('a')), queue.run('refresh', work.task('b'))];
    all.push(queue.run('refresh', work.task('c')), queue.run('refresh', work.task('d')));
    expect(queue.joinsFull()).toBe(false);
    all.push(queue.run('join', work.task('e')));
    expect(queue.joinsFull()).toBe(false);
    all.push(queue.run('join', work.task('f')));
    expect(queue.joinsFull()).toBe(true);
    expect(queue.stats()).toEqual({ inFlight: 2, queued: 4 });
    // A place freed: a waiting join starts, and there is room for one more.
    await work.finishOne();
    expect(queue.joinsFull()).toBe(false);
    await work.finishAll();
    await Promise.all(all);
    expect(work.started).toEqual(['a', 'b', 'e', 'f', 'c', 'd']);
  });

  it('passes on a failed task and frees its place', async () => {
    const queue = createLoadQueue({ maxInFlight: 1, maxQueued: 1 });
    const failed = queue.run('join', () => Promise.reject(new Error('API down')));
    const next = queue.run('join', () => Promise.resolve('read'));
    await expect(failed).rejects.toThrow('API down');
    expect(await next).toBe('read');
    expect(queue.stats()).toEqual({ inFlight: 0, queued: 0 });
  });
});
