import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, shownCount, type BrowserSession } from '../support/browser.ts';
import { startProduct, type RunningProduct } from '../support/product.ts';

let product: RunningProduct | undefined;
let browser: BrowserSession | undefined;

beforeAll(async () => {
  product = await startProduct();
  browser = await launchBrowser({ baseUrl: product.baseUrl });
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

function withPage(url: string, test: (page: Page) => Promise<void>) {
  if (!browser) throw new Error('the browser did not start');
  return browser.withPage(url, test);
}

async function areaTotal(area: string): Promise<number> {
  const response = await fetch(`${product!.baseUrl}/api/area-clock?area=${encodeURIComponent(area)}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { totalCrimes: number }).totalCrimes;
}

// The realtime server may start before the API answers; the page asks again a little later.
const LIVE_TIMEOUT = 50_000;

describe('A clock for your area', () => {
  it("opens an area's link on its own clock, named after the area, and moves to another area", async () => {
    await withPage('/police-crime-clock?area=force:metropolitan', async (page) => {
      const hero = page.locator('.clock-hero__label');
      await hero.filter({ hasText: 'Metropolitan Police Service' }).waitFor({ timeout: LIVE_TIMEOUT });
      await page.locator('.live-indicator', { hasText: /^Live$/ }).waitFor({ timeout: LIVE_TIMEOUT });
      const shown = await shownCount(page, '.clock-hero__count');
      expect(Math.abs(shown - (await areaTotal('force:metropolitan')))).toBeLessThanOrEqual(2);
      // The wall-screen view keeps the area.
      expect(await page.getByRole('link', { name: 'Wall-screen view' }).getAttribute('href')).toContain(
        'area=force%3Ametropolitan',
      );

      const card = page.getByRole('region', { name: 'Your area' });
      await card.getByLabel('Area', { exact: true }).selectOption('postcode');
      await card.getByLabel('Postcode', { exact: true }).fill('sw1a 1aa');
      await card.getByRole('button', { name: "Show this area's clock" }).click();
      await page.waitForURL((url) => url.searchParams.get('area') === 'postcode:SW1A1AA');
      await hero.filter({ hasText: '1 mile around SW1A 1AA' }).waitFor({ timeout: LIVE_TIMEOUT });
      await expect.poll(() => shownCount(page, '.clock-hero__count'), { timeout: 10_000 }).toBeGreaterThan(0);
    });
  });

  it('says what is missing before asking for an area', async () => {
    await withPage('/police-crime-clock', async (page) => {
      const card = page.getByRole('region', { name: 'Your area' });
      await card.getByLabel('Area', { exact: true }).selectOption('force');
      await card.getByRole('button', { name: "Show this area's clock" }).click();
      await card.getByRole('alert').filter({ hasText: 'Choose a police force.' }).waitFor();
      expect(new URL(page.url()).searchParams.has('area')).toBe(false);
    });
  });

  it('says why an unknown area has no clock, once, and stops asking', async () => {
    // The page asks GET /api/area-clock, as the realtime server does, never the area's search;
    // watched from before the page opens, so its first read is seen too.
    const reads: string[] = [];
    const searches: string[] = [];
    const watch = (request: Request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/area-clock')
        reads.push(`${request.method()} ${url.searchParams.get('area')}`);
      if (url.pathname === '/api/crimes/search') searches.push(request.url());
    };
    browser!.context.on('request', watch);
    try {
      await withPage('/police-crime-clock?area=neighbourhood:kent:ZZ99', async (page) => {
        const alert = page.getByRole('alert').filter({ hasText: 'This clock cannot be shown' });
        await alert.waitFor({ timeout: LIVE_TIMEOUT });
        expect(await alert.innerText()).toContain('Neighbourhood "ZZ99" of Kent Police not found');
        expect(await alert.innerText()).not.toContain('keeps trying');
        await page.locator('.live-indicator', { hasText: /^Not available$/ }).waitFor();
        const toast = page.locator('[role="status"] .toast', { hasText: 'Loading Error' });
        await toast.waitFor();
        expect(await toast.innerText()).not.toMatch(/England|Wales|Northern Ireland/);
        expect(await page.locator('.page-header__lead').innerText()).toContain(
          // No definition: no number of months is claimed.
          'running at the pace of the latest months with data',
        );
        expect(reads).toEqual(['GET neighbourhood:kent:ZZ99']);
        await page.waitForTimeout(6_000);
        expect(reads).toHaveLength(1);
        expect(searches).toEqual([]);
      });
    } finally {
      browser!.context.off('request', watch);
    }
  });

  it('embeds the same area', async () => {
    await withPage('/embed/police-crime-clock?area=force:metropolitan', async (page) => {
      await page
        .locator('.embed__label')
        .filter({ hasText: 'Metropolitan Police Service' })
        .waitFor({ timeout: LIVE_TIMEOUT });
      expect(await page.getByRole('link', { name: 'Open the full clock' }).getAttribute('href')).toBe(
        '/police-crime-clock?area=force%3Ametropolitan',
      );
    });
  });
});
