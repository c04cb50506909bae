/**
 * A phone's narrow screen: an error the visitor must read is brought into view, focused and
 * announced, with the field it is about marked invalid (never the "valid" green); and every count
 * of the embeds (each size) and the wall screen stays on one line, uncut, from 300 px up, as do
 * the force names of the data status chart.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProductWithBrowser, type ProductWithBrowser } from '../support/product-with-browser.ts';

const PHONE = { width: 390, height: 844 };
const NARROW_WIDTHS = [300, 320, 390] as const;
/** The postcode box's "valid" border (--input-valid). */
const VALID_GREEN = 'rgb(21, 128, 61)';
const LIVE_TIMEOUT = 50_000;

let running: ProductWithBrowser | undefined;

beforeAll(async () => {
  running = await startProductWithBrowser();
}, 300_000);

afterAll(async () => {
  await running?.close();
});

async function openAt(url: string, viewport: { width: number; height: number }): Promise<Page> {
  if (!running) throw new Error('the product did not start');
  const page = await running.browser.context.newPage();
  await page.setViewportSize(viewport);
  await page.goto(url);
  return page;
}

/** Where an element is against the viewport, whether focus is on it (or inside it), and its field. */
async function errorState(page: Page, errorSelector: string) {
  // The page's globals through the element: this project's types have no DOM.
  return page.locator(errorSelector).evaluate((error) => {
    const { activeElement: active, defaultView: view } = error.ownerDocument;
    const box = error.getBoundingClientRect();
    const described = active?.getAttribute('aria-describedby')?.split(/\s+/) ?? [];
    return {
      inView: box.top >= 0 && box.left >= 0 && box.bottom <= view.innerHeight && box.right <= view.innerWidth,
      // Focus on the error, or on the field the error describes.
      focused:
        active === error || error.contains(active) || (error.id !== '' && described.includes(error.id)),
      announced:
        error.getAttribute('role') === 'alert' ||
        ['assertive', 'polite'].includes(error.getAttribute('aria-live') ?? ''),
    };
  });
}

async function fieldState(page: Page, fieldSelector: string) {
  return page.locator(fieldSelector).evaluate((field) => ({
    invalid: field.getAttribute('aria-invalid'),
    describedBy: field.getAttribute('aria-describedby') ?? '',
    border: field.ownerDocument.defaultView.getComputedStyle(field).borderTopColor,
  }));
}

