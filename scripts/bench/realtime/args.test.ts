import { describe, expect, it } from 'vitest';
import { ArgsError, parseArgs } from './args.ts';

describe('benchmark arguments', () => {
  it('defaults to 20,000 clients on one node for 30 s', () => {
    const args = parseArgs([]);
    expect(args).toMatchObject({
      clients: [20_000],
      baseline: false,
      durationS: 30,
      nodes: 1,
      findMax: false,
      p99LimitMs: 100,
      engines: ['uws', 'node'],
    });
  });

  it('measures the engines asked for, each once', () => {
    expect(parseArgs(['--engines', 'node']).engines).toEqual(['node']);
    expect(parseArgs(['--engines', 'node, uws,node']).engines).toEqual(['node', 'uws']);
    expect(() => parseArgs(['--engines', 'auto'])).toThrow(ArgsError);
    expect(() => parseArgs(['--engines', ''])).toThrow(ArgsError);
  });

  it('measures 15 s per step when finding the maximum, starting at one step', () => {
    expect(parseArgs(['--find-max', '--step', '4000'])).toMatchObject({
      durationS: 15,
      start: 4000,
      step: 4000,
    });
    expect(parseArgs(['--find-max', '--duration', '20'])).toMatchObject({ durationS: 20 });
  });

  it('reads every option', () => {
    const args = parseArgs(
      '--clients 100 --duration 5 --nodes 2 --max-clients 500 --max-minutes 3 --batch 50 --per-worker 40 --workers 3 --clock police --p99 50 --probes 0 --dist --profile --no-pin --out /tmp/x.json'.split(
        ' ',
      ),
    );
    expect(args).toMatchObject({
      clients: [100],
      durationS: 5,
      nodes: 2,
      maxClients: 500,
      maxMinutes: 3,
      batch: 50,
      perWorker: 40,
      maxWorkers: 3,
      clock: 'police',
      p99LimitMs: 50,
      probesPerNode: 0,
      fromDist: true,
      profile: true,
      pin: false,
      out: '/tmp/x.json',
    });
  });

  it('measures several counts, smallest first, and the baseline after the product at each', () => {
    expect(parseArgs(['--clients', '19000,10000', '--baseline'])).toMatchObject({
      clients: [10_000, 19_000],
      baseline: true,
    });
    expect(() => parseArgs(['--clients', '10000,x'])).toThrow(ArgsError);
    expect(() => parseArgs(['--clients', '1,2,3,4,5,6,7'])).toThrow(ArgsError);
    expect(() => parseArgs(['--baseline', '--nodes', '2'])).toThrow(ArgsError);
    expect(() => parseArgs(['--baseline', '--find-max'])).toThrow(ArgsError);
  });

  it('keeps every value bounded', () => {
    expect(() => parseArgs(['--clients', '60001'])).toThrow(ArgsError);
    expect(() => parseArgs(['--nodes', '3'])).toThrow(ArgsError);
    expect(() => parseArgs(['--duration', '1000'])).toThrow(ArgsError);
    expect(() => parseArgs(['--max-minutes', '31'])).toThrow(ArgsError);
    expect(() => parseArgs(['--clients'])).toThrow(ArgsError);
    expect(() => parseArgs(['--clock', 'other'])).toThrow(ArgsError);
    expect(() => parseArgs(['--what'])).toThrow(ArgsError);
  });
});
