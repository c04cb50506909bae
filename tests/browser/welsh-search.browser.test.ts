/**
 * The crime search and its map in Welsh: `/cy/search` empty, with the results of a real
 * search on the sample the product starts with, the map, a Welsh force's search (named by its own
 * Welsh name, on the data status too), a refused search and an area with no data, each with no
 * English message of ours, nothing overflowing at 360 and 1920 px, axe clean.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../common/i18n/messages.ts';
import { welshProblems } from '../support/welsh-checks.ts';
import { startProductWithBrowser, type ProductWithBrowser } from '../support/product-with-browser.ts';

const { cy } = MESSAGES;

let running: ProductWithBrowser | undefined;
let page: Page;

beforeAll(async () => {
  running = await startProductWithBrowser();
  page = await running.browser.open('/');
}, 300_000);

afterAll(async () => {
  await running?.close();
});

const WIDTHS = [
  { width: 360, height: 800 },
  { width: 1920, height: 1080 },
];

/** Each width in turn: `visit` opens and readies the page, then the Welsh checks run on it. */
async function problemsAtEachWidth(what: string, visit: () => Promise<void>): Promise<string[]> {
  const problems: string[] = [];
  for (const { width, height } of WIDTHS) {
    await page.setViewportSize({ width, height });
    await visit();
    expect(await page.getAttribute('html', 'lang')).toBe('cy');
    problems.push(...(await welshProblems(page, `${what} at ${width} px`)));
  }
  return problems;
}

/** Waits for a search's answer: the incident table, done loading. */
async function results(): Promise<void> {
  await page.getByRole('heading', { name: cy['search.incidents.title'] }).waitFor({ timeout: 60_000 });
  await page.locator('.incidents[aria-busy="false"]').waitFor({ timeout: 60_000 });
}

describe('the search in Welsh', () => {
  it('/cy/search before a search: the form, its advanced options and the three ways to search', async () => {
    const problems = await problemsAtEachWidth('/cy/search', async () => {
      await page.goto('/cy/search');
      await page.getByRole('heading', { name: cy['search.noSearch.title'] }).waitFor();
      await page.getByRole('button', { name: cy['search.form.advanced'] }).click();
      await page.getByRole('group', { name: cy['search.form.type'] }).waitFor();
      await page.getByTestId('preset-months').waitFor();
      // An unfinished postcode that cannot become one: the hint says so, in Welsh.
      await page.getByRole('combobox', { name: cy['search.postcode.label'] }).fill('SWW');
      await page.getByText(cy['search.postcode.invalid']).waitFor();
    });
    expect(problems.join('\n')).toBe('');
  }, 180_000);

  it('the results of a postcode search, the map, and a place chosen on it', async () => {
    const problems = await problemsAtEachWidth('a Welsh search', async () => {
      await page.goto('/cy/search');
      await page.getByRole('combobox', { name: cy['search.postcode.label'] }).fill('SW1A 1AA');
      await page.getByRole('button', { name: cy['search.form.submit'] }).click();
      await results();
      await page.getByRole('heading', { name: cy['search.map.title'] }).waitFor({ timeout: 60_000 });
      // A result's "Show on map", and the definitions opened, so their words are checked too.
      await page.getByRole('button', { name: cy['search.incidents.showOnMap'] }).first().click();
      for (const summary of await page.locator('details.definitions > summary').all()) await summary.click();
    });
    const heading = await page.locator('.search-results__title').innerText();
    expect(heading).toContain('filltir o amgylch SW1A 1AA');
    expect(problems.join('\n')).toBe('');
  }, 240_000);

  it('the extra police data: stop and search and the local team', async () => {
    const problems = await problemsAtEachWidth('the police data', async () => {
      await page.goto('/cy/search?type=radius&postcode=SW1A+1AA');
      await results();
      await page.getByRole('button', { name: cy['search.police.show'] }).click();
      await page.getByRole('heading', { name: cy['search.stops.title'] }).waitFor();
      await page.getByRole('heading', { name: cy['search.team.title'] }).waitFor();
      await page
        .locator('.police-data .loading-line')
        .first()
        .waitFor({ state: 'detached', timeout: 60_000 });
    });
    expect(problems.join('\n')).toBe('');
  }, 240_000);

  it('a refused search: a date range that runs backwards', async () => {
    const problems = await problemsAtEachWidth('a refused search', async () => {
      await page.goto('/cy/search?type=radius&postcode=SW1A+1AA&period=range&from=2025-06&to=2025-03');
      await page.getByText(cy['search.issue.RANGE_REVERSED.title']).waitFor();
      await page.getByText(cy['search.form.reversed']).waitFor();
    });
    expect(problems.join('\n')).toBe('');
  }, 180_000);

  it("a Welsh force's search: the force by its own Welsh name, in the picker and the results", async () => {
    const problems = await problemsAtEachWidth('a Welsh force', async () => {
      await page.goto('/cy/search?type=force&force=south-wales');
      await results();
    });
    const picker = page.getByLabel(cy['search.form.force'], { exact: true });
    expect(await picker.inputValue()).toBe('south-wales');
    expect(await picker.locator('option:checked').innerText()).toBe('Heddlu De Cymru');
    expect(await page.locator('.search-results__title').innerText()).toContain('Heddlu De Cymru');
    expect(await page.locator('main').innerText()).not.toContain('South Wales Police');
    expect(problems.join('\n')).toBe('');

    // The data status names it so too, in its table of each force's months.
    await page.goto('/cy/data-status');
    const row = page.locator('.data-status__table tr[data-force="south-wales"] th');
    expect(await row.innerText({ timeout: 60_000 })).toBe('Heddlu De Cymru');
  }, 180_000);

  it('an area with no data: a force that publishes none', async () => {
    const problems = await problemsAtEachWidth('an area with no data', async () => {
      await page.goto('/cy/search?type=force&force=greater-manchester');
      await results();
      await page.getByText(cy['search.incidents.none.title']).waitFor();
    });
    expect(await page.locator('.stat-tile--emphasis .stat-tile__value').innerText()).toBe(
      cy['search.summary.noData'],
    );
    expect(problems.join('\n')).toBe('');
  }, 180_000);
});