describe('errors in view on a 390 px phone', () => {
  it('brings a refused search into view and focus, and marks the postcode invalid, not green', async () => {
    const page = await openAt('/search', PHONE);
    try {
      const postcode = page.getByRole('combobox', { name: 'UK postcode' });
      await postcode.fill('ZZ9 9ZZ');
      // Well formed: the box turns green before the search (once its short transition ends).
      await expect
        .poll(async () => (await fieldState(page, '.postcode-combobox__input')).border)
        .toBe(VALID_GREEN);
      await page.getByRole('button', { name: 'Search Crime Data' }).click();
      const error = page.locator('.search-error');
      await error.waitFor();
      await expect.poll(async () => (await errorState(page, '.search-error')).focused).toBe(true);
      const shown = await errorState(page, '.search-error');
      expect(shown).toEqual({ inView: true, focused: true, announced: true });

      const field = await fieldState(page, '.postcode-combobox__input');
      expect(field.invalid).toBe('true');
      // The refused colour, once the border's transition has ended.
      await expect
        .poll(async () => (await fieldState(page, '.postcode-combobox__input')).border)
        .toBe(
          await page.locator('body').evaluate((body) => {
            const probe = body.ownerDocument.createElement('div');
            probe.style.color = 'var(--input-invalid)';
            body.append(probe);
            const colour = body.ownerDocument.defaultView.getComputedStyle(probe).color;
            probe.remove();
            return colour;
          }),
        );
      expect(field.border).not.toBe(VALID_GREEN);
      expect(field.describedBy.split(' ')).toContain(await error.getAttribute('id'));

      // A new postcode is not blamed for the last one's refusal.
      await postcode.fill('SW1A 1AA');
      expect((await fieldState(page, '.postcode-combobox__input')).invalid).toBeNull();
    } finally {
      await page.close();
    }
  });

  it("says the form's own refusal under the field, focused and in view", async () => {
    const page = await openAt('/search', PHONE);
    try {
      // An empty postcode, sent with Enter (the button waits for a postcode).
      await page.getByRole('combobox', { name: 'UK postcode' }).press('Enter');
      const error = page.locator('.postcode-combobox .field__error');
      await error.waitFor();
      expect(await errorState(page, '.postcode-combobox .field__error')).toEqual({
        inView: true,
        focused: true,
        announced: true,
      });
      expect((await fieldState(page, '.postcode-combobox__input')).invalid).toBe('true');

      // A force search without its force: the force list is refused, focused and in view.
      await page.getByRole('button', { name: 'Advanced Search Options' }).click();
      await page.getByRole('radio', { name: /Police Force/ }).check();
      const force = page.getByLabel('Police force', { exact: true });
      await force.waitFor();
      await page.getByRole('button', { name: 'Search Crime Data' }).click();
      await expect.poll(() => force.getAttribute('aria-invalid')).toBe('true');
      const forceError = await force.evaluate((select) => {
        const id = select.getAttribute('aria-describedby')?.split(' ')[0] ?? '';
        const doc = select.ownerDocument;
        const box = doc.getElementById(id)?.getBoundingClientRect();
        return {
          focused: doc.activeElement === select,
          errorInView: box !== undefined && box.top >= 0 && box.bottom <= doc.defaultView.innerHeight,
          text: doc.getElementById(id)?.textContent ?? '',
        };
      });
      expect(forceError.focused).toBe(true);
      expect(forceError.errorInView).toBe(true);
      expect(forceError.text).not.toBe('');
    } finally {
      await page.close();
    }
  });

  it("brings the contact form's refusal into view and focus, and marks the email invalid", async () => {
    const page = await openAt('/crime-clock', PHONE);
    try {
      await page.getByRole('button', { name: 'Contact' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Name').fill('A Reader');
      await dialog.getByLabel('Email').fill('not-an-address');
      await dialog.getByLabel('Message').fill('A question about the figures.');
      await dialog.getByRole('button', { name: 'Send Message' }).click();
      const error = dialog.locator('.alert--destructive');
      await error.waitFor();
      await expect
        .poll(async () => (await errorState(page, 'dialog .alert--destructive')).focused)
        .toBe(true);
      expect(await errorState(page, 'dialog .alert--destructive')).toEqual({
        inView: true,
        focused: true,
        announced: true,
      });
      const email = await fieldState(page, 'dialog input[type="email"]');
      expect(email.invalid).toBe('true');
      expect(email.describedBy).toBe(await error.getAttribute('id'));
    } finally {
      await page.close();
    }
  });
});

/** Each count on the page: its number of line boxes, and whether it is cut or runs off the screen. */
async function countFits(page: Page, selector: string) {
  return page.locator(selector).evaluateAll((counts) =>
    counts.map((count) => {
      const doc = count.ownerDocument;
      const range = doc.createRange();
      range.selectNodeContents(count);
      const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      const box = count.getBoundingClientRect();
      const inline = doc.defaultView.getComputedStyle(count).display === 'inline';
      return {
        text: count.textContent,
        lines,
        cut: !inline && count.scrollWidth > count.clientWidth,
        offScreen: box.left < 0 || box.right > doc.documentElement.clientWidth,
      };
    }),
  );
}

/** The same, for a ten-character count ("10,000,000"), the widest a year's count reaches. */
async function widestCountFits(page: Page, selector: string) {
  return page.locator(selector).evaluateAll((counts) =>
    counts.map((count) => {
      const shown = count.textContent;
      count.textContent = '10,000,000';
      const doc = count.ownerDocument;
      const range = doc.createRange();
      range.selectNodeContents(count);
      const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      const fits = {
        lines,
        cut: count.scrollWidth > count.clientWidth,
        offScreen: count.getBoundingClientRect().right > doc.documentElement.clientWidth,
      };
      count.textContent = shown;
      return fits;
    }),
  );
}

const EMBEDS = ['/embed/crime-clock', '/embed/police-crime-clock'].flatMap((path) =>
  ['', '?size=compact', '?size=large'].map((query) => `${path}${query}`),
);

describe.each(NARROW_WIDTHS)('counts at %i px', (width) => {
  it.each(EMBEDS)('keeps the count of %s on one line, uncut', async (url) => {
    const page = await openAt(url, { width, height: 400 });
    try {
      await page.locator('.embed__count[data-value]').waitFor({ timeout: LIVE_TIMEOUT });
      for (const fit of await countFits(page, '.clock-count')) {
        expect(fit, `${url}: ${fit.text}`).toMatchObject({ lines: 1, cut: false, offScreen: false });
      }
      for (const fit of await widestCountFits(page, '.embed__count')) {
        expect(fit, `${url}: 10,000,000`).toEqual({ lines: 1, cut: false, offScreen: false });
      }
    } finally {
      await page.close();
    }
  });

  it.each(['/crime-clock?kiosk=1', '/police-crime-clock?kiosk=1'])(
    'keeps every count of %s on one line, uncut',
    async (url) => {
      const page = await openAt(url, { width, height: 700 });
      try {
        await page.locator('.kiosk__count[data-value]').waitFor({ timeout: LIVE_TIMEOUT });
        const fits = await countFits(page, '.clock-count');
        expect(fits.length).toBeGreaterThan(1);
        for (const fit of fits) {
          expect(fit, `${url}: ${fit.text}`).toMatchObject({ lines: 1, cut: false, offScreen: false });
        }
      } finally {
        await page.close();
      }
    },
  );

  it('shows every force name of the data status chart whole', async () => {
    const page = await openAt('/data-status', { width, height: 800 });
    try {
      await page.locator('.force-grid__force').first().waitFor({ timeout: LIVE_TIMEOUT });
      const cut = await page.locator('.force-grid__force').evaluateAll((names) =>
        names
          .filter((name) => {
            const svg = name.closest('svg')!.getBoundingClientRect();
            const box = name.getBoundingClientRect();
            return box.left < svg.left || box.left < 0 || box.width === 0;
          })
          .map((name) => name.textContent),
      );
      expect(cut).toEqual([]);
      const names = await page.locator('.force-grid__force').allTextContents();
      expect(names).toContain('Greater Manchester');
    } finally {
      await page.close();
    }
  });
});
