/**
 * What a visitor reads and sees, on a phone (390x844) and a laptop (1440x900), against
 * the product as `npm start` starts it (its synthetic sample): intervals in hours and minutes, terms
 * of art explained where they appear and on one glossary page, postcode suggestions by district
 * without an error for an unfinished postcode, and public pages without operators' commands.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPartialPostcode, suggestionRank } from '../../common/postcode/partial.ts';
import { blocking, formatViolations, runAxe } from '../support/axe.ts';
import { startProductWithBrowser, type ProductWithBrowser } from '../support/product-with-browser.ts';

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
] as const;

let running: ProductWithBrowser | undefined;

beforeAll(async () => {
  running = await startProductWithBrowser();
}, 300_000);

afterAll(async () => {
  await running?.close();
});

async function withPage(
  viewport: (typeof VIEWPORTS)[number],
  url: string,
  test: (page: Page) => Promise<void>,
): Promise<void> {
  await running!.browser.withPage('about:blank', async (page) => {
    await page.setViewportSize(viewport);
    await page.goto(url);
    await test(page);
  });
}

const live = (page: Page) =>
  page
    .locator('.live-indicator', { hasText: /^Live$/ })
    .first()
    .waitFor({ timeout: 50_000 });

async function expectAxeClean(page: Page) {
  const violations = blocking(await runAxe(page));
  expect(violations, formatViolations(violations)).toEqual([]);
}

/** "3.4 seconds", "12 min 9 s", "6 h 28 min", "2 days 3 h": never thousands of seconds. */
const PLAIN_INTERVAL = String.raw`(\d{1,2}\.\d{1,3} seconds|\d{1,2} min \d{1,2} s|\d{1,2} h \d{1,2} min|\d+ days?( \d{1,2} h)?)`;

