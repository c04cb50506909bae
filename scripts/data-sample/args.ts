/** Command-line arguments of the sample generator. */
import { parseArgs } from 'node:util';
import { POLICE_FORCE_IDS } from '../../common/police/forces.ts';
import {
  DEFAULT_END_MONTH,
  DEFAULT_FORCES,
  DEFAULT_MONTHS,
  DEFAULT_SEED,
  STREET_ROWS_PER_MONTH_AT_SCALE_1,
  withThousands,
  type SampleOptions,
} from './generate.ts';

export const USAGE = `Writes a deterministic synthetic data.police.uk archive for trying the product without real data.

Usage: npm run data:sample -- [options]

  --out <dir>       output directory (default data/sample); an earlier sample there is replaced
  --months <n>      number of months (default ${DEFAULT_MONTHS})
  --end <YYYY-MM>   latest month (default ${DEFAULT_END_MONTH})
  --scale <x>       size: 1 is about ${withThousands(STREET_ROWS_PER_MONTH_AT_SCALE_1)} street rows a month over all forces,
                    100 is national size (about 500,000)
  --forces <ids>    comma-separated data.police.uk force ids, or "all"
                    (default ${DEFAULT_FORCES.join(',')})
  --seed <text>     seed of the random choices (default ${DEFAULT_SEED})
  --no-gap          do not make one force skip one month
  --help            show this help
`;

/** Turns command-line arguments into generator options; throws with a message on bad input. */
export function parseCliArgs(argv: readonly string[]): SampleOptions | 'help' {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      out: { type: 'string' },
      months: { type: 'string' },
      end: { type: 'string' },
      scale: { type: 'string' },
      forces: { type: 'string' },
      seed: { type: 'string' },
      'no-gap': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return 'help';
  if (positionals.length > 0) throw new Error(`unexpected argument: ${positionals[0]}`);
  const number = (name: string, text: string | undefined): number | undefined => {
    if (text === undefined) return undefined;
    const n = Number(text);
    if (text.trim() === '' || !Number.isFinite(n)) throw new Error(`--${name} needs a number, got "${text}"`);
    return n;
  };
  const forces =
    values.forces === undefined
      ? undefined
      : values.forces.trim() === 'all'
        ? [...POLICE_FORCE_IDS]
        : values.forces
            .split(',')
            .map((f) => f.trim())
            .filter((f) => f.length > 0);
  return {
    outDir: values.out ?? 'data/sample',
    months: number('months', values.months),
    endMonth: values.end,
    scale: number('scale', values.scale),
    forces,
    seed: values.seed,
    gap: !values['no-gap'],
  };
}
