/**
 * Honest figures at a glance, and a page of incidents one jump away, on a phone (390x844) and a
 * laptop (1440x900), against the product as `npm start` starts it (its synthetic sample: 6 months
 * to September 2025, Greater Manchester Police without street data, British Transport Police at
 * Manchester Piccadilly): the default period is the latest 3 months with data, a trend needing two
 * months is said once, a rate per 1,000 is not made of other forces' crimes, crime-type rows do not
 * overlap (from 320 px up), and a visitor can jump to a page of incidents.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FORCES, generateSample } from '../../scripts/data-sample/generate.ts';
import { monthLabel, parseMonth } from '../../common/search/months.ts';
import { presetMonthsWithData } from '../../common/search/period.ts';
import type { AvailableDatesResponse } from '../../common/search/types.ts';
import { blocking, formatViolations, runAxe } from '../support/axe.ts';
import { launchBrowser, type BrowserSession } from '../support/browser.ts';
import { startTeamPoliceApi } from '../support/police-api/neighbourhood-team.ts';
import { startProduct, type RunningProduct } from '../support/product.ts';

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
] as const;

type Viewport = { width: number; height: number };

let running: { product: RunningProduct; browser: BrowserSession } | undefined;
let closeAll: (() => Promise<void>) | undefined;

/**
 * The product as `npm start` starts it, on the browser tests' small sample with British Transport
 * Police added: its station crimes at Manchester Piccadilly are the only ones near M1 1AA, where
 * Greater Manchester Police publishes no street data.
 */
beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'crime-clock-visitor-'));
  const policeApi = await startTeamPoliceApi();
  // Whatever did start is stopped, even when a later step fails.
  const started: { product?: RunningProduct; browser?: BrowserSession } = {};
  closeAll = async () => {
    await started.browser?.close();
    await started.product?.stop();
    await policeApi.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  await generateSample({
    outDir: join(dataDir, 'sample'),
    months: 6,
    scale: 1,
    forces: [...DEFAULT_FORCES, 'btp'],
  });
  const product = await startProduct({
    POLICE_API_URL: policeApi.baseUrl,
    DATA_DIR: dataDir,
    DATABASE_URL: `sqlite:${join(dataDir, 'crime-clock.sqlite')}`,
  });
  started.product = product;
  const browser = await launchBrowser({ baseUrl: product.baseUrl });
  started.browser = browser;
  running = { product, browser };
}, 300_000);

afterAll(async () => {
  await closeAll?.();
});

async function withPage(viewport: Viewport, url: string, test: (page: Page) => Promise<void>) {
  await running!.browser.withPage('about:blank', async (page) => {
    await page.setViewportSize(viewport);
    await page.goto(url);
    await test(page);
  });
}

async function results(page: Page) {
  await page.getByRole('heading', { name: 'Crime Incidents' }).waitFor({ timeout: 30_000 });
  await page.locator('.incidents[aria-busy="false"]').waitFor({ timeout: 30_000 });
}

async function expectAxeClean(page: Page) {
  const violations = blocking(await runAxe(page));
  expect(violations, formatViolations(violations)).toEqual([]);
}

async function availableMonths(): Promise<string[]> {
  const answer = await fetch(`${running!.product.baseUrl}/api/available-dates`);
  return ((await answer.json()) as AvailableDatesResponse).dates.map((d) => d.date);
}

const label = (month: string) => monthLabel(parseMonth(month)!);

/** Two boxes share some area (touching edges do not count). */
function intersects(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
): boolean {
  return (
    a.x < b.x + b.width - 0.5 &&
    b.x < a.x + a.width - 0.5 &&
    a.y < b.y + b.height - 0.5 &&
    b.y < a.y + a.height - 0.5
  );
}

