/**
 * The search map end to end: real Chromium against the product as `npm start` runs it, over a
 * store filled from the synthetic sample through the importer. Without MAP_TILE_URL nothing but
 * the product is reached: the base layer is the store's neighbourhoods and their names. A second
 * product, given a local tile server double as MAP_TILE_URL, draws its tiles with the credit.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MapMark, SearchMapResponse } from '../../common/map/marks.ts';
import { openDatabase } from '../../api/src/db/connection.ts';
import { rebuildSearchAggregates } from '../support/search-aggregates.ts';
import { generateSample } from '../../scripts/data-sample/generate.ts';
import { BLOCKING_IMPACTS, formatViolations, runAxe } from '../support/axe.ts';
import { launchBrowser, type BrowserSession } from '../support/browser.ts';
import { startProduct, type RunningProduct } from '../support/product.ts';

const REPO = join(import.meta.dirname, '..', '..');
const SEARCH = '/search?type=radius&postcode=SW1A+1AA';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const ATTRIBUTION = '© Test Tiles contributors';
/** A 1 × 1 PNG: each tile the double serves, drawn at tile size. */
const TILE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let product: RunningProduct | undefined;
let tiledProduct: RunningProduct | undefined;
let tileServer: Server | undefined;
const tileRequests: string[] = [];
let browser: BrowserSession | undefined;
let workDir: string | undefined;

