/**
 * Reading a benchmark's command line. Every number is checked against the bounds its option
 * allows, so that a slip of the keyboard cannot start a run far larger than meant on a shared
 * machine.
 */

export class ArgsError extends Error {
  override name = 'ArgsError';
}

/** Takes the word after an option as its value. */
export interface ValueReader {
  value(): string;
  /** The value as a whole number from min to max. */
  whole(min: number, max: number): number;
  /** The value as a number from min to max; decimals allowed, signs and exponents not. */
  decimal(min: number, max: number): number;
}

/** By option name (e.g. "--clients"): what to do on meeting it, reading its value if it takes one. */
export type OptionHandlers = Readonly<Record<string, (read: ValueReader) => void>>;

export interface OptionRules {
  /**
   * Refuse a value starting with "--": with a value forgotten, the next option would otherwise
   * be taken as it.
   */
  refuseDashedValues?: boolean;
}

const WHOLE = /^\d+$/;
const DECIMAL = /^\d+(\.\d+)?$/;

/** Hands each option of `argv` to its handler, in order; throws ArgsError for any other word. */
export function readOptions(
  argv: readonly string[],
  handlers: OptionHandlers,
  rules: OptionRules = {},
): void {
  for (let i = 0; i < argv.length; i++) {
    const name = argv[i]!;
    // Own keys only: a word such as "constructor" must not find a handler on Object.prototype.
    const handle = Object.hasOwn(handlers, name) ? handlers[name] : undefined;
    if (!handle) throw new ArgsError(`unknown option ${name}`);
    const value = (): string => {
      const next = argv[++i];
      if (next === undefined || (rules.refuseDashedValues && next.startsWith('--'))) {
        throw new ArgsError(`${name} needs a value`);
      }
      return next;
    };
    const bounded =
      (shape: RegExp, kind: string) =>
      (min: number, max: number): number => {
        const text = value();
        const n = Number(text);
        if (!shape.test(text) || n < min || n > max) {
          throw new ArgsError(`${name} must be a ${kind} from ${min} to ${max} (got "${text}")`);
        }
        return n;
      };
    handle({ value, whole: bounded(WHOLE, 'whole number'), decimal: bounded(DECIMAL, 'number') });
  }
}
