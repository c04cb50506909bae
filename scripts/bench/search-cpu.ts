/**
 * The CPU one radius search costs the API, in one process:
 *
 *   npx tsx scripts/bench/search-cpu.ts --store data/bench/search-12m-x5.sqlite [--runs 1000]
 *
 * Builds the app on an SQLite store the search benchmark made (`scripts/bench/search.ts
 * --import-only`), warms it with 400 searches, then asks `--runs` 12-month 1-mile searches at 300
 * postcodes drawn with a fixed seed through app.inject and prints the process's CPU (user + system)
 * per search. A machine shared with other work moves this figure by a tenth between runs, and by
 * the same for two processes run side by side, so two checkouts are compared by running this in
 * both at once, on the same store, several times (docs/benchmarks.md has the loop). Copied into an
 * older checkout, it takes scripts/bench/lib/search-app.ts with it.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../../api/src/db/connection.ts';
import { injectSearch, radiusSearch, searchApp } from './lib/search-app.ts';

const { values } = parseArgs({
  options: {
    store: { type: 'string' },
    runs: { type: 'string', default: '1000' },
  },
});
if (!values.store) {
  process.stderr.write('usage: npx tsx scripts/bench/search-cpu.ts --store FILE.sqlite [--runs 1000]\n');
  process.exit(2);
}
const url = `sqlite:${resolve(values.store)}`;
const runs = Number(values.runs);
const WARM_UP = 400;
const POSTCODES = 300;

const sequelize = openDatabase({ url });
const app = await searchApp(url, sequelize);

const [rows] = (await sequelize.query('SELECT postcode FROM postcodes ORDER BY postcode')) as [
  { postcode: string }[],
  unknown,
];
let seed = 42;
const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const postcodes = Array.from({ length: POSTCODES }, () => rows[Math.floor(next() * rows.length)]!.postcode);

const search = (i: number) => injectSearch(app, radiusSearch(postcodes[i % postcodes.length]!));

for (let i = 0; i < WARM_UP; i++) await search(i);
const cpuBefore = process.cpuUsage();
const started = performance.now();
for (let i = 0; i < runs; i++) await search(i);
const cpu = process.cpuUsage(cpuBefore);
const perSearchUs = (cpu.user + cpu.system) / runs;
process.stdout.write(
  `${runs} searches: ${perSearchUs.toFixed(0)} µs CPU a search, ${((performance.now() - started) / runs).toFixed(2)} ms wall\n`,
);
await app.close();
await sequelize.close();
