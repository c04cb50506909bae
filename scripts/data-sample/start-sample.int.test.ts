import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, describe, expect, it } from 'vitest';
import { policeClockDefinition } from '../../common/clock/police-definition.ts';
import { categoryFromArchiveName } from '../../common/crime/categories.ts';
import { generateSample } from './generate.ts';
import { START_SAMPLE } from './start-sample.ts';

const SECONDS_PER_YEAR = 365.25 * 24 * 3600;

/** Crimes per category slug in a street file (column "Crime type"). */
async function countCategories(file: string, into: Map<string, number>) {
  const rows = parse(await readFile(file), { columns: true, bom: true }) as Record<string, string>[];
  for (const row of rows) {
    const slug = categoryFromArchiveName(row['Crime type'] ?? '')?.slug;
    if (slug) into.set(slug, (into.get(slug) ?? 0) + 1);
  }
}

describe('the sample `npm start` imports on an empty store', () => {
  let dir: string | undefined;
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('makes the national police clock tick at least once every 10 seconds', async () => {
    dir = await mkdtemp(join(tmpdir(), 'crime-clock-start-sample-'));
    const summary = await generateSample({ outDir: join(dir, 'sample'), ...START_SAMPLE });
    const counts = new Map<string, number>();
    for (const file of summary.files.filter((f) => f.kind === 'street')) {
      await countCategories(join(dir, 'sample', file.path), counts);
    }
    // The police clock's own rules (common/clock): latest months annualised, no anti-social behaviour.
    const definition = policeClockDefinition({
      categoryCounts: [...counts].map(([slug, count]) => ({ slug, count })),
      months: summary.months.length,
      latestDataMonth: summary.months.at(-1)!,
      excludedForces: [],
      lastUpdated: '2025-10-01T00:00:00Z',
    });
    const perYear = definition.categories.reduce((sum, c) => sum + c.annualCount, 0);
    const secondsPerCrime = SECONDS_PER_YEAR / perYear;
    expect(secondsPerCrime).toBeLessThanOrEqual(10);
    // Every publishing force is in it: the clock covers England and Wales, not a handful of forces.
    expect(summary.forces.length).toBeGreaterThanOrEqual(43);
  }, 180_000);
});
