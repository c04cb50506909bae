/**
 * WCAG 2.2, 2.4.11 Focus Not Obscured (Minimum): the sticky site header must not cover the control
 * that has the focus. Tabbing to a control that sits under the header (the page scrolled so a
 * result's "Show on map" lies beneath it) must bring it out from under: the point at its centre
 * is the control itself, not the header. On a phone, where the header wraps to two rows, and on a
 * laptop.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProductWithBrowser, type ProductWithBrowser } from '../support/product-with-browser.ts';

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
] as const;

let running: ProductWithBrowser | undefined;

beforeAll(async () => {
  running = await startProductWithBrowser();
});

afterAll(async () => {
  await running?.close();
});

/**
 * Scrolls the page so the marked button lies under the header (its centre at the middle of the
 * header's height) and returns where it then is.
 */
const PUT_UNDER_HEADER = `(() => {
  const target = document.querySelector('[data-focus-check]');
  const header = document.querySelector('.site-header');
  if (!target || !header) throw new Error('no marked button, or no header');
  const box = target.getBoundingClientRect();
  const headerBox = header.getBoundingClientRect();
  window.scrollBy(0, box.top + box.height / 2 - headerBox.height / 2);
  const after = target.getBoundingClientRect();
  return { top: after.top, bottom: after.bottom, headerBottom: header.getBoundingClientRect().bottom };
})()`;

/** Whether the point at the centre of the focused control is that control (or inside it), and its top below the header. */
const FOCUS_UNCOVERED = `(() => {
  const el = document.activeElement;
  const box = el.getBoundingClientRect();
  const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  return {
    marked: el.hasAttribute('data-focus-check'),
    uncovered: hit !== null && (hit === el || el.contains(hit)),
    hit: hit ? hit.outerHTML.slice(0, 80) : null,
    clearOfHeader: box.top >= document.querySelector('.site-header').getBoundingClientRect().bottom,
  };
})()`;

async function searchResults(page: Page) {
  await page.getByRole('heading', { name: 'Crime Incidents' }).waitFor({ timeout: 30_000 });
  await page.locator('.incidents[aria-busy="false"]').waitFor({ timeout: 30_000 });
}

describe.each(VIEWPORTS)('at $width x $height', (viewport) => {
  it('brings a control tabbed to from under the sticky header into view', async () => {
    await running!.browser.withPage('/search?type=radius&postcode=SW1A+1AA&period=6months', async (page) => {
      await page.setViewportSize(viewport);
      await searchResults(page);
      // The page's scroll padding (what a focused control is scrolled clear of) covers the header.
      const [headerHeight, scrollPadding] = (await page.evaluate(
        `[document.querySelector('.site-header').getBoundingClientRect().height, parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop)]`,
      )) as [number, number];
      expect(scrollPadding).toBeGreaterThanOrEqual(headerHeight);
      // The control before the third "Show on map": Shift+Tab from the button itself.
      await page.getByRole('button', { name: 'Show on map' }).nth(2).focus();
      await page.evaluate(`document.activeElement.setAttribute('data-focus-check', '')`);
      await page.keyboard.press('Shift+Tab');
      const placed = (await page.evaluate(PUT_UNDER_HEADER)) as {
        top: number;
        bottom: number;
        headerBottom: number;
      };
      // The set-up holds: the button is on screen and the header lies over it.
      expect(placed.top).toBeGreaterThanOrEqual(0);
      expect(placed.top).toBeLessThan(placed.headerBottom);
      await page.keyboard.press('Tab');
      const focus = (await page.evaluate(FOCUS_UNCOVERED)) as {
        marked: boolean;
        uncovered: boolean;
        hit: string | null;
        clearOfHeader: boolean;
      };
      expect(focus.marked, 'Tab reached the button that was under the header').toBe(true);
      expect(focus.uncovered, `the header covers the focused button (found ${focus.hit})`).toBe(true);
      expect(focus.clearOfHeader, 'the focused button starts below the header').toBe(true);
    });
  });
});
