/**
 * The JavaScript an embedded clock costs a partner's page, beside the full clock page's: starts
 * the product as `npm start` does (built, sample data), loads each page in a cold browser profile
 * until its counter shows a number, and prints the compressed (as served) and decompressed bytes
 * of the scripts it loaded. docs/benchmarks.md records the figures; the embed's budget is 60 KB.
 *
 *   npm run build && npx tsx scripts/bench/embed-size.ts
 */
import { launchBrowser } from '../../tests/support/browser.ts';
import { startProduct } from '../../tests/support/product.ts';
import { scriptWeight } from '../../tests/support/script-weight.ts';

const PAGES = [
  '/embed/crime-clock',
  '/embed/police-crime-clock',
  '/embed/police-crime-clock?area=force:metropolitan',
  // Welsh: the same script; only the words it formats differ (intl-messageformat).
  '/embed/crime-clock?lang=cy',
  '/crime-clock',
  '/police-crime-clock',
];

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

const product = await startProduct();
try {
  for (const path of PAGES) {
    const browser = await launchBrowser({ baseUrl: product.baseUrl });
    try {
      await browser.withPage(path, async (page) => {
        await page.locator('.clock-count[data-value]').first().waitFor({ timeout: 30_000 });
        const weight = await scriptWeight(page);
        console.log(
          `${path.padEnd(44)} JavaScript ${kb(weight.compressedBytes)} compressed ` +
            `(${kb(weight.decompressedBytes)} decompressed, ${weight.files} files)`,
        );
      });
    } finally {
      await browser.close();
    }
  }
} finally {
  await product.stop();
}
