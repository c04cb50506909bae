/**
 * Every page at the widths people use: two phones (360, 390 px), a tablet (768), a laptop (1280)
 * and a wall screen (1920). At each width a page must have no horizontal overflow, no clipped
 * text, no text under 12 px, body text of 16 px on a phone, and no serious or critical axe finding.
 *
 * One product and one browser tab for the whole file: each page is loaded once and the tab is
 * resized through the widths, so the file stays within a few minutes on a small machine.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstAdminOf, logIn } from '../support/admin-sign-in.ts';
import { blocking, formatViolations, runAxe } from '../support/axe.ts';
import { startProductWithBrowser, type ProductWithBrowser } from '../support/product-with-browser.ts';

const WIDTHS = [360, 390, 768, 1280, 1920] as const;
const PHONE_WIDTH = 480;
/** A height for each width: phones are tall, screens are 16:9. */
const heightOf = (width: number) =>
  width < PHONE_WIDTH ? 800 : width < 1000 ? 1024 : Math.round((width * 9) / 16);

let running: ProductWithBrowser | undefined;
let page: Page;

beforeAll(async () => {
  running = await startProductWithBrowser();
  page = await running.browser.open('/');
}, 300_000);

afterAll(async () => {
  await running?.close();
});

/** What a page shows once it is ready to be measured. */
interface PageCase {
  path: string;
  ready: (page: Page) => Promise<void>;
}

const heading = (name: string | RegExp) => (p: Page) =>
  p.getByRole('heading', { level: 1, name }).first().waitFor();
const live = (p: Page) =>
  p
    .locator('.live-indicator', { hasText: /^Live$/ })
    .first()
    .waitFor({ timeout: 50_000 });
const embedCount = (p: Page) => p.locator('.embed__count[data-value]').first().waitFor({ timeout: 50_000 });

const PUBLIC_PAGES: PageCase[] = [
  { path: '/', ready: heading(/Crime Clock/) },
  { path: '/crime-clock', ready: live },
  { path: '/police-crime-clock', ready: live },
  { path: '/crime-clock?kiosk=1', ready: live },
  { path: '/police-crime-clock?kiosk=1', ready: live },
  // An area's clock: a three-figure count in the sample, as tall as the screen lets it be.
  { path: '/police-crime-clock?kiosk=1&area=postcode:SW1A1AA', ready: live },
  { path: '/embed/crime-clock', ready: embedCount },
  { path: '/embed/police-crime-clock?theme=dark', ready: embedCount },
  { path: '/search', ready: heading(/^Crime Data Search: /) },
  {
    path: '/search?type=radius&postcode=SW1A+1AA&period=6months',
    ready: async (p) => {
      await p.locator('.incidents[aria-busy="false"]').waitFor({ timeout: 30_000 });
      await p.locator('.monthly-chart__bar').first().waitFor();
    },
  },
  { path: '/privacy-policy', ready: heading(/Privacy/) },
  { path: '/glossary', ready: heading('Glossary') },
  { path: '/no-such-page', ready: (p) => p.getByRole('heading', { level: 1 }).waitFor() },
  { path: '/admin', ready: (p) => p.getByRole('heading', { name: 'Access Denied' }).waitFor() },
];

const ADMIN_PAGES: PageCase[] = [
  { path: '/admin', ready: heading('Admin Dashboard') },
  { path: '/admin/csew-data', ready: heading('CSEW Data Viewer') },
  { path: '/admin/smtp-settings', ready: (p) => p.getByRole('button', { name: 'Save Settings' }).waitFor() },
  { path: '/admin/messages', ready: heading('Messages') },
  { path: '/admin/api-keys', ready: heading('API Keys') },
  { path: '/admin/algorithms', ready: (p) => p.getByTestId('severity-shoplifting').waitFor() },
  { path: '/admin/police-crime-clock', ready: (p) => p.getByRole('heading', { level: 1 }).waitFor() },
  { path: '/admin/security', ready: (p) => p.getByRole('heading', { level: 1 }).waitFor() },
];

interface Measured {
  overflow: string | null;
  clipped: string[];
  tiny: string[];
  bodyText: string[];
}

/**
 * Runs in the page. Text is "clipped" when an element that hides its overflow (or ends lines with
 * an ellipsis) holds text and is smaller than its content; screen-reader-only text (1 px boxes)
 * is meant to be hidden and does not count.
 */
