import { describe, expect, it } from 'vitest';
import { POLICE_FORCE_IDS } from '../../common/police/forces.ts';
import { parseCliArgs } from './args.ts';

describe('parseCliArgs', () => {
  it('has defaults that write a modest sample to data/sample', () => {
    expect(parseCliArgs([])).toEqual({
      outDir: 'data/sample',
      months: undefined,
      endMonth: undefined,
      scale: undefined,
      forces: undefined,
      seed: undefined,
      gap: true,
    });
  });

  it('reads every option', () => {
    expect(
      parseCliArgs([
        '--out',
        '/tmp/x',
        '--months',
        '24',
        '--end',
        '2024-12',
        '--scale',
        '100',
        '--forces',
        'metropolitan, btp',
        '--seed',
        '7',
        '--no-gap',
      ]),
    ).toEqual({
      outDir: '/tmp/x',
      months: 24,
      endMonth: '2024-12',
      scale: 100,
      forces: ['metropolitan', 'btp'],
      seed: '7',
      gap: false,
    });
    expect(parseCliArgs(['--forces', 'all'])).toMatchObject({ forces: [...POLICE_FORCE_IDS] });
    expect(parseCliArgs(['--help'])).toBe('help');
  });

  it('rejects what it cannot read', () => {
    expect(() => parseCliArgs(['--months', 'six'])).toThrow(/--months needs a number/);
    expect(() => parseCliArgs(['--bogus'])).toThrow();
    expect(() => parseCliArgs(['stray'])).toThrow(/unexpected argument/);
  });
});
