/**
 * A benchmark's command line: `node:util` `parseArgs` (strict: an unknown option, a missing value or
 * a value that looks like an option is refused), and every number checked against the bounds its
 * option allows, so that a slip of the keyboard cannot start a run far larger than meant on a
 * shared machine.
 */
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';

export class ArgsError extends Error {
  override name = 'ArgsError';
}

type StrictConfig<O extends ParseArgsOptionsConfig> = {
  args: string[];
  options: O;
  strict: true;
  allowPositionals: false;
};

/** The options' values, by name; parseArgs's own errors become ArgsError. */
export function readOptions<const O extends ParseArgsOptionsConfig>(
  argv: readonly string[],
  options: O,
): ReturnType<typeof parseArgs<StrictConfig<O>>>['values'] {
  try {
    return parseArgs<StrictConfig<O>>({ args: [...argv], options, strict: true, allowPositionals: false })
      .values;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS_')) {
      throw new ArgsError((error as Error).message);
    }
    throw error;
  }
}

/**
 * A script's arguments from its parser, or the end of the script: a bad command line prints why
 * and the usage and exits 2, `--help` prints the usage and exits 0.
 */
export function argsOrExit<A extends { help?: boolean }>(parse: () => A, usage: string): A {
  let args: A;
  try {
    args = parse();
  } catch (error) {
    if (!(error instanceof ArgsError)) throw error;
    console.error(`${error.message}\n\n${usage}`);
    process.exit(2);
  }
  if (args.help) {
    console.log(usage);
    process.exit(0);
  }
  return args;
}

const WHOLE = /^\d+$/;
const DECIMAL = /^\d+(\.\d+)?$/;

function bounded(shape: RegExp, kind: string) {
  return (name: string, text: string, min: number, max: number): number => {
    const n = Number(text);
    if (!shape.test(text) || n < min || n > max) {
      throw new ArgsError(`--${name} must be a ${kind} from ${min} to ${max} (got "${text}")`);
    }
    return n;
  };
}

/** `text` as a whole number from min to max, or ArgsError naming option `--name`. */
export const whole = bounded(WHOLE, 'whole number');
/** `text` as a number from min to max; decimals allowed, signs and exponents not. */
export const decimal = bounded(DECIMAL, 'number');
