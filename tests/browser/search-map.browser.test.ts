/**
 * The search map end to end: real Chromium against the product as `npm start` runs it, over a
 * store filled from the synthetic sample through the importer. Nothing but the product is
 * reached: the map is drawn from the API's data, with no tile service.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MapMark, SearchMapResponse } from '../../common/map/marks.ts';
import { openDatabase } from '../../api/src/db/connection.ts';
import { rebuildSearchAggregates } from '../../api/src/search/derived-tables.ts';
import { generateSample } from '../../scripts/data-sample/generate.ts';
import { BLOCKING_IMPACTS, formatViolations, runAxe } from '../support/axe.ts';
import { launchBrowser, type BrowserSession } from '../support/browser.ts';
import { startProduct, type RunningProduct } from '../support/product.ts';

const REPO = join(import.meta.dirname, '..', '..');
const SEARCH = '/search?type=radius&postcode=SW1A+1AA';

let product: RunningProduct | undefined;
let browser: BrowserSession | undefined;
let workDir: string | undefined;

function run(args: string[], env: Record<string, string>): Promise<void> {
  const child = spawn(process.execPath, args, { cwd: REPO, env: { ...process.env, ...env }, stdio: 'pipe' });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${args.join(' ')}:\n${output}`))));
  });
}

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'crime-clock-map-'));
  const sampleDir = join(workDir, 'sample');
  const databaseUrl = `sqlite:${join(workDir, 'store.sqlite')}`;
  await generateSample({ outDir: sampleDir, endMonth: '2025-09', months: 6 });
  await run(['--import', 'tsx', 'scripts/import/cli.ts', sampleDir], {
    DATABASE_URL: databaseUrl,
    DATA_DIR: workDir,
  });
  const sequelize = openDatabase({ url: databaseUrl });
  try {
    // As in search.browser.test.ts: the import CLI does not refresh the search aggregates yet.
    await rebuildSearchAggregates(sequelize);
  } finally {
    await sequelize.close();
  }
  product = await startProduct({ DATABASE_URL: databaseUrl, AUTO_SAMPLE: 'false' });
  browser = await launchBrowser({ baseUrl: product.baseUrl, viewport: { width: 1280, height: 900 } });
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

function session(): BrowserSession {
  if (!browser) throw new Error('the browser did not start');
  return browser;
}

async function mapOf(page: Page): Promise<SearchMapResponse> {
  const response = await page.request.get(
    '/api/crimes/map?searchType=radius&postcode=SW1A%201AA&radius=1&startMonth=RECENT_3_MONTHS',
  );
  expect(response.ok()).toBe(true);
  return (await response.json()) as SearchMapResponse;
}

const marks = (page: Page) => page.locator('.search-map__mark');
const visibleWithout = (all: MapMark[], hidden: string) =>
  all.filter((m) => Object.entries(m.counts).some(([slug, n]) => slug !== hidden && n > 0));

describe('search map', () => {
  it('draws the circle and points, filters by the legend, lists a keyboard-chosen point and keeps it all in the URL', async () => {
    const page = await session().open(SEARCH);
    const otherOrigins: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).origin !== new URL(product!.baseUrl).origin)
        otherOrigins.push(request.url());
    });
    try {
      await page.getByRole('heading', { name: 'Map of the Search' }).waitFor();
      const expected = await mapOf(page);
      expect(expected.binning.kind).toBe('points');
      expect(expected.marks.length).toBeGreaterThan(10);
      await page.locator('.search-map__outline--circle').waitFor();
      expect(await marks(page).count()).toBe(expected.marks.length);
      expect(await page.locator('.search-map__mark[tabindex="0"]').count()).toBe(1);

      // The legend's first entry is the most common crime type: hiding it drops the points that had only it.
      const legendButtons = page.getByRole('group', { name: 'Crime types on the map' }).getByRole('button');
      const first = legendButtons.first();
      expect(await first.getAttribute('aria-pressed')).toBe('true');
      const totals = new Map<string, number>();
      for (const m of expected.marks)
        for (const [slug, n] of Object.entries(m.counts)) totals.set(slug, (totals.get(slug) ?? 0) + n);
      const top = [...totals].sort((a, b) => b[1] - a[1])[0]![0];
      await first.click();
      await page.waitForURL((url) => url.searchParams.get('hide') === top);
      expect(await first.getAttribute('aria-pressed')).toBe('false');
      const remaining = visibleWithout(expected.marks, top);
      expect(remaining.length).toBeLessThan(expected.marks.length);
      await expect.poll(() => marks(page).count()).toBe(remaining.length);

      // Keyboard: the map's one tab stop, an arrow key, Enter.
      await page.locator('.search-map__mark[tabindex="0"]').focus();
      await page.keyboard.press('ArrowRight');
      const focused = await page.locator('.search-map__mark:focus').getAttribute('data-mark');
      expect(focused).toBeTruthy();
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.searchParams.get('at') === focused);
      const chosen = expected.marks.find((m) => m.id === focused)!;
      const shownAtMark = Object.entries(chosen.counts)
        .filter(([slug]) => slug !== top)
        .reduce((sum, [, n]) => sum + n, 0);
      const notice = page.locator('.incidents__notice');
      await expect.poll(() => notice.innerText()).toContain(`The ${shownAtMark} crime`);
      expect(
        await page.locator(`.search-map__mark[data-mark="${focused}"]`).getAttribute('aria-pressed'),
      ).toBe('true');
      const rows = page.locator('.incidents tbody tr');
      expect(await rows.count()).toBe(Math.min(10, shownAtMark));

      // axe finds nothing serious on the map, its legend or the table's links to it.
      const mapViolations = (await runAxe(page))
        .map((v) => ({
          ...v,
          nodes: v.nodes.filter((n) => /search-map|incidents__/.test(`${n.target} ${n.html}`)),
        }))
        .filter((v) => v.nodes.length > 0 && BLOCKING_IMPACTS.includes(v.impact));
      expect(mapViolations, formatViolations(mapViolations)).toEqual([]);
      if (process.env.MAP_SCREENSHOT)
        await page.locator('.search-map').screenshot({ path: process.env.MAP_SCREENSHOT });

      // A row's "Show on map" highlights its point: the chosen one, since the table lists its crimes.
      await rows.first().getByRole('button', { name: 'Show on map' }).click();
      await page.locator(`.search-map__mark--highlighted[data-mark="${focused}"]`).waitFor();

      // Reloading restores the hidden type and the chosen point from the URL.
      await page.reload();
      await page.getByRole('heading', { name: 'Map of the Search' }).waitFor();
      await expect.poll(() => marks(page).count()).toBe(remaining.length);
      expect(await legendButtons.first().getAttribute('aria-pressed')).toBe('false');
      expect(
        await page.locator(`.search-map__mark[data-mark="${focused}"]`).getAttribute('aria-pressed'),
      ).toBe('true');
      await expect.poll(() => notice.innerText()).toContain(`The ${shownAtMark} crime`);

      // "Show all crimes" returns the table to the whole search.
      await page.getByRole('button', { name: 'Show all crimes' }).click();
      await page.waitForURL((url) => !url.searchParams.has('at'));
      expect(await notice.count()).toBe(0);
      expect(otherOrigins).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('raised no uncaught errors in any page', () => {
    expect(session().pageErrors.map((error) => error.message)).toEqual([]);
  });
});