/** The tile server double: a PNG for /{z}/{x}/{y}.png, 404 for anything else. */
async function startTileServer(): Promise<string> {
  tileServer = createServer((request, response) => {
    const path = request.url ?? '';
    if (!/^\/\d+\/\d+\/\d+\.png$/.test(path)) {
      response.writeHead(404).end();
      return;
    }
    tileRequests.push(path);
    response.writeHead(200, { 'content-type': 'image/png', 'content-length': TILE_PNG.length }).end(TILE_PNG);
  });
  await new Promise<void>((resolve) => tileServer!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(tileServer.address() as AddressInfo).port}`;
}

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
  await run(['--import', 'tsx', 'api/src/police-data/import/cli/import-command.ts', sampleDir], {
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
  const tiles = await startTileServer();
  // One after the other: `npm start` builds when stale and migrates, which two at once must not race.
  product = await startProduct({ DATABASE_URL: databaseUrl, AUTO_SAMPLE: 'false' });
  tiledProduct = await startProduct({
    DATABASE_URL: databaseUrl,
    AUTO_SAMPLE: 'false',
    MAP_TILE_URL: `${tiles}/{z}/{x}/{y}.png`,
    MAP_TILE_ATTRIBUTION: ATTRIBUTION,
  });
  browser = await launchBrowser({ baseUrl: product.baseUrl, viewport: DESKTOP });
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all([product?.stop(), tiledProduct?.stop()]);
  await new Promise((resolve) => (tileServer ? tileServer.close(resolve) : resolve(undefined)));
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

/** Marks drawn: single ones, and those counted in the clusters' data-members. */
function drawnMarks(page: Page): Promise<number> {
  // A string: the tests are type-checked without the DOM's types.
  return page.evaluate(`[...document.querySelectorAll('.search-map__target')].reduce(
    (sum, target) => sum + Number(target.getAttribute('data-members') ?? 1), 0)`);
}

const visibleWithout = (all: MapMark[], hidden: string) =>
  all.filter((m) => Object.entries(m.counts).some(([slug, n]) => slug !== hidden && n > 0));

/** axe's serious and critical findings on the map, its legend and the table's links to it. */
async function mapViolations(page: Page) {
  return (await runAxe(page))
    .map((v) => ({
      ...v,
      nodes: v.nodes.filter((n) => /search-map|incidents__/.test(`${n.target} ${n.html}`)),
    }))
    .filter((v) => v.nodes.length > 0 && BLOCKING_IMPACTS.includes(v.impact));
}

/**
 * Every target's box on screen, and what lies under its middle: its own element (a tap there
 * chooses it, not a neighbour), whatever its neighbours.
 */
function targetBoxes(page: Page) {
  return page.evaluate(`[...document.querySelectorAll('.search-map__target')].map((target) => {
    target.scrollIntoView({ block: 'center', inline: 'center' });
    const box = target.getBoundingClientRect();
    const middle = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return {
      width: box.width,
      height: box.height,
      kind: target.classList.contains('search-map__cluster') ? 'cluster' : 'mark',
      count: target.getAttribute('data-count'),
      text: target.textContent ?? '',
      underFinger: middle !== null && target.contains(middle),
    };
  })`) as Promise<
    {
      width: number;
      height: number;
      kind: string;
      count: string | null;
      text: string;
      underFinger: boolean;
    }[]
  >;
}

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
])('search map on a %s', (_name, viewport) => {
  it('draws the offline base layer, 24 px targets, counted clusters and a legend of shapes', async () => {
    const page = await session().context.newPage();
    await page.setViewportSize(viewport);
    const otherOrigins: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).origin !== new URL(product!.baseUrl).origin)
        otherOrigins.push(request.url());
    });
    try {
      await page.goto(SEARCH);
      await page.getByRole('heading', { name: 'Map of the Search' }).waitFor();
      const expected = await mapOf(page);
      await page.locator('.search-map__outline--circle').waitFor();
      await expect.poll(() => drawnMarks(page)).toBe(expected.marks.length);

      // The base layer, from the store: neighbourhood outlines and their names, and no tiles.
      expect(expected.places.length).toBeGreaterThan(0);
      expect(await page.locator('.search-map__neighbourhood').count()).toBe(
        expected.places.filter((p) => p.rings).length,
      );
      const labels = await page.locator('.search-map__place').allTextContents();
      expect(labels.length).toBeGreaterThan(0);
      for (const label of labels) expect(expected.places.map((p) => p.name)).toContain(label);
      expect(await page.locator('.search-map__tiles image').count()).toBe(0);
      expect(await page.locator('.search-map__attribution').count()).toBe(0);

      // Every target at least 24 × 24 px, and its own element under its middle.
      const boxes = await targetBoxes(page);
      expect(boxes.length).toBeGreaterThan(0);
      for (const box of boxes) {
        expect(box.width).toBeGreaterThanOrEqual(24);
        expect(box.height).toBeGreaterThanOrEqual(24);
        expect(box.underFinger).toBe(true);
      }
      // Near points are grouped, each group showing its crimes' count.
      const clusters = boxes.filter((b) => b.kind === 'cluster');
      expect(clusters.length).toBeGreaterThan(0);
      for (const c of clusters) {
        expect(Number(c.count)).toBeGreaterThan(1);
        if (Number(c.count) < 1000) expect(c.text).toBe(c.count);
        else expect(c.text).toMatch(/^\d+(\.\d)?k$/);
      }

      // The legend shows each crime type's shape as well as its colour, no two alike.
      const legend = page.getByRole('group', { name: 'Crime types on the map' });
      const shapes = await legend
        .locator('[data-shape]')
        .evaluateAll((paths) =>
          paths.map((p) => `${p.getAttribute('data-shape')} ${p.getAttribute('fill')}`),
        );
      expect(shapes.length).toBe(await legend.getByRole('button').count());
      expect(new Set(shapes).size).toBe(shapes.length);
      expect(new Set(shapes.map((s) => s.split(' ')[0])).size).toBeGreaterThan(1);

      // A tap on a cluster zooms in: more targets, and a way back to the whole area.
      const before = boxes.length;
      const cluster = page.locator('.search-map__cluster').first();
      const box = (await cluster.boundingBox())!;
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await page.getByRole('button', { name: 'Show the whole area' }).waitFor();
      // A tap on a single mark chooses that mark, the one under the finger.
      const mark = page.locator('.search-map__mark').first();
      const id = await mark.getAttribute('data-mark');
      const markBox = (await mark.boundingBox())!;
      await page.mouse.click(markBox.x + markBox.width / 2, markBox.y + markBox.height / 2);
      await page.waitForURL((url) => url.searchParams.get('at') === id);
      await page.getByRole('button', { name: 'Show the whole area' }).click();
      await expect.poll(async () => (await targetBoxes(page)).length).toBe(before);

      const violations = await mapViolations(page);
      expect(violations, formatViolations(violations)).toEqual([]);
      if (process.env.MAP_SCREENSHOT)
        await page.locator('.search-map').screenshot({ path: `${process.env.MAP_SCREENSHOT}-${_name}.png` });
      expect(otherOrigins).toEqual([]);
    } finally {
      await page.close();
    }
  });
});

describe('search map', () => {
  it('filters by the legend, lists a keyboard-chosen point and keeps it all in the URL', async () => {
    const page = await session().open(SEARCH);
    try {
      await page.getByRole('heading', { name: 'Map of the Search' }).waitFor();
      const expected = await mapOf(page);
      expect(expected.binning.kind).toBe('points');
      expect(expected.marks.length).toBeGreaterThan(10);
      await page.locator('.search-map__outline--circle').waitFor();
      await expect.poll(() => drawnMarks(page)).toBe(expected.marks.length);
      expect(await page.locator('.search-map__target[tabindex="0"]').count()).toBe(1);

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
      await expect.poll(() => drawnMarks(page)).toBe(remaining.length);

      // Keyboard: the map's one tab stop, an arrow key, Enter (into clusters until a point has focus).
      await page.locator('.search-map__target[tabindex="0"]').focus();
      await page.keyboard.press('ArrowRight');
      for (let i = 0; i < 25; i++) {
        const isCluster = await page.evaluate(
          "document.activeElement?.classList.contains('search-map__cluster')",
        );
        if (!isCluster) break;
        await page.keyboard.press('Enter');
        await page.locator('.search-map__target:focus').waitFor();
      }
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

      const violations = await mapViolations(page);
      expect(violations, formatViolations(violations)).toEqual([]);

      // A row's "Show on map" highlights its point: the chosen one, since the table lists its crimes.
      await rows.first().getByRole('button', { name: 'Show on map' }).click();
      await page.locator(`.search-map__mark--highlighted[data-mark="${focused}"]`).waitFor();

      // Reloading restores the hidden type and the chosen point from the URL.
      await page.reload();
      await page.getByRole('heading', { name: 'Map of the Search' }).waitFor();
      await expect.poll(() => drawnMarks(page)).toBe(remaining.length);
      expect(await legendButtons.first().getAttribute('aria-pressed')).toBe('false');
      await expect.poll(() => page.locator('.search-map__selection').innerText()).toContain('Selected:');
      await expect.poll(() => notice.innerText()).toContain(`The ${shownAtMark} crime`);

      // "Show all crimes" returns the table to the whole search.
      await page.getByRole('button', { name: 'Show all crimes' }).click();
      await page.waitForURL((url) => !url.searchParams.has('at'));
      expect(await notice.count()).toBe(0);
    } finally {
      await page.close();
    }
  });

  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ])('draws the tiles of MAP_TILE_URL with their credit on a %s', async (_name, viewport) => {
    const page = await session().context.newPage();
    await page.setViewportSize(viewport);
    const blocked: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
    });
    try {
      tileRequests.length = 0;
      await page.goto(`${tiledProduct!.baseUrl}${SEARCH}`);
      await page.getByRole('heading', { name: 'Map of the Search' }).waitFor();
      const tiles = page.locator('.search-map__tiles image');
      await expect.poll(() => tiles.count()).toBeGreaterThan(0);
      const drawn = await tiles.evaluateAll((images) => images.map((i) => i.getAttribute('data-tile')!));
      // Every tile drawn was fetched from the double (so the CSP let it through). The page settles
      // after its first draw (the area's notices and the Follow button take their place), and a
      // resized map asks for the tiles of its new frame too.
      await expect.poll(() => drawn.every((t) => tileRequests.includes(`/${t}.png`))).toBe(true);
      expect(blocked).toEqual([]);
      // All at one zoom, covering the map.
      expect(new Set(drawn.map((t) => t.split('/')[0])).size).toBe(1);
      await expect(page.locator('.search-map__attribution').innerText()).resolves.toContain(ATTRIBUTION);
      // The store's neighbourhood names give way to the tiles' own.
      expect(await page.locator('.search-map__place').count()).toBe(0);
      const violations = await mapViolations(page);
      expect(violations, formatViolations(violations)).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('raised no uncaught errors in any page', () => {
    expect(session().pageErrors.map((error) => error.message)).toEqual([]);
  });
});
