import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type BrowserSession } from '../support/browser.ts';
import { freePort, startProduct, type RunningProduct } from '../support/product.ts';
import { startRealtimeNode, type RealtimeNode } from '../support/realtime-node.ts';

// `npm start` stops the API with the realtime server when either dies, so the server restarted
// here is a realtime node of its own, where the product sends its pages (PUBLIC_REALTIME_URL), as
// a deployment that runs the realtime role apart does. It comes back on the same port.
let product: RunningProduct | undefined;
let browser: BrowserSession | undefined;
let node: RealtimeNode | undefined;
let realtimePort = 0;

const startRealtime = () =>
  startRealtimeNode({ API_INTERNAL_URL: product!.baseUrl, LOG_LEVEL: 'warn' }, { port: realtimePort });

beforeAll(async () => {
  realtimePort = await freePort();
  product = await startProduct({ PUBLIC_REALTIME_URL: `http://127.0.0.1:${realtimePort}` });
  node = await startRealtime();
  browser = await launchBrowser({ baseUrl: product.baseUrl });
});

afterAll(async () => {
  await browser?.close();
  await node?.stop();
  await product?.stop();
});

interface Sample {
  at: number;
  status: string;
  total: number;
  /** Every category card's whole count, in page order. */
  cards: number[];
  /** Seconds until the next crime of the first category card. */
  firstUntilNext: number;
}

/**
 * Marks the page (a reload would lose the mark) and samples, in the page every 150 ms, the
 * indicator, the total, every card's count and the first card's time to its next crime.
 */
async function startRecording(page: Page) {
  await page.evaluate(`(() => {
    window.__marker = 'before the restart';
    window.__timeOrigin = performance.timeOrigin;
    window.__samples = [];
    const count = (element) => Number(element?.getAttribute('data-value') || NaN);
    window.__sampler = setInterval(() => {
      const indicator = document.querySelector('.live-indicator');
      const status = [...(indicator?.classList ?? [])].find((c) => c.startsWith('live-indicator--'));
      const next = document.querySelector('.category-card__next')?.textContent ?? '';
      window.__samples.push({
        at: Date.now(),
        status: status ? status.slice('live-indicator--'.length) : 'none',
        total: count(document.querySelector('.clock-hero__count')),
        cards: [...document.querySelectorAll('.category-card__count')].map(count),
        firstUntilNext: Number((next.match(/^([\\d,.]+) seconds/)?.[1] ?? 'NaN').replace(/,/g, '')),
      });
    }, 150);
  })()`);
  let loads = 0;
  page.on('load', () => loads++);
  return async () => {
    const result = (await page.evaluate(`(() => {
      clearInterval(window.__sampler);
      return {
        marker: window.__marker,
        sameDocument: window.__timeOrigin === performance.timeOrigin,
        navigations: performance.getEntriesByType('navigation').map((entry) => entry.type),
        samples: window.__samples,
      };
    })()`)) as { marker: string; sameDocument: boolean; navigations: string[]; samples: Sample[] };
    return { ...result, loads };
  };
}

const indicator = (page: Page, status: 'live' | 'reconnecting') =>
  page.locator(`.live-indicator--${status}`).first();

/**
 * How far the first category has come: its count plus its progress bar's scale towards the next
 * crime, read in one go, so it only ever grows (when the crime comes, the count goes up as the
 * bar starts again). The "until next" text is in hours and minutes at the police sample's pace,
 * too coarse to see move.
 */