/** Every crime-type row's swatch, name, count and trend: none overlaps another, no name overflows. */
async function expectCrimeTypeRowsApart(page: Page, where: string) {
  const rows = page.locator('.crime-types .crime-type');
  const count = await rows.count();
  expect(count, where).toBeGreaterThan(3);
  for (let i = 0; i < count; i += 1) {
    const row = rows.nth(i);
    const parts = [
      row.locator('.crime-type__swatch'),
      row.locator('.crime-type__name'),
      row.locator('.crime-type__count'),
      row.locator('.crime-type__trend'),
    ];
    const boxes = [];
    for (const part of parts) if ((await part.count()) > 0) boxes.push(await part.boundingBox());
    const name = await row.locator('.crime-type__name').innerText();
    for (let a = 0; a < boxes.length; a += 1) {
      for (let b = a + 1; b < boxes.length; b += 1) {
        expect(intersects(boxes[a]!, boxes[b]!), `${where}: ${name}, parts ${a} and ${b}`).toBe(false);
      }
    }
    // A word wider than its column would spill over the count without moving the boxes.
    const spill = await row.locator('.crime-type__name').evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(spill, `${where}: ${name} overflows`).toBeLessThanOrEqual(1);
    const rowBox = (await row.boundingBox())!;
    const countBox = (await row.locator('.crime-type__count').boundingBox())!;
    expect(countBox.x + countBox.width, `${where}: ${name}'s count leaves the row`).toBeLessThanOrEqual(
      rowBox.x + rowBox.width + 0.5,
    );
  }
}