const MEASURE = `(phone) => {
  const describe = (el) => {
    const cls =
      typeof el.className === 'string' && el.className
        ? \`.\${el.className.trim().split(/\\s+/).join('.')}\`
        : '';
    const text = (el.textContent ?? '').replace(/\\s+/g, ' ').trim().slice(0, 40);
    return \`\${el.tagName.toLowerCase()}\${cls} "\${text}"\`;
  };
  const visible = (el) => {
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || style.display === 'none') return false;
    const box = el.getBoundingClientRect();
    return box.width > 1 && box.height > 1 && el.checkVisibility({ opacityProperty: false });
  };
  const root = document.documentElement;
  const overflow =
    root.scrollWidth > root.clientWidth
      ? \`document is \${root.scrollWidth} px wide in \${root.clientWidth} px\`
      : null;

  const clipped = [];
  for (const el of document.body.querySelectorAll('*')) {
    const style = getComputedStyle(el);
    const hides = (value) => value === 'hidden' || value === 'clip';
    const ellipsis = style.textOverflow === 'ellipsis';
    if (!hides(style.overflowX) && !hides(style.overflowY) && !ellipsis) continue;
    if (!(el.textContent ?? '').trim() || !visible(el)) continue;
    const wide = (hides(style.overflowX) || ellipsis) && el.scrollWidth > el.clientWidth + 1;
    const tall = hides(style.overflowY) && el.scrollHeight > el.clientHeight + 1;
    if (wide || tall) {
      clipped.push(
        \`\${describe(el)}: content \${el.scrollWidth}x\${el.scrollHeight} in \${el.clientWidth}x\${el.clientHeight}\`,
      );
    }
  }

  const tiny = [];
  const seen = new Set();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || seen.has(parent) || !(node.textContent ?? '').trim()) continue;
    seen.add(parent);
    if (parent.closest('script, style, noscript, title') || !visible(parent)) continue;
    const size = parseFloat(getComputedStyle(parent).fontSize);
    if (size < 11.95) tiny.push(\`\${describe(parent)}: \${size.toFixed(1)} px\`);
  }

  // Body text: the page's base size and its running paragraphs (those the page gives no class of their own).
  const bodyText = [];
  if (phone) {
    const base = parseFloat(getComputedStyle(document.body).fontSize);
    if (base < 16) bodyText.push(\`body: \${base} px\`);
    for (const p of document.querySelectorAll('main p:not([class]), main li:not([class])')) {
      if (!visible(p) || !(p.textContent ?? '').trim()) continue;
      const size = parseFloat(getComputedStyle(p).fontSize);
      if (size < 15.95) bodyText.push(\`\${describe(p)}: \${size} px\`);
    }
  }
  return { overflow, clipped, tiny, bodyText };
}`;

/** Resizes the tab, lets it lay out and names what is wrong at that size (no axe). */
async function layoutProblems(path: string, width: number, height: number): Promise<string[]> {
  await page.setViewportSize({ width, height });
  // Two frames: one for the resize to lay out, one for anything sized from a ResizeObserver.
  await page.evaluate(
    'new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))',
  );
  const found = (await page.evaluate(`(${MEASURE})(${width < PHONE_WIDTH})`)) as Measured;
  const at = `${path} at ${width}x${height}`;
  return [
    ...(found.overflow ? [`${at}: horizontal overflow, ${found.overflow}`] : []),
    ...found.clipped.map((clip) => `${at}: clipped text in ${clip}`),
    ...found.tiny.map((small) => `${at}: text under 12 px in ${small}`),
    ...found.bodyText.map((body) => `${at}: body text under 16 px on a phone in ${body}`),
  ];
}

/** Loads the page once, then for each width: resize, let it lay out, measure, run axe. */
async function checkAtEveryWidth(pageCase: PageCase): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(pageCase.path);
  await pageCase.ready(page);
  const problems: string[] = [];
  for (const width of WIDTHS) {
    const at = `${pageCase.path} at ${width}x${heightOf(width)}`;
    problems.push(...(await layoutProblems(pageCase.path, width, heightOf(width))));
    const axe = formatViolations(blocking(await runAxe(page)));
    if (axe) problems.push(`${at}: axe\n${axe}`);
  }
  expect(problems.join('\n')).toBe('');
}

