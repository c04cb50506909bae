/**
 * The Welsh pages (issue 34): `/cy/...` addresses, `<html lang>`, the language switch and the
 * cookie that keeps the choice, no English message of ours on a translated page, nothing
 * overflowing its box at 360 and 1920 px (Welsh words run long), and axe clean.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import cy from '../../common/i18n/messages/cy.json' with { type: 'json' };
import en from '../../common/i18n/messages/en.json' with { type: 'json' };
import { blocking, formatViolations, runAxe } from '../support/axe.ts';
import { startProductWithBrowser, type ProductWithBrowser } from '../support/product-with-browser.ts';

let running: ProductWithBrowser | undefined;
let page: Page;

beforeAll(async () => {
  running = await startProductWithBrowser();
  page = await running.browser.open('/');
}, 300_000);

afterAll(async () => {
  await running?.close();
});

/** The Welsh pages translated so far (docs/i18n.md lists the rest). */
const WELSH_PAGES = ['/cy', '/cy/glossary', '/cy/no-such-page'];
const WIDTHS = [
  { width: 360, height: 800 },
  { width: 1920, height: 1080 },
];

/**
 * The English wording of every message whose Welsh differs: each run of plain text between ICU
 * arguments and tags, long enough not to be a word Welsh shares (such as "data" or "CSEW").
 */
const ENGLISH_PHRASES = Object.entries(en)
  .filter(([id, text]) => (cy as Record<string, string>)[id] !== text)
  .flatMap(([, text]) => text.split(/<\/?\w+>|\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}/))
  .map((part) => part.trim())
  .filter((part) => part.length >= 6);

/** Runs in the page: block boxes in the header and main whose content is wider or taller than they are. */
const OVERFLOWING = `(() => {
  const found = [];
  const root = document.documentElement;
  if (root.scrollWidth > root.clientWidth) found.push('document ' + root.scrollWidth + ' px wide in ' + root.clientWidth);
  for (const el of document.querySelectorAll('header *, main *')) {
    const style = getComputedStyle(el);
    if (style.display.startsWith('inline') && style.display !== 'inline-block' && style.display !== 'inline-flex') continue;
    if (style.display === 'none' || !(el.textContent ?? '').trim() || el.getClientRects().length === 0) continue;
    if (el.scrollWidth > el.clientWidth + 1) {
      found.push(el.tagName.toLowerCase() + '.' + el.className + ' "' + (el.textContent ?? '').trim().slice(0, 40) + '": ' + el.scrollWidth + ' px of content in ' + el.clientWidth);
    }
  }
  return found;
})()`;

/** Runs in the page: the visible text of the header and main, with their aria-labels. */
const HEADER_AND_MAIN_TEXT = `[...document.querySelectorAll('header, main')]
  .map((el) => el.innerText + ' ' + [...el.querySelectorAll('[aria-label]')].map((e) => e.getAttribute('aria-label')).join(' '))
  .join('\\n')`;

async function headerAndMainText(p: Page): Promise<string> {
  return (await p.evaluate(HEADER_AND_MAIN_TEXT)) as string;
}

describe('the Welsh pages', () => {
  for (const path of WELSH_PAGES) {
    it(`${path} is Welsh, fits at 360 and 1920 px, and passes axe`, async () => {
      const problems: string[] = [];
      for (const { width, height } of WIDTHS) {
        await page.setViewportSize({ width, height });
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        expect(await page.getAttribute('html', 'lang')).toBe('cy');
        const text = await headerAndMainText(page);
        for (const phrase of ENGLISH_PHRASES) {
          if (text.includes(phrase)) problems.push(`${path} at ${width} px shows English: "${phrase}"`);
        }
        for (const overflow of (await page.evaluate(OVERFLOWING)) as string[]) {
          problems.push(`${path} at ${width} px overflows: ${overflow}`);
        }
        const axe = formatViolations(blocking(await runAxe(page)));
        if (axe) problems.push(`${path} at ${width} px: axe\n${axe}`);
      }
      expect(problems.join('\n')).toBe('');
    }, 120_000);
  }

  it('keeps Welsh links Welsh', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/cy');
    const nav = page.getByRole('navigation', { name: cy['header.navLabel'] });
    expect(await nav.getByRole('link', { name: cy['header.nav.search'] }).getAttribute('href')).toBe(
      '/cy/search',
    );
    await page.getByRole('link', { name: cy['landing.csewCard.title'] }).click();
    await page.waitForURL('**/cy/crime-clock');
  });
});

describe('the language switch', () => {
  it('reads "English" on a Welsh page and "Cymraeg" on an English one, and keeps the choice', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/cy/glossary');
    await page.getByRole('link', { name: 'English', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/glossary');
    await page.getByRole('heading', { level: 1, name: en['glossary.title'] }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    const cookies = async () => (await page.context().cookies()).find((c) => c.name === 'lang')?.value;
    expect(await cookies()).toBe('en');

    await page.getByRole('link', { name: 'Cymraeg', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/cy/glossary');
    await page.getByRole('heading', { level: 1, name: cy['glossary.title'] }).waitFor();
    expect(await cookies()).toBe('cy');

    // The choice is kept: an English address now opens in Welsh.
    await page.goto('/');
    await page.waitForURL((url) => url.pathname === '/cy');
    await page.getByRole('heading', { level: 1, name: cy['landing.title'] }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('cy');
    await page.getByRole('link', { name: 'English', exact: true }).waitFor();
  }, 60_000);
});
