import { describe, expect, it } from 'vitest';
import { ArgsError, readOptions, type OptionHandlers } from './command-line.ts';

describe('benchmark command line', () => {
  const read = (argv: string[], refuseDashedValues = false) => {
    const seen: Record<string, unknown> = {};
    const handlers: OptionHandlers = {
      '--count': (value) => (seen.count = value.whole(1, 10)),
      '--rate': (value) => (seen.rate = value.decimal(0.5, 2)),
      '--name': (value) => (seen.name = value.value()),
      '--flag': () => (seen.flag = true),
    };
    readOptions(argv, handlers, { refuseDashedValues });
    return seen;
  };

  it('hands each option its value, in order', () => {
    expect(read(['--count', '3', '--flag', '--rate', '1.5', '--name', 'x'])).toEqual({
      count: 3,
      flag: true,
      rate: 1.5,
      name: 'x',
    });
  });

  it('keeps numbers within their bounds and shape', () => {
    expect(() => read(['--count', '11'])).toThrow('--count must be a whole number from 1 to 10 (got "11")');
    expect(() => read(['--count', '2.5'])).toThrow(ArgsError);
    expect(() => read(['--rate', '0.25'])).toThrow('--rate must be a number from 0.5 to 2 (got "0.25")');
    expect(() => read(['--rate', '1e0'])).toThrow(ArgsError);
    expect(() => read(['--rate', '-1'])).toThrow(ArgsError);
  });

  it('refuses a missing value, and a dashed one only when told to', () => {
    expect(() => read(['--name'])).toThrow('--name needs a value');
    expect(read(['--name', '--flag'])).toEqual({ name: '--flag' });
    expect(() => read(['--name', '--flag'], true)).toThrow('--name needs a value');
  });

  it('refuses unknown options, names of Object.prototype included', () => {
    expect(() => read(['--other'])).toThrow('unknown option --other');
    expect(() => read(['constructor'])).toThrow('unknown option constructor');
  });
});
