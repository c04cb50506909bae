/**
 * The home page shows both clocks' running totals, fed by the realtime server as the clock pages
 * are (so the figures agree with the clock pages'), each linking to its clock, in English and Welsh.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REALTIME_PATH } from '../../common/realtime/protocol.ts';
import { startProductWithBrowser, type ProductWithBrowser } from '../support/product-with-browser.ts';

const LIVE_TIMEOUT = 50_000;

let running: ProductWithBrowser | undefined;

beforeAll(async () => {
  running = await startProductWithBrowser();
}, 300_000);

afterAll(async () => {
  await running?.close();
});

async function open(url: string): Promise<{ page: Page; sockets: string[] }> {
  if (!running) throw new Error('the product did not start');
  const page = await running.browser.context.newPage();
  const sockets: string[] = [];
  page.on('websocket', (socket) => sockets.push(socket.url()));
  await page.goto(url);
  return { page, sockets };
}

/** The whole number a counter shows, once it shows one. */
async function counted(page: Page, selector: string): Promise<number> {
  const counter = page.locator(`${selector}[data-value]`).first();
  await counter.waitFor({ timeout: LIVE_TIMEOUT });
  await expect.poll(() => counter.getAttribute('data-value'), { timeout: LIVE_TIMEOUT }).toMatch(/^\d+$/);
  return Number(await counter.getAttribute('data-value'));
}

describe('the home page', () => {
  it("shows both clocks' live totals, as the clock pages show them, from the realtime server", async () => {
    const home = await open('/');
    const survey = await open('/crime-clock');
    const police = await open('/police-crime-clock');
    try {
      const homeSurvey = '[data-testid="landing-live-csew"] .clock-count';
      const homePolice = '[data-testid="landing-live-police"] .clock-count';
      const first = await counted(home.page, homeSurvey);
      await counted(home.page, homePolice);

      // The survey clock counts a crime every few seconds: the home page's figure ticks.
      await expect
        .poll(() => counted(home.page, homeSurvey), { timeout: 30_000, interval: 500 })
        .toBeGreaterThan(first);

      // The same server's counts at the same moment: the home page and the clock pages agree
      // (both run to the server's time between ticks; one crime apart at most, mid-step).
      const [homeNow, surveyNow] = await Promise.all([
        counted(home.page, homeSurvey),
        counted(survey.page, '.clock-hero__count'),
      ]);
      expect(Math.abs(homeNow - surveyNow)).toBeLessThanOrEqual(1);
      const [homePoliceNow, policeNow] = await Promise.all([
        counted(home.page, homePolice),
        counted(police.page, '.clock-hero__count'),
      ]);
      expect(Math.abs(homePoliceNow - policeNow)).toBeLessThanOrEqual(1);

      // Fed over the realtime server's socket, not counted in the page.
      expect(home.sockets.filter((url) => url.includes(REALTIME_PATH)).length).toBeGreaterThanOrEqual(2);

      // Each figure sits in the link to its clock.
      const links = await home.page
        .locator('.clock-card')
        .evaluateAll((cards) =>
          cards.map((card) => [
            card.getAttribute('href'),
            card.querySelector('[data-testid^="landing-live-"]')?.getAttribute('data-testid'),
          ]),
        );
      expect(links).toEqual([
        ['/crime-clock', 'landing-live-csew'],
        ['/police-crime-clock', 'landing-live-police'],
      ]);
      expect(await home.page.locator('[data-testid="landing-live-csew"]').innerText()).toMatch(
        /estimated crimes since 1 January \d{4}/,
      );
    } finally {
      await Promise.all([home.page.close(), survey.page.close(), police.page.close()]);
    }
  });

  it('words the live totals in Welsh on the Welsh home page', async () => {
    const { page } = await open('/cy/');
    try {
      await counted(page, '[data-testid="landing-live-police"] .clock-count');
      const police = page.locator('[data-testid="landing-live-police"]');
      await expect
        .poll(() => police.innerText())
        .toMatch(/o droseddau a gofnodwyd gan yr heddlu ers 1 Ionawr \d{4}/);
      expect(await page.locator('.clock-card').first().getAttribute('href')).toBe('/cy/crime-clock');
    } finally {
      await page.close();
    }
  });
});
