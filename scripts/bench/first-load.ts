/**
 * First page load of the clock pages: starts the product as `npm start` does (built, SQLite,
 * sample data) and loads each page `--runs` times in a cold browser profile, printing the bytes
 * over the wire, the requests and the time from navigation to the first counter showing a number.
 *
 *   npx tsx scripts/bench/first-load.ts [--runs 5]
 */
import { launchBrowser } from '../../tests/support/browser.ts';
import { measureFirstLoad, type FirstLoad } from '../../tests/support/first-load.ts';
import { startProduct } from '../../tests/support/product.ts';
import { readOptions, whole } from './lib/options.ts';

const options = readOptions(process.argv.slice(2), { runs: { type: 'string', default: '5' } });
const runs = whole('runs', options.runs, 1, 50);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

const product = await startProduct();
try {
  for (const path of ['/crime-clock', '/police-crime-clock', '/embed/crime-clock']) {
    const loads: FirstLoad[] = [];
    for (let run = 0; run < runs; run++) {
      const browser = await launchBrowser({ baseUrl: product.baseUrl });
      try {
        loads.push(await measureFirstLoad(browser, path));
      } finally {
        await browser.close();
      }
    }
    const times = loads.map((load) => load.msToFirstCounter);
    const last = loads[loads.length - 1]!;
    console.log(
      `${path.padEnd(20)} transferred ${(last.transferredBytes / 1024).toFixed(1)} KiB ` +
        `(bodies ${(last.encodedBodyBytes / 1024).toFixed(1)} KiB, ${(last.decodedBodyBytes / 1024).toFixed(1)} KiB decompressed) ` +
        `in ${last.requests} requests; first counter median ${median(times)} ms ` +
        `(min ${Math.min(...times)}, max ${Math.max(...times)}, ${runs} cold loads)`,
    );
  }
} finally {
  await product.stop();
}