const firstCardCome = async (page: Page) => {
  const { count, transform } = (await page.evaluate(`(() => {
    const card = document.querySelector('.category-card');
    const bar = card?.querySelector('.category-card__progress .clock-progress__bar');
    return {
      count: card?.querySelector('.category-card__count')?.getAttribute('data-value') ?? '',
      transform: bar ? getComputedStyle(bar).transform : 'no bar',
    };
  })()`)) as { count: string; transform: string };
  // The computed transform of a horizontal scale is matrix(scaleX, 0, 0, 1, 0, 0).
  const scale = /^matrix\(([\d.e-]+),/.exec(transform);
  if (!scale || count === '') throw new Error(`the first card reads ${count} with a bar of ${transform}`);
  return Number(count) + Number(scale[1]);
};

describe('clock pages across a realtime server restart', () => {
  it('survives a realtime restart (count continues, no reload)', { timeout: 240_000 }, async () => {
    const context = browser!.context;
    const csew = await context.newPage();
    const police = await context.newPage();
    try {
      await csew.goto('/crime-clock');
      await police.goto('/police-crime-clock');
      const pages = [csew, police];
      for (const page of pages) await indicator(page, 'live').waitFor({ timeout: 50_000 });
      const stops = await Promise.all(pages.map(startRecording));
      await csew.waitForTimeout(2_000);

      await node!.stop('SIGKILL');
      for (const page of pages) await indicator(page, 'reconnecting').waitFor({ timeout: 20_000 });
      // The counts run on without the server for a while.
      await csew.waitForTimeout(2_000);

      node = await startRealtime();
      // Socket.IO's back-off (1 s doubling up to 10 s, randomised) sets when each page is back.
      for (const page of pages) await indicator(page, 'live').waitFor({ timeout: 60_000 });
      const shownTotal = async () =>
        Number(await csew.locator('.clock-hero__count').first().getAttribute('data-value'));
      const totalAfter = await shownTotal();
      // Back in step with the server: the page shows the count every screen shows now.
      const served = (await (await fetch(`${product!.baseUrl}/api/csew-clock`)).json()) as {
        totalCrimes: number;
      };
      expect(Math.abs(totalAfter - served.totalCrimes)).toBeLessThanOrEqual(2);
      const comeAfter = await firstCardCome(police);
      // The survey clock (about 0.3 crimes a second) keeps counting up; the police sample is far
      // slower, so there the first category's way towards its next crime goes on (or that crime
      // came, and its count went up as its progress began again).
      await expect.poll(shownTotal, { timeout: 20_000, interval: 200 }).toBeGreaterThan(totalAfter);
      await police.waitForTimeout(1_500);
      expect(await firstCardCome(police)).toBeGreaterThan(comeAfter);

      for (const [index, stop] of stops.entries()) {
        const name = index === 0 ? '/crime-clock' : '/police-crime-clock';
        const { marker, sameDocument, navigations, samples, loads } = await stop();
        // Never reloaded: the same document, loaded once.
        expect(marker, name).toBe('before the restart');
        expect(sameDocument, name).toBe(true);
        expect(navigations, name).toEqual(['navigate']);
        expect(loads, name).toBe(0);

        // Live, then reconnecting, then live again, sampled throughout without a gap.
        const statuses = samples.map((s) => s.status).filter((s, i, all) => s !== all[i - 1]);
        expect(statuses[0], name).toBe('live');
        expect(statuses.at(-1), name).toBe('live');
        expect(statuses.indexOf('reconnecting'), name).toBeGreaterThan(0);
        for (let i = 1; i < samples.length; i++) {
          expect(samples[i]!.at - samples[i - 1]!.at, name).toBeLessThan(5_000);
        }

        // No number shown ever went back, across the restart.
        for (let i = 1; i < samples.length; i++) {
          const [before, after] = [samples[i - 1]!, samples[i]!];
          expect(after.total, `${name} total at ${after.at}`).toBeGreaterThanOrEqual(before.total);
          expect(after.cards.length, name).toBe(before.cards.length);
          for (const [card, count] of after.cards.entries()) {
            expect(count, `${name} card ${card} at ${after.at}`).toBeGreaterThanOrEqual(before.cards[card]!);
          }
        }
        expect(samples.every((s) => Number.isFinite(s.total) && s.cards.length > 0)).toBe(true);
      }
      expect(browser!.pageErrors.map((error) => error.message)).toEqual([]);
    } finally {
      await csew.close();
      await police.close();
    }
  });
});