describe.each(VIEWPORTS)('at $width x $height', (viewport) => {
  it('searches the latest 3 months with data by default, and says which before searching', async () => {
    const expected = presetMonthsWithData('RECENT_3_MONTHS', await availableMonths());
    expect(expected).toBeDefined();
    await withPage(viewport, '/search', async (page) => {
      await page.getByRole('button', { name: 'Advanced Search Options' }).click();
      expect(await page.getByLabel('Time period').inputValue()).toBe('3months');
      expect(await page.getByTestId('preset-months').innerText()).toBe(
        `The latest ${expected!.withData} months with data: ${label(expected!.startMonth)} to ${label(expected!.endMonth)}`,
      );
      await page.getByRole('combobox', { name: 'UK postcode' }).fill('SW1A 1AA');
      await page.getByRole('button', { name: 'Search Crime Data' }).click();
      await results(page);
      expect(await page.locator('.summary__period').innerText()).toContain(
        `${label(expected!.startMonth)} to ${label(expected!.endMonth)}`,
      );
      // None of the default months is one the store has no data for.
      const gaps = page.locator('.data-note--gaps');
      if ((await gaps.count()) > 0) expect(await gaps.innerText()).not.toContain('No data for');
      await expectAxeClean(page);
    });
  });

  it('says once that a trend needs two months with data, not "too few crimes" per type', async () => {
    // The store's first month has no month before it to be compared with.
    const first = (await availableMonths()).at(-1)!;
    await withPage(
      viewport,
      `/search?type=radius&postcode=SW1A+1AA&period=single&month=${first}`,
      async (page) => {
        await results(page);
        const types = page.locator('.crime-types');
        expect(await types.locator('.crime-type').count()).toBeGreaterThan(3);
        expect(await types.getByTestId('no-trend').innerText()).toBe(
          'A trend needs two months with data; the months searched have only one.',
        );
        expect(await types.innerText()).not.toContain('Too few crimes to compare');
        expect(await types.locator('.trend').count()).toBe(0);
        await expectAxeClean(page);
      },
    );
  });

  it('gives no rate per 1,000 where the force publishes no data, and names whose crimes are shown', async () => {
    await withPage(viewport, '/search?type=radius&postcode=M1+1AA', async (page) => {
      await results(page);
      const rate = page.getByTestId('crime-rate');
      expect(await rate.locator('.stat-tile__value').innerText()).toBe('Not given');
      const why = await rate.locator('.stat-tile__note').innerText();
      expect(why).toContain(
        'Greater Manchester Police has published no street-level crime data since July 2019.',
      );
      expect(why).toContain('The crimes shown here were recorded by British Transport Police');
      // No zero count and no "no crimes were recorded": the missing force is said, and whose
      // crimes are shown, in the heading and the total.
      const main = await page.locator('main').innerText();
      expect(main).not.toMatch(/\b0 crimes|no crimes were recorded/i);
      const total = await page.locator('.stat-tile--emphasis .stat-tile__note').innerText();
      expect(total).toContain(
        'Greater Manchester Police has published no street-level crime data since July 2019.',
      );
      expect(total).toMatch(/Only crimes recorded by British Transport Police are shown here\.$/);
      expect(await page.locator('.search-results__title').innerText()).toMatch(
        /no data from Greater Manchester Police$|recorded by British Transport Police found for/,
      );
      // No figure per 1,000 anywhere (the reason itself says none is given).
      expect(await page.locator('.summary .stat-tile__value').allInnerTexts()).not.toContainEqual(
        expect.stringContaining('per 1,000'),
      );
      expect(await page.locator('.crime-types .crime-type__meta').allInnerTexts()).not.toContainEqual(
        expect.stringContaining('per 1,000'),
      );
      await expectAxeClean(page);
    });
    // A London search keeps its rate: every force there published.
    await withPage(viewport, '/search?type=radius&postcode=SW1A+1AA', async (page) => {
      await results(page);
      expect(await page.getByTestId('crime-rate').locator('.stat-tile__value').innerText()).toMatch(
        /per 1,000 residents/,
      );
    });
  });

  it('lets a visitor jump to a page by number, with the keyboard', async () => {
    await withPage(viewport, '/search?type=radius&postcode=SW1A+1AA&period=6months', async (page) => {
      await results(page);
      const pages = Number(
        /of ([\d,]+)$/.exec(await page.locator('.pager__page').innerText())![1]!.replace(/,/g, ''),
      );
      expect(pages).toBeGreaterThan(5);
      const field = page.getByRole('textbox', { name: 'Go to page' });
      await field.focus();
      await page.keyboard.type('0');
      await page.keyboard.press('Enter');
      await page
        .getByRole('alert')
        .filter({ hasText: `Enter a page from 1 to ${pages}.` })
        .waitFor();
      expect(await field.getAttribute('aria-invalid')).toBe('true');

      await field.fill('');
      await page.keyboard.type(String(pages - 1));
      await page.keyboard.press('Enter');
      await expect
        .poll(() => page.locator('.pager__page').innerText(), { timeout: 30_000 })
        .toBe(`Page ${pages - 1} of ${pages}`);
      await page.locator('.incidents[aria-busy="false"]').waitFor();
      expect(await page.locator('.pager__summary').innerText()).toMatch(
        new RegExp(`^Showing ${(pages - 2) * 10 + 1}-${(pages - 1) * 10} of `),
      );
      expect(await field.getAttribute('aria-invalid')).toBeNull();
      // The Go button reaches the same with a Tab and Space.
      await field.fill('2');
      await page.keyboard.press('Tab');
      expect(
        await page
          .getByRole('button', { name: 'Go', exact: true })
          .evaluate((button) => button === button.ownerDocument.activeElement),
      ).toBe(true);
      await page.keyboard.press('Space');
      await expect
        .poll(() => page.locator('.pager__page').innerText(), { timeout: 30_000 })
        .toBe(`Page 2 of ${pages}`);
      await expectAxeClean(page);
    });
  });
});

describe('crime-type rows', () => {
  it.each([
    { width: 320, height: 800 },
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ])('never overlap at $width px: names wrap, counts stay clear', async (viewport) => {
    // Six months with two to compare: every row has its trend badge, the widest it gets.
    await withPage(viewport, '/search?type=radius&postcode=SW1A+1AA&period=6months', async (page) => {
      await results(page);
      const more = page.getByRole('button', { name: /^Show all \d+ crime types$/ });
      if ((await more.count()) > 0) await more.click();
      await expectCrimeTypeRowsApart(page, `${viewport.width} px`);
    });
  });
});
