/**
 * Where one search's time goes, statement by statement:
 *
 *   npx tsx scripts/bench/search-statements.ts --url sqlite:/tmp/search-work/search-24m-x100.sqlite
 *       [--postcode "W1D 5HB"] [--period RECENT_12_MONTHS] [--runs 200] [--replays 30]
 *
 * Times the search service itself (no HTTP) `--runs` times, then captures the statements one
 * search sends and runs each again alone `--replays` times, the way the product runs it (on
 * SQLite a radius search's reads through the better-sqlite3 reader, the rest through Sequelize),
 * and prints the medians. Use a store built by scripts/bench/search.ts (`--url mysql://…/db` for
 * its MariaDB database).
 */
import { parseArgs } from 'node:util';
import { QueryTypes } from 'sequelize';
import { openDatabase } from '../../api/src/db/connection.ts';
import { readRows } from '../../api/src/db/reads.ts';
import { createPostcodeService } from '../../api/src/postcodes/postcode-service.ts';
import { createPoliceClockService } from '../../api/src/clocks/police-clock-service.ts';
import { createSearchService } from '../../api/src/search/search-service.ts';
import type { SearchRequestBody } from '../../common/search/types.ts';
import { composeCaches } from '../../api/src/composition/caches.ts';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string' },
    postcode: { type: 'string', default: 'W1D 5HB' },
    period: { type: 'string', default: 'RECENT_12_MONTHS' },
    runs: { type: 'string', default: '200' },
    replays: { type: 'string', default: '30' },
  },
});
if (!args.url) throw new Error('--url sqlite:<file> or mysql://… is required');

const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;
const percentile = (samples: number[], p: number) =>
  [...samples].sort((a, b) => a - b)[
    Math.min(samples.length - 1, Math.ceil((p / 100) * samples.length) - 1)
  ]!;

const captured: { sql: string; reader: boolean }[] = [];
let capturing = false;
const sequelize = openDatabase({
  url: args.url,
  log: (line) => {
    if (!capturing) return;
    const reader = line.startsWith('Executing (reader): ');
    captured.push({ sql: line.replace(/^Executing \([^)]*\): /, ''), reader });
  },
});
const search = createSearchService({
  sequelize,
  postcodes: createPostcodeService({ sequelize }),
  policeClock: createPoliceClockService({ sequelize }),
  areaClocks: composeCaches({}).areaClocks,
});
const request = {
  searchType: 'radius',
  postcode: args.postcode,
  startMonth: args.period,
} as SearchRequestBody;

for (let i = 0; i < 20; i++) await search.search(request);
const whole: number[] = [];
for (let i = 0; i < Number(args.runs); i++) {
  const started = performance.now();
  await search.search(request);
  whole.push(performance.now() - started);
}
process.stdout.write(
  `${args.url.split(':')[0]} ${args.postcode} ${args.period}: service.search p50 ${percentile(whole, 50).toFixed(2)} ms, ` +
    `p95 ${percentile(whole, 95).toFixed(2)} ms (${args.runs} runs)\n`,
);

capturing = true;
await search.search(request);
capturing = false;
let total = 0;
for (const { sql, reader } of captured) {
  const run = () =>
    reader ? readRows(sequelize, sql) : sequelize.query(sql, { type: QueryTypes.SELECT, raw: true });
  await run();
  const samples: number[] = [];
  for (let i = 0; i < Number(args.replays); i++) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  total += median(samples);
  process.stdout.write(
    `  ${median(samples).toFixed(3).padStart(7)} ms  ${reader ? 'reader ' : 'pool   '} ${sql.replace(/\s+/g, ' ').slice(0, 110)}\n`,
  );
}
process.stdout.write(`  ${total.toFixed(3).padStart(7)} ms  total of the medians\n`);
await sequelize.close();
