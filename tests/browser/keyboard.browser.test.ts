/**
 * Keyboard only, on the pages the search and sign-in walkthroughs (accessibility.browser.test.ts)
 * do not cover: the clocks, the wall-screen view's controls and every admin page. On each, Tab
 * from the top of the page must reach every control a mouse can reach, and the controls that
 * lead somewhere must work from the keyboard.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstAdminOf, logIn } from '../support/admin-sign-in.ts';
import { startProductWithBrowser, type ProductWithBrowser } from '../support/product-with-browser.ts';

let running: ProductWithBrowser | undefined;
let page: Page;

beforeAll(async () => {
  running = await startProductWithBrowser();
  page = await running.browser.open('/');
});

afterAll(async () => {
  await running?.close();
});

/**
 * Marks every control a pointer could use (visible links, enabled buttons and fields, summaries,
 * anything with a non-negative tabindex; of a radio group only the selected radio, as the arrows
 * move within the group) and returns how many there are. Runs in the page.
 */
const MARK_CONTROLS = `(() => {
  const selector = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';
  const controls = [...document.querySelectorAll(selector)].filter((el) => {
    if (el.closest('[inert], [aria-hidden="true"], details:not([open]) > :not(summary)')) return false;
    if (el.type === 'radio' && !el.checked && el.form && [...el.form.elements].some((o) => o.name === el.name && o.checked)) return false;
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  });
  document.querySelectorAll('[data-keyboard-check]').forEach((el) => el.removeAttribute('data-keyboard-check'));
  controls.forEach((el, i) => el.setAttribute('data-keyboard-check', String(i)));
  return controls.length;
})()`;

/** Presses Tab from the top of the page until every marked control has had the focus. */
async function expectEveryControlTabbable(what: string): Promise<void> {
  await page.evaluate('document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0)');
  const count = (await page.evaluate(MARK_CONTROLS)) as number;
  expect(count, `no controls found on ${what}`).toBeGreaterThan(0);
  const reached = new Set<string>();
  for (let i = 0; i < count * 2 + 10 && reached.size < count; i++) {
    await page.keyboard.press('Tab');
    const mark = (await page.evaluate(
      `document.activeElement ? document.activeElement.getAttribute('data-keyboard-check') : null`,
    )) as string | null;
    if (mark !== null) reached.add(mark);
  }
  const missed = (await page.evaluate(
    `[...document.querySelectorAll('[data-keyboard-check]')]
      .filter((el) => !${JSON.stringify([...reached])}.includes(el.getAttribute('data-keyboard-check')))
      .map((el) => el.outerHTML.slice(0, 140))`,
  )) as string[];
  expect(missed, `controls Tab never reached on ${what}`).toEqual([]);
}

/** Tabs to the control with this accessible text and presses Enter on it. */
async function tabToAndPress(name: string, key = 'Enter'): Promise<void> {
  await page.evaluate('document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0)');
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press('Tab');
    const text = (await page.evaluate(
      `(() => { const el = document.activeElement; return el ? (el.getAttribute('aria-label') || el.textContent || '').replace(/\\s+/g, ' ').trim() : ''; })()`,
    )) as string;
    // textContent runs a card's title and text together; compare without the spaces.
    if (text.replace(/\s+/g, '') === name.replace(/\s+/g, '')) {
      await page.keyboard.press(key);
      return;
    }
  }
  throw new Error(`Tab never reached "${name}"`);
}

const live = () =>
  page
    .locator('.live-indicator', { hasText: /^Live$/ })
    .first()
    .waitFor({ timeout: 50_000 });

describe('keyboard only, public pages', () => {
  it('the survey clock: every control reachable; Enter opens the contact form', async () => {
    await page.goto('/crime-clock');
    await live();
    await expectEveryControlTabbable('/crime-clock');
    await tabToAndPress('Contact');
    const contact = page.getByRole('dialog', { name: 'Contact Us' });
    await contact.waitFor();
    await page.keyboard.press('Escape');
    await contact.waitFor({ state: 'hidden' });
  });

  it('the police clock: every control reachable', async () => {
    await page.goto('/police-crime-clock');
    await live();
    await expectEveryControlTabbable('/police-crime-clock');
  });

  it('the wall-screen view: its controls are reachable and Exit works from the keyboard', async () => {
    for (const path of ['/crime-clock', '/police-crime-clock']) {
      await page.goto(`${path}?kiosk=1`);
      await page.locator('.kiosk').waitFor();
      await live();
      await expectEveryControlTabbable(`${path}?kiosk=1`);
      await tabToAndPress('Exit wall-screen view');
      await page.waitForURL((url) => url.pathname === path && !url.search.includes('kiosk'));
    }
  });

  it('the landing page, the privacy policy and the embeds: every control reachable', async () => {
    for (const path of ['/', '/privacy-policy', '/embed/crime-clock', '/embed/police-crime-clock']) {
      await page.goto(path);
      await page.locator('h1, .embed__count[data-value]').first().waitFor({ timeout: 50_000 });
      await expectEveryControlTabbable(path);
    }
  });
});

describe('keyboard only, admin pages signed in', () => {
  beforeAll(async () => {
    await page.goto('/');
    await logIn(page, firstAdminOf(running!.product));
  });

  const ADMIN_PAGES: [string, string | RegExp][] = [
    ['/admin', 'Admin Dashboard'],
    ['/admin/csew-data', 'CSEW Data Viewer'],
    ['/admin/smtp-settings', /Email|SMTP/],
    ['/admin/messages', 'Messages'],
    ['/admin/api-keys', 'API Keys'],
    ['/admin/algorithms', /Severity|Algorithm/],
    ['/admin/police-crime-clock', /Police/],
    ['/admin/security', /Security/],
  ];

  for (const [path, heading] of ADMIN_PAGES) {
    it(`${path}: every control reachable`, async () => {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      // Let the page's data arrive, so the controls it brings are counted too.
      await page.waitForLoadState('networkidle');
      await expectEveryControlTabbable(path);
    });
  }

  it('the dashboard: a tool opens with Enter, and an API key is generated from the keyboard', async () => {
    await page.goto('/admin');
    await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
    const tool = page.locator('.admin-tool').first();
    const target = new URL((await tool.getAttribute('href'))!, running!.product.baseUrl).pathname;
    const title = (await tool.locator('.admin-tool__title').innerText()).trim();
    const toolText = (await tool.innerText()).replace(/\s+/g, ' ').trim();
    await tabToAndPress(toolText);
    await page.waitForURL((url) => url.pathname === target);
    expect(title.length).toBeGreaterThan(0);

    await page.goto('/admin/api-keys');
    await page.getByRole('heading', { level: 1, name: 'API Keys' }).waitFor();
    await page.getByLabel(/^Key Name/).focus();
    await page.keyboard.type('Keyboard key');
    await tabToAndPress('Generate API Key');
    const dialog = page.getByRole('dialog', { name: 'Your New API Key' });
    await dialog.waitFor();
    await tabToDialogButton("I've Saved the Key");
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('row', { name: /Keyboard key/ }).waitFor();
  });
});

/** Inside a modal dialog Tab stays in it; Tab until the button has the focus, then Enter. */
async function tabToDialogButton(name: string): Promise<void> {
  for (let i = 0; i < 20; i++) {
    const text = (await page.evaluate(
      `document.activeElement ? document.activeElement.textContent.trim() : ''`,
    )) as string;
    if (text === name) {
      await page.keyboard.press('Enter');
      return;
    }
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached "${name}" in the dialog`);
}

it('threw no error in any page', () => {
  expect(running!.browser.pageErrors.map((error) => error.message)).toEqual([]);
});
