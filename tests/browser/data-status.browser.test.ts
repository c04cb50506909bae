import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type BrowserSession } from '../support/browser.ts';
import { csvText, STREET_HEADER, streetRows, writeFiles } from '../support/police-archive.ts';
import { startProduct, type RunningProduct } from '../support/product.ts';

/**
 * The public Data status page over a store with held, missing and not-imported force-months: the
 * d3 grid draws exactly what the table beneath says, on a phone and on a laptop.
 */
const root = join(import.meta.dirname, '..', '..');
let dir: string;
let product: RunningProduct | undefined;
let browser: BrowserSession | undefined;

const street = (month: string, forceName: string, count: number, seed: number) =>
  csvText(STREET_HEADER, streetRows(count, { month, forceName, seed }));

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'crime-clock-data-status-'));
  product = await startProduct({ AUTO_SAMPLE: 'false', DATA_UPDATE_INTERVAL_MINUTES: '0' });
  writeFiles(dir, {
    '2025-01/2025-01-kent-street.csv': street('2025-01', 'Kent Police', 30, 1),
    '2025-01/2025-01-essex-street.csv': street('2025-01', 'Essex Police', 20, 2),
    '2025-02/2025-02-kent-street.csv': street('2025-02', 'Kent Police', 25, 3),
    '2025-02/2025-02-essex-street.csv': 'Crime ID,Month,Crime type\nabc,2025-02,Burglary\n',
  });
  const run = spawnSync(
    join(root, 'node_modules', '.bin', 'tsx'),
    ['api/src/police-data/import/cli/import-command.ts', dir],
    {
      cwd: root,
      env: { ...process.env, DATABASE_URL: `sqlite:${join(product.dataDir, 'crime-clock.sqlite')}` },
      encoding: 'utf8',
    },
  );
  expect(run.status, run.stderr).toBe(2);
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** Every force-month as the grid draws it and as the table says it: `force|month` → status. */
async function gridAndTable(page: Page) {
  const grid = await page
    .locator('.force-grid rect[data-status]')
    .evaluateAll((cells) =>
      cells.map((c) => [
        `${c.getAttribute('data-force')}|${c.getAttribute('data-month')}`,
        c.getAttribute('data-status'),
      ]),
    );
  const table = await page
    .locator('.data-status__table td[data-status]')
    .evaluateAll((cells) =>
      cells.map((c) => [
        `${c.closest('tr')?.getAttribute('data-force')}|${c.getAttribute('data-month')}`,
        c.getAttribute('data-status'),
      ]),
    );
  return { grid: Object.fromEntries(grid), table: Object.fromEntries(table) };
}

describe.each([
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
])('the Data status page at $width x $height', (viewport) => {
  it('is linked from the footer, and its grid draws what its table says', async () => {
    browser ??= await launchBrowser({ baseUrl: product!.baseUrl });
    await browser.withPage('/', async (page) => {
      await page.setViewportSize(viewport);
      await page.getByRole('contentinfo').getByRole('link', { name: 'Data status' }).click();
      await page.getByRole('heading', { name: 'Data status', level: 1 }).waitFor();
      await page.locator('.force-grid rect').first().waitFor();

      const { grid, table } = await gridAndTable(page);
      expect(Object.keys(grid).length).toBeGreaterThan(80); // 43 forces × 2 months
      expect(grid).toEqual(table);
      expect(table).toMatchObject({
        'kent|2025-01': 'held',
        'kent|2025-02': 'held',
        'essex|2025-01': 'held',
        'essex|2025-02': 'not-imported',
        'greater-manchester|2025-02': 'missing',
      });
      const kent = page.getByRole('row', { name: /^Kent Police/ });
      expect(await kent.getByRole('cell').allInnerTexts()).toEqual(['30', '25']);

      // The grid fits the page's width (it scrolls inside its own region only when months need it).
      const overflow = await page.evaluate('document.documentElement.scrollWidth - window.innerWidth');
      expect(overflow).toBeLessThanOrEqual(0);
      const cell = await page.locator('.force-grid rect[data-force="kent"]').first().boundingBox();
      expect(cell!.width).toBeGreaterThan(8);
    });
    expect(browser.pageErrors).toEqual([]);
  });
});