describe('every page at 360, 390, 768, 1280 and 1920 px', () => {
  describe('public pages', () => {
    for (const pageCase of PUBLIC_PAGES) {
      it(pageCase.path, () => checkAtEveryWidth(pageCase), 180_000);
    }
  });

  describe('admin pages, signed in', () => {
    beforeAll(async () => {
      await page.setViewportSize({ width: 1280, height: 720 });
      await page.goto('/');
      await logIn(page, firstAdminOf(running!.product));
    });

    for (const pageCase of ADMIN_PAGES) {
      it(pageCase.path, () => checkAtEveryWidth(pageCase), 180_000);
    }
  });

  describe('the wall-screen counter', () => {
    /**
     * Where the count's digits are drawn (the text itself, not the block it sits in), the column
     * they must stay in (the hero's content box), their size and the height their box gives them.
     */
    const digitsBox = () =>
      page.locator('.kiosk__count').evaluate((el) => {
        const range = el.ownerDocument.createRange();
        range.selectNodeContents(el);
        const box = range.getBoundingClientRect();
        const view = el.ownerDocument.defaultView!;
        const hero = el.closest('.kiosk__hero')!;
        const heroBox = hero.getBoundingClientRect();
        const heroStyle = view.getComputedStyle(hero);
        return {
          text: el.textContent ?? '',
          left: box.left,
          right: box.right,
          width: box.width,
          columnLeft: heroBox.left + parseFloat(heroStyle.paddingLeft),
          columnRight: heroBox.right - parseFloat(heroStyle.paddingRight),
          size: parseFloat(view.getComputedStyle(el).fontSize),
          room: el.parentElement!.clientHeight,
        };
      });
    /** Besides the widths above: a phone on its side and a wall screen hung in portrait. */
    const SCREENS = [
      ...WIDTHS.map((width) => ({ width, height: heightOf(width) })),
      { width: 844, height: 390 },
      { width: 1080, height: 1920 },
    ];

    for (const path of ['/crime-clock?kiosk=1', '/police-crime-clock?kiosk=1']) {
      it(`${path} spans 80 % of a 1920 px wall screen`, async () => {
        await page.setViewportSize({ width: 1920, height: 1080 });
        await page.goto(path);
        await live(page);
        // The count is sized from its characters: as wide as 80 % of the screen or, where that
        // would make it taller than it may be (42 % of the screen, or the room the cards leave it:
        // a short count, or the survey clock's 13 cards at the wall screen's 24 px text), as tall
        // as that room; never under three times that text.
        const shortOfTheMark = async () => {
          const digits = await digitsBox();
          if (digits.width >= 0.8 * 1920) return '';
          if (digits.size < 72) return `"${digits.text}" at ${digits.size} px, under 72 px`;
          const tallest = Math.min(0.42 * 1080, digits.room / 1.02);
          return digits.size >= 0.98 * tallest
            ? ''
            : `"${digits.text}" is ${digits.width} px wide at ${digits.size} px, not ${tallest} px`;
        };
        await expect.poll(shortOfTheMark).toBe('');
      });
    }

    for (const path of [
      '/crime-clock?kiosk=1',
      '/police-crime-clock?kiosk=1',
      '/police-crime-clock?kiosk=1&area=postcode:SW1A1AA',
    ]) {
      it(`${path} fits every screen, landscape and portrait`, async () => {
        await page.setViewportSize({ width: 1920, height: 1080 });
        await page.goto(path);
        await live(page);
        const problems: string[] = [];
        for (const { width, height } of SCREENS) {
          problems.push(...(await layoutProblems(path, width, height)));
          const digits = await digitsBox();
          const at = `${path} at ${width}x${height}`;
          if (digits.left < digits.columnLeft - 0.5 || digits.right > digits.columnRight + 0.5) {
            problems.push(
              `${at}: "${digits.text}" drawn from ${digits.left} to ${digits.right} px, ` +
                `outside ${digits.columnLeft}-${digits.columnRight} px`,
            );
          }
          // Big on a phone too: at least twice the body text.
          if (digits.size < 32) problems.push(`${at}: "${digits.text}" at ${digits.size} px`);
        }
        expect(problems.join('\n')).toBe('');
      });
    }
  });

  it('on a phone the incidents are cards showing every field; on a laptop, a table', async () => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/search?type=radius&postcode=SW1A+1AA&period=6months');
    await page.locator('.incidents[aria-busy="false"]').waitFor({ timeout: 30_000 });
    const cards = page.getByRole('list', { name: 'Incidents' }).getByRole('listitem');
    await expect.poll(() => cards.count()).toBe(10);
    expect(await page.getByRole('table').count()).toBe(0);
    for (const card of await cards.all()) {
      const fields = await card.locator('dt').allInnerTexts();
      expect(fields).toEqual(['Date', 'Location', 'Outcome']);
      for (const value of await card.locator('dd').allInnerTexts()) expect(value.trim()).not.toBe('');
      expect((await card.locator('.incident-card__type').innerText()).trim()).not.toBe('');
    }
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.getByRole('table').waitFor();
    expect(await page.getByRole('list', { name: 'Incidents' }).isVisible()).toBe(false);
    expect(await page.getByRole('columnheader').allInnerTexts()).toEqual([
      'DATE',
      'CRIME TYPE',
      'LOCATION',
      'OUTCOME',
    ]);
  });

  it('threw no error in any page', () => {
    expect(running!.browser.pageErrors.map((error) => error.message)).toEqual([]);
  });
});
