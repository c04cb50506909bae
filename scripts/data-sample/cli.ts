/**
 * npm run data:sample -- [--out data/sample] [--months 6] [--end 2025-09] [--scale 1]
 *                        [--forces metropolitan,city-of-london,... | all] [--seed crime-clock] [--no-gap]
 */
import { USAGE, parseCliArgs } from './args.ts';
import { generateSample, withThousands, type SampleOptions } from './generate.ts';

async function main(): Promise<void> {
  let options: SampleOptions | 'help';
  try {
    options = parseCliArgs(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  if (options === 'help') {
    process.stdout.write(USAGE);
    return;
  }
  const started = performance.now();
  const summary = await generateSample({
    ...options,
    onProgress: (line) => process.stdout.write(`${line}\n`),
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const r = summary.rows;
  const lines = [
    `Synthetic sample written to ${summary.outDir} in ${seconds} s`,
    `  months:          ${summary.months[0]} to ${summary.months[summary.months.length - 1]} (${summary.months.length})`,
    `  forces:          ${summary.forces.join(', ')}`,
    `  files:           ${summary.files.length}`,
    `  street rows:     ${withThousands(r.street)}`,
    `  outcome rows:    ${withThousands(r.outcomes)}`,
    `  stop-and-search: ${withThousands(r.stopAndSearch)}`,
    `  postcodes:       ${withThousands(r.postcodes)}`,
    `  LSOAs:           ${withThousands(r.lsoas)}`,
    `  neighbourhoods:  ${withThousands(r.neighbourhoods)}`,
  ];
  if (summary.withoutStreetData.length > 0)
    lines.push(`  no street files: ${summary.withoutStreetData.join(', ')}`);
  for (const gap of summary.gaps) lines.push(`  missing month:   ${gap.force} ${gap.month}`);
  process.stdout.write(`${lines.join('\n')}\n`);
}

await main().catch((error: unknown) => {
  process.stderr.write(`data:sample failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
