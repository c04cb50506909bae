/**
 * What the pages tell people, in Chromium against the product as `npm start` starts it (its
 * synthetic sample imported): errors and empty states in words a visitor can act on, statistics
 * that say what they are computed over, definitions one click from the figures, and clocks that
 * say what they count and where the data comes from.
 *
 * data.police.uk is out of reach here on purpose (POLICE_API_URL points at a closed port), so the
 * police team card meets a failing upstream.
 */
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstAdminOf, logIn } from '../support/admin-sign-in.ts';
import { launchBrowser, type BrowserSession } from '../support/browser.ts';
import { freePort, startProduct, type RunningProduct } from '../support/product.ts';

let product: RunningProduct | undefined;
let browser: BrowserSession | undefined;

beforeAll(async () => {
  product = await startProduct({ POLICE_API_URL: `http://127.0.0.1:${await freePort()}/api` });
  browser = await launchBrowser({ baseUrl: product.baseUrl });
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

const withPage = (url: string, test: (page: Page) => Promise<void>) => browser!.withPage(url, test);

const isSearch = (request: Request) => request.url().includes('/api/crimes/search');

const searchUrl = (params: Record<string, string>) => `/search?${new URLSearchParams(params)}`;

async function results(page: Page) {
  await page.locator('.incidents[aria-busy="false"]').waitFor({ timeout: 30_000 });
}

describe('errors and empty states speak to people', () => {
  it('a reversed range is refused in the form, before any request, naming both months and the fix', async () => {
    await withPage('/search', async (page) => {
      const searches: string[] = [];
      page.on('request', (request) => isSearch(request) && searches.push(request.url()));
      await page.getByRole('combobox', { name: 'UK postcode' }).fill('SW1A 1AA');
      await page.getByRole('button', { name: 'Advanced Search Options' }).click();
      await page.getByLabel('Time period').selectOption('range');
      await page.getByLabel('From', { exact: true }).selectOption('2025-06');
      await page.getByLabel('To', { exact: true }).selectOption('2025-04');
      await page.getByText('The To month is before the From month: choose one on or after it.').waitFor();
      await page.getByRole('button', { name: 'Search Crime Data' }).click();
      const toast = page.locator('[role="status"] .toast', { hasText: 'Date Range Reversed' });
      await toast.waitFor();
      expect(await toast.innerText()).toContain(
        'The To month (April 2025) is before the From month (June 2025): choose a To month on or after the From month',
      );
      expect(searches).toEqual([]);
      expect(new URL(page.url()).searchParams.get('from')).toBeNull();
    });
  });

  it('a reversed range from a bookmark gets the same words, not the API text, and no request', async () => {
    const searches: string[] = [];
    const url = searchUrl({
      type: 'radius',
      postcode: 'SW1A 1AA',
      period: 'range',
      from: '2025-06',
      to: '2025-04',
    });
    await withPage('about:blank', async (page) => {
      page.on('request', (request) => isSearch(request) && searches.push(request.url()));
      await page.goto(url);
      const alert = page.locator('.search-error');
      await alert.waitFor();
      const text = await alert.innerText();
      expect(text).toContain('Date Range Reversed');
      expect(text).toContain(
        'The To month (April 2025) is before the From month (June 2025): choose a To month on or after the From month',
      );
      expect(text).not.toMatch(/startMonth|endMonth/);
      // The form shows the months from the link, with the fix beside the To month.
      await page.getByText('The To month is before the From month: choose one on or after it.').waitFor();
      expect(searches).toEqual([]);
    });
  });

  it('"No data" says why: the force has published nothing for the months asked', async () => {
    const url = searchUrl({
      type: 'radius',
      postcode: 'SW1A 1AA',
      period: 'range',
      from: '2015-01',
      to: '2015-03',
    });
    await withPage(url, async (page) => {
      const total = page.locator('.stat-tile', { hasText: 'Total crimes' });
      await total.waitFor({ timeout: 30_000 });
      expect(await total.locator('.stat-tile__value').innerText()).toBe('No data');
      expect(await total.locator('.stat-tile__note').innerText()).toBe(
        'Metropolitan Police Service has published no street-level crime data for January 2015 to March 2015: some forces do not publish to data.police.uk, and a month appears only once it is released and imported.',
      );
    });
  });

  it('a failing police API reads "Police team details are unavailable right now", never the transport error', async () => {
    await withPage(searchUrl({ type: 'radius', postcode: 'SW1A 1AA', period: '6months' }), async (page) => {
      await results(page);
      await page.getByRole('button', { name: 'Show Additional Police Data' }).click();
      const team = page.locator('.police-team');
      await team.getByText('Police team details are unavailable right now.').waitFor({ timeout: 30_000 });
      expect(await team.innerText()).not.toMatch(/ECONN|ENOTFOUND|fetch failed|socket|Error:/i);
    });
    // Logged for the operator instead.
    expect(product!.output()).toMatch(/police team of .*: data\.police\.uk failed/);
  });
});

describe('honest statistics', () => {
  // The sample's City of London publishes no street data for one month of the last three, and has
  // so few crimes of each type that no type's trend is a fair comparison.
  const CITY = searchUrl({ type: 'force', force: 'city-of-london' });

  it('the crime rate says over how many of the months it is computed', async () => {
    await withPage(CITY, async (page) => {
      await results(page);
      const rate = page.locator('.stat-tile', { hasText: 'Crime rate' });
      expect(await rate.locator('.stat-tile__note').innerText()).toMatch(
        /^[\d.]+ crimes per 100 residents, over the 2 months of 3 with data \(\w{3} \d{4} to \w{3} \d{4}\); anti-social behaviour included$/,
      );
    });
  });

  it('each crime type rate says its months, and a trend on a handful of crimes reads "Too few crimes to compare"', async () => {
    await withPage(CITY, async (page) => {
      await results(page);
      const types = page.locator('.crime-types .crime-type');
      expect(await types.count()).toBeGreaterThan(0);
      for (const meta of await page.locator('.crime-type__meta').allInnerTexts()) {
        expect(meta).toMatch(/per 1,000 residents over the 2 months of 3 with data$/);
      }
      const first = types.first();
      expect(await first.innerText()).toContain('Too few crimes to compare');
      expect(await first.innerText()).not.toMatch(/[+-]?\d+(\.\d+)?\s?%\s*(up|down|↑|↓)/i);
    });
  });

  it('every card of figures has its definitions one click away', async () => {
    await withPage(searchUrl({ type: 'radius', postcode: 'SW1A 1AA', period: '6months' }), async (page) => {
      await results(page);
      const wanted: [string, string[]][] = [
        [
          'What these figures mean',
          ['Total crimes', 'Crime rate', 'Resolution rate', 'Population', 'Month on month'],
        ],
        ['What the crime type figures mean', ['Count', '% of crimes', 'Per 1,000 residents', 'Trend']],
        [
          'What the monthly figures mean',
          ['Bars', 'Months Analyzed', 'Highest and Lowest Month', 'Avg per Month'],
        ],
      ];
      for (const [title, terms] of wanted) {
        const details = page.locator('details.definitions', { has: page.getByText(title, { exact: true }) });
        expect(await details.getAttribute('open')).toBeNull();
        await details.getByText(title, { exact: true }).click();
        await details.locator('dl').waitFor();
        expect(await details.locator('dt').allInnerTexts()).toEqual(terms);
        for (const definition of await details.locator('dd').allInnerTexts())
          expect(definition.length).toBeGreaterThan(20);
      }
    });
  });
});

describe('copy', () => {
  it('the survey data viewer has no "As given in spec" badge', async () => {
    await withPage('/', async (page) => {
      await logIn(page, firstAdminOf(product!));
      await page.goto('/admin/csew-data');
      await page.getByRole('heading', { level: 1, name: 'CSEW Data Viewer' }).waitFor();
      await page.locator('table').first().waitFor();
      expect(await page.locator('main').innerText()).not.toMatch(/as given in spec/i);
    });
  });

  it('the wall-screen view says what it counts and where the data comes from', async () => {
    await withPage('/crime-clock?kiosk=1', async (page) => {
      const label = page.locator('.kiosk__label');
      await label.waitFor();
      expect(await label.innerText()).toMatch(
        /^Estimated crimes in England and Wales since 1 January \d{4}$/,
      );
      expect(await page.locator('.kiosk__source').innerText()).toBe(
        'Source: Crime Survey for England and Wales, Office for National Statistics',
      );
    });
    await withPage('/police-crime-clock?kiosk=1', async (page) => {
      const label = page.locator('.kiosk__label');
      await label.waitFor();
      expect(await label.innerText()).toMatch(/^Police-recorded crimes in .+ since 1 January \d{4}$/);
      expect(await page.locator('.kiosk__source').innerText()).toMatch(/^Source: .*data\.police\.uk/);
    });
  });

  it('the embeds say what they count and where the data comes from', async () => {
    await withPage('/embed/crime-clock', async (page) => {
      await page.locator('.embed__count[data-value]').waitFor({ timeout: 30_000 });
      expect(await page.locator('.embed__label').innerText()).toMatch(
        /^Estimated crimes in England and Wales since 1 January \d{4}, reported to the police or not$/,
      );
      expect(await page.locator('.embed__source').innerText()).toContain(
        'Source: Crime Survey for England and Wales (ONS)',
      );
    });
    await withPage('/embed/police-crime-clock', async (page) => {
      await page.locator('.embed__count[data-value]').waitFor({ timeout: 50_000 });
      // The year goes with the date, then what the police data covers.
      expect(await page.locator('.embed__label').innerText()).toMatch(
        /^Crimes recorded by the police since 1 January \d{4}: \S.+$/,
      );
      expect(await page.locator('.embed__source').innerText()).toContain('data.police.uk');
    });
  });
});
