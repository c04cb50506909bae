/**
 * Export of a whole search result: one streamed response of `--rows` crimes.
 *
 *   npx tsx scripts/bench/export.ts [--rows 100000] [--runs 3]
 *
 * Fills a fresh SQLite store (the product's settings) with `--rows` crimes of one force over six
 * months, a quarter of them within a mile of one postcode, builds the search aggregates as the
 * importer does, then downloads GET /api/crimes/export over real HTTP for the force-wide search
 * and the 1-mile search, CSV and JSON. Prints the time to the last byte, the bytes, and the
 * CPU time the process used (server and reading client both; it is what a loaded machine's
 * wall time cannot hide), and the process's peak heap and RSS above what they were before the download (sampled every 10 ms):
 * constant memory means that peak does not grow with --rows.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../api/src/app.ts';
import { openDatabase } from '../../api/src/db/connection.ts';
import { migrateToLatest } from '../../api/src/db/migrate.ts';
import { rebuildSearchAggregates } from '../../tests/support/search-aggregates.ts';
import { parseConfig } from '../../common/config/config.ts';
import { CRIME_CATEGORIES } from '../../common/crime/categories.ts';
import { cellOf } from '../../common/geo/grid.ts';
import { Rng } from '../data-sample/random.ts';
import { readOptions, whole } from './lib/options.ts';

const options = readOptions(process.argv.slice(2), {
  rows: { type: 'string', default: '100000' },
  runs: { type: 'string', default: '3' },
});
const rows = whole('rows', options.rows, 1_000, 2_000_000);
const runs = whole('runs', options.runs, 1, 20);

const MONTHS = [202504, 202505, 202506, 202507, 202508, 202509];
const CENTRE = { lat: 51.5074, lng: -0.1278 };
const OUTCOMES = [
  'Under investigation',
  'Unable to prosecute suspect',
  'Investigation complete; no suspect identified',
];

const dir = mkdtempSync(join(tmpdir(), 'cc-export-bench-'));
const url = `sqlite:${join(dir, 'store.sqlite')}`;
const sequelize = openDatabase({ url });
try {
  await migrateToLatest(sequelize);
  const qi = sequelize.getQueryInterface();
  const rng = new Rng(7);
  const random = () => rng.next();
  const started = Date.now();
  await sequelize.transaction(async (transaction) => {
    for (let from = 0; from < rows; from += 2000) {
      const batch = [];
      for (let i = from; i < Math.min(rows, from + 2000); i++) {
        // A quarter near the centre (within about 1.2 km), the rest spread over London.
        const near = i % 4 === 0;
        const spread = near ? 0.011 : 0.15;
        const lat = CENTRE.lat + (random() - 0.5) * 2 * spread;
        const lng = CENTRE.lng + (random() - 0.5) * 3 * spread;
        const category = CRIME_CATEGORIES[i % 14]!;
        batch.push({
          force_id: 'metropolitan',
          month: MONTHS[i % MONTHS.length],
          category: category.code,
          crime_ref:
            category.slug === 'anti-social-behaviour' ? null : `ref${i.toString(16).padStart(60, '0')}`,
          lat,
          lng,
          cell: cellOf(lat, lng),
          street: i % 50 === 0 ? 'On or near "Market", High Street' : `On or near Street ${i % 997}`,
          lsoa_code: `E0100${String(i % 4000).padStart(4, '0')}`,
          outcome: category.slug === 'anti-social-behaviour' ? null : OUTCOMES[i % 3],
        });
      }
      await qi.bulkInsert('crimes', batch, { transaction });
    }
    await qi.bulkInsert(
      'dataset_months',
      MONTHS.map((month) => ({
        force_id: 'metropolitan',
        month,
        dataset: 'street',
        row_count: Math.round(rows / MONTHS.length),
        skipped_count: 0,
        synthetic: true,
        import_id: null,
        imported_at: new Date(),
      })),
      { transaction },
    );
    await qi.bulkInsert(
      'postcodes',
      [{ postcode: 'SW1A 1AA', compact: 'SW1A1AA', lat: CENTRE.lat, lng: CENTRE.lng, synthetic: true }],
      { transaction },
    );
  });
  await rebuildSearchAggregates(sequelize);
  console.log(
    `store: ${rows} crimes written and aggregated in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );

  const app = await buildApp({ config: parseConfig({ DATABASE_URL: url }), sequelize });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const period = { startMonth: '2025-04', endMonth: '2025-09' };
  const searches = {
    'force-wide': { searchType: 'force', forceId: 'metropolitan', ...period },
    '1-mile radius': { searchType: 'radius', postcode: 'SW1A 1AA', ...period },
  };

  for (const [name, search] of Object.entries(searches)) {
    for (const format of ['csv', 'json']) {
      const times: number[] = [];
      const cpuTimes: number[] = [];
      let bytes = 0;
      let total = '';
      let peakHeap = 0;
      let peakRss = 0;
      for (let run = 0; run < runs; run++) {
        globalThis.gc?.();
        const before = process.memoryUsage();
        let heap = 0;
        let rss = 0;
        const sampler = setInterval(() => {
          const now = process.memoryUsage();
          heap = Math.max(heap, now.heapUsed - before.heapUsed);
          rss = Math.max(rss, now.rss - before.rss);
        }, 10);
        const cpu0 = process.cpuUsage();
        const t0 = performance.now();
        const res = await fetch(`${base}/api/crimes/export?${new URLSearchParams({ format, ...search })}`);
        if (res.status !== 200) throw new Error(`${name} ${format}: HTTP ${res.status} ${await res.text()}`);
        bytes = 0;
        for await (const chunk of res.body!) bytes += (chunk as Uint8Array).length;
        times.push(performance.now() - t0);
        const cpu = process.cpuUsage(cpu0);
        cpuTimes.push((cpu.user + cpu.system) / 1000);
        clearInterval(sampler);
        total = res.headers.get('x-total-count') ?? '?';
        peakHeap = Math.max(peakHeap, heap);
        peakRss = Math.max(peakRss, rss);
      }
      const sorted = [...times].sort((a, b) => a - b);
      console.log(
        `${name.padEnd(14)} ${format.padEnd(4)} ${total.padStart(7)} crimes ${(bytes / 1e6).toFixed(1).padStart(5)} MB: ` +
          `median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)} ms (min ${sorted[0]!.toFixed(0)}, max ${sorted[sorted.length - 1]!.toFixed(0)}, ${runs} runs), ` +
          `CPU of the process (server and client) min ${Math.min(...cpuTimes).toFixed(0)} ms; ` +
          `peak above start: heap ${(peakHeap / 1e6).toFixed(1)} MB, RSS ${(peakRss / 1e6).toFixed(1)} MB`,
      );
    }
  }
  await app.close();
} finally {
  await sequelize.close();
  rmSync(dir, { recursive: true, force: true });
}