describe.each(VIEWPORTS)('at $width x $height', (viewport) => {
  it('says how often in plain units on the police clock, its wall screen and its embed', async () => {
    for (const url of ['/police-crime-clock', '/police-crime-clock?kiosk=1', '/embed/police-crime-clock']) {
      await withPage(viewport, url, async (page) => {
        if (url.startsWith('/embed'))
          await page.locator('.embed__count[data-value]').waitFor({ timeout: 50_000 });
        else await live(page);
        const text = await page.locator('body').innerText();
        expect(text, url).not.toMatch(/\d{3,}(\.\d+)? seconds/);
        for (const line of text.match(/1 crime every [^\n]*/g) ?? [])
          expect(line, url).toMatch(new RegExp(`^1 crime every ${PLAIN_INTERVAL}\\)?$`));
        for (const line of text.match(/[^\n]* until next crime/g) ?? [])
          expect(line, url).toMatch(new RegExp(`^${PLAIN_INTERVAL} until next crime$`));
      });
    }
  });

  it('keeps the police clock’s count on the first screen, under a one-line sample note', async () => {
    await withPage(viewport, '/police-crime-clock', async (page) => {
      await live(page);
      const note = page.locator('.clock-synthetic');
      expect(await note.innerText()).toBe('Sample data – not real police records');
      const count = await page.locator('.clock-hero__count').boundingBox();
      expect(count).not.toBeNull();
      expect(count!.y + count!.height).toBeLessThanOrEqual(viewport.height);
    });
  });

  it('explains a term of art on focus and on tap, and lists them all on the glossary page', async () => {
    await withPage(viewport, '/crime-clock', async (page) => {
      await live(page);
      const csew = page.getByRole('button', { name: 'CSEW', exact: true });
      await csew.focus();
      expect(await csew.getAttribute('aria-expanded')).toBe('true');
      const definition = page.getByRole('note').filter({ hasText: 'Crime Survey for England and Wales' });
      await definition.waitFor();
      await page.keyboard.press('Escape');
      await definition.waitFor({ state: 'hidden' });

      const peak = page.getByRole('button', { name: 'PEAK', exact: true });
      await peak.tap().catch(() => peak.click());
      await page.getByRole('note').filter({ hasText: 'busiest hours' }).waitFor();
      // Moving on to the next term closes the one before.
      await page.getByRole('button', { name: 'prevalence', exact: true }).click();
      await page.getByRole('note').filter({ hasText: 'counts victims, not crimes' }).waitFor();
      await page.getByRole('button', { name: 'exposures', exact: true }).click();
      await page.getByRole('note').filter({ hasText: 'counted twice' }).waitFor();
      expect(await page.getByRole('note').filter({ hasText: 'counts victims, not crimes' }).isVisible()).toBe(
        false,
      );
      await expectAxeClean(page);

      await page.getByRole('contentinfo').getByRole('link', { name: 'Glossary' }).click();
      await page.getByRole('heading', { level: 1, name: 'Glossary' }).waitFor();
      const terms = await page.locator('.glossary__list dt').allInnerTexts();
      expect(terms).toEqual(expect.arrayContaining(['CSEW', 'Peak and off-peak', 'Prevalence', 'Exposures']));
      await expectAxeClean(page);
    });
  });

  it('suggests the typed district first, and shows no error while a postcode is unfinished', async () => {
    await withPage(viewport, '/search', async (page) => {
      const field = page.getByRole('combobox', { name: 'UK postcode' });
      const hint = page.locator('.postcode-combobox__hint');
      for (const unfinished of ['S', 'SW1', 'SW1A', 'SW1A 1']) {
        await field.fill(unfinished);
        expect(await field.getAttribute('aria-invalid'), unfinished).toBeNull();
        expect(await hint.innerText()).not.toMatch(/No UK postcode/);
      }
      await field.fill('SWW');
      expect(await field.getAttribute('aria-invalid')).toBe('true');
      expect(await hint.innerText()).toMatch(/No UK postcode starts like this/);

      // Whatever the sample holds in the district, its own postcodes come before SW10 to SW19.
      await field.fill('SW1');
      const options = page.getByRole('listbox', { name: 'Postcode suggestions' }).getByRole('option');
      await options.first().waitFor();
      const shown = await options.allInnerTexts();
      const ranks = shown.map((postcode) => suggestionRank(readPartialPostcode('SW1')!, postcode));
      expect(ranks).not.toContain(null);
      expect([...ranks].sort()).toEqual(ranks);
      expect(ranks[0]).toBe(0);
      await expectAxeClean(page);
    });
  });

  it('states the coverage once, the same on the clock and the search, and places a BT postcode', async () => {
    const answer = (await (await fetch(`${running!.product.baseUrl}/api/police-clock`)).json()) as {
      definition: { meta: { pace: string; coverage: { area: string; text: string } } };
    };
    const { coverage, pace } = answer.definition.meta;
    expect(pace).toMatch(/^the latest (month|\d+ months) with data$/);
    await withPage(viewport, '/police-crime-clock', async (page) => {
      await live(page);
      expect(await page.getByTestId('police-coverage').innerText()).toBe(`Covers: ${coverage.text}.`);
      const text = await page.locator('main').innerText();
      expect(text).toContain(`running at the pace of ${pace}.`);
      expect(text).not.toMatch(/latest (six|1) months|count ÷ 1 ×/);
    });
    await withPage(viewport, '/search', async (page) => {
      await page.getByTestId('search-coverage').waitFor();
      expect(await page.getByTestId('search-coverage').innerText()).toBe(`Covers: ${coverage.text}.`);
      expect(await page.locator('.search-empty').innerText()).toContain(
        `Search police-recorded crime in ${coverage.area} in one of three ways`,
      );
      expect(await page.locator('main').innerText()).not.toContain('Northern Ireland');
      await page.getByRole('combobox', { name: 'UK postcode' }).fill('BT1 5GS');
      await page.getByRole('button', { name: 'Search Crime Data' }).click();
      await page
        .getByRole('alert')
        .filter({ hasText: 'BT1 5GS is in Northern Ireland, outside England and Wales' })
        .waitFor();
      // The sample's postcode list holds Belfast's BT1 0AY: refused all the same, no PSNI crimes.
      await page.getByRole('combobox', { name: 'UK postcode' }).fill('BT1 0AY');
      await page.getByRole('button', { name: 'Search Crime Data' }).click();
      await page
        .getByRole('alert')
        .filter({ hasText: 'BT1 0AY is in Northern Ireland, outside England and Wales' })
        .waitFor();
      expect(await page.locator('main').innerText()).not.toContain('Police Service of Northern Ireland');
    });
  });

  it('brings the results into view: focus on their heading, the total on screen', async () => {
    await withPage(viewport, '/search', async (page) => {
      await page.getByRole('combobox', { name: 'UK postcode' }).fill('SW1A 1AA');
      await page.getByRole('button', { name: 'Search Crime Data' }).click();
      const heading = page.getByRole('heading', { level: 2, name: /^[\d,]+ crimes? found for / });
      await heading.waitFor({ timeout: 30_000 });
      await expect.poll(() => heading.evaluate((h) => h === h.ownerDocument.activeElement)).toBe(true);
      const box = await heading.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.y).toBeGreaterThanOrEqual(0);
      expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);
      await expectAxeClean(page);
    });
  });

  it('tells visitors no operator’s command, and keeps Admin login a quiet footer link', async () => {
    for (const url of [
      '/',
      '/police-crime-clock',
      '/crime-clock',
      '/search?type=radius&postcode=SW1A+1AA&period=6months',
    ]) {
      await withPage(viewport, url, async (page) => {
        if (url.startsWith('/search'))
          await page.locator('.incidents[aria-busy="false"]').waitFor({ timeout: 30_000 });
        else if (url !== '/') await live(page);
        else await page.getByRole('heading', { level: 1 }).waitFor();
        const text = await page.locator('body').innerText();
        expect(text, url).not.toMatch(/npm |--latest/);
        expect(await page.getByRole('banner').getByRole('button', { name: 'Admin login' }).count()).toBe(0);
        await page.getByRole('contentinfo').getByRole('button', { name: 'Admin login' }).waitFor();
      });
    }
  });
});
