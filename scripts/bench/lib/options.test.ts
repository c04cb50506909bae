import { describe, expect, it } from 'vitest';
import { ArgsError, decimal, readOptions, whole } from './options.ts';

describe('benchmark command line', () => {
  const read = (argv: string[]) =>
    readOptions(argv, {
      count: { type: 'string' },
      name: { type: 'string' },
      flag: { type: 'boolean', short: 'f' },
    });

  it('reads each option, long or short', () => {
    expect(read(['--count', '3', '-f', '--name', 'x'])).toEqual({ count: '3', flag: true, name: 'x' });
  });

  it('refuses unknown options, a missing value and a value that looks like an option', () => {
    expect(() => read(['--other'])).toThrow(ArgsError);
    expect(() => read(['--other'])).toThrow(/unknown option '--other'/i);
    expect(() => read(['constructor'])).toThrow(ArgsError);
    expect(() => read(['--name'])).toThrow(/'--name <value>' argument missing/);
    expect(() => read(['--name', '--flag'])).toThrow(/ambiguous/);
  });

  it('keeps numbers within their bounds and shape', () => {
    expect(whole('count', '10', 1, 10)).toBe(10);
    expect(decimal('rate', '1.5', 0.5, 2)).toBe(1.5);
    expect(() => whole('count', '11', 1, 10)).toThrow(
      '--count must be a whole number from 1 to 10 (got "11")',
    );
    expect(() => whole('count', '2.5', 1, 10)).toThrow(ArgsError);
    expect(() => decimal('rate', '0.25', 0.5, 2)).toThrow(
      '--rate must be a number from 0.5 to 2 (got "0.25")',
    );
    expect(() => decimal('rate', '1e0', 0.5, 2)).toThrow(ArgsError);
    expect(() => decimal('rate', '-1', 0.5, 2)).toThrow(ArgsError);
  });
});
