/**
 * Embeds that fit and say "How this is counted", and a wall screen read from 5 m: an embed reads
 * right and is never cut off from 300 x 150 up.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { londonYear } from '../../common/clock/london-time.ts';
import { blocking, formatViolations, runAxe } from '../support/axe.ts';
import { launchBrowser, type BrowserSession } from '../support/browser.ts';
import { scriptWeight } from '../support/script-weight.ts';
import { startProduct, type RunningProduct } from '../support/product.ts';

const LIVE_TIMEOUT = 30_000;

let product: RunningProduct | undefined;
let browser: BrowserSession | undefined;
let host: Server | undefined;
let hostOrigin = '';

/** A partner's page on another origin: the snippet pasted into a column of its text. */
function hostPage(query: string): string {
  const origin = product!.baseUrl;
  return `<!doctype html><html lang="en"><head><title>Partner news</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="margin: 0; padding: 8px"><main><h1>Partner news</h1><p>Our story.</p>
<iframe id="clock" src="${origin}/embed/crime-clock${query}" title="CSEW Crime Clock (live)" width="420" height="260"
  style="border: 0; width: 100%; max-width: 40rem"></iframe>
<script src="${origin}/embed.js" async></script>
<p>More of our story.</p></main></body></html>`;
}

beforeAll(async () => {
  product = await startProduct();
  browser = await launchBrowser({ baseUrl: product.baseUrl });
  host = createServer((request, response) => {
    const query = new URL(request.url ?? '/', 'http://host').search;
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(hostPage(query));
  });
  await new Promise<void>((resolve) => host!.listen(0, '127.0.0.1', resolve));
  hostOrigin = `http://localhost:${(host.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
  host?.closeAllConnections();
  await new Promise((resolve) => host?.close(resolve));
});

function session(): BrowserSession {
  if (!browser) throw new Error('the browser did not start');
  return browser;
}

async function withViewport(
  url: string,
  viewport: { width: number; height: number },
  test: (page: Page) => Promise<void>,
) {
  const page = await session().context.newPage();
  try {
    await page.setViewportSize(viewport);
    await page.goto(url);
    await test(page);
  } finally {
    await page.close();
  }
}

async function expectAccessible(page: Page, what: string) {
  expect(formatViolations(blocking(await runAxe(page))), `axe on ${what}`).toBe('');
}

/** What in the document overflows its box: the page itself, or any element's text. */
async function clipped(target: Page | Frame): Promise<string[]> {
  return (await target.evaluate(`(() => {
    const found = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) found.push('page width ' + root.scrollWidth + ' > ' + root.clientWidth);
    if (root.scrollHeight > root.clientHeight) found.push('page height ' + root.scrollHeight + ' > ' + root.clientHeight);
    for (const element of document.querySelectorAll('.embed *')) {
      // Text for screen readers only is a 1 px box by design.
      if (element.getClientRects().length === 0 || element.closest('.visually-hidden')) continue;
      const name = element.className || element.tagName;
      if (element.scrollWidth > element.clientWidth + 1 && getComputedStyle(element).overflowX !== 'visible')
        found.push(name + ' width ' + element.scrollWidth + ' > ' + element.clientWidth);
      const box = element.getBoundingClientRect();
      if (box.bottom > root.clientHeight + 0.5 || box.right > root.clientWidth + 0.5)
        found.push(name + ' ends at ' + box.right + ' x ' + box.bottom);
    }
    return found;
  })()`)) as string[];
}

describe('an embed on a partner page (another origin) with /embed.js', () => {
  for (const width of [320, 1200]) {
    it(`is sized to its content at ${width} px`, async () => {
      await withViewport(`${hostOrigin}/`, { width, height: 900 }, async (page) => {
        const iframe = page.locator('#clock');
        await expect
          .poll(() => iframe.getAttribute('data-crime-clock-sized'), { timeout: LIVE_TIMEOUT })
          .not.toBeNull();
        const frame = page.frameLocator('#clock');
        await frame.locator('.embed__count[data-value]').waitFor({ timeout: LIVE_TIMEOUT });
        const inner = (await page.frames().find((f) => f.url().includes('/embed/crime-clock')))!;
        // The frame is as tall as what it shows: no scroll bar, and not the 260 px it was given.
        await expect
          .poll(
            async () => {
              const frameHeight = (await iframe.boundingBox())!.height;
              const content = (await inner.evaluate(`(() => {
                const style = getComputedStyle(document.querySelector('.embed'));
                return document.querySelector('.embed__inner').getBoundingClientRect().height +
                  parseFloat(style.paddingTop) + parseFloat(style.paddingBottom);
              })()`)) as number;
              return Math.abs(frameHeight - content);
            },
            { timeout: 10_000 },
          )
          .toBeLessThanOrEqual(1.5);
        // As wide as the column (the page's 8 px margins), up to the snippet's 40rem.
        expect((await iframe.boundingBox())!.width).toBeCloseTo(Math.min(width - 16, 640), 0);
        expect(await clipped(inner)).toEqual([]);

        // A message from anyone but the clock's site is ignored.
        const before = await iframe.getAttribute('style');
        await page.evaluate(`window.postMessage({ type: 'crime-clock:embed-height', height: 1234 }, '*')`);
        await page.waitForTimeout(300);
        expect(await iframe.getAttribute('style')).toBe(before);
        await expectAccessible(page, `the partner page at ${width} px`);
      });
    });
  }

  it('sets no cookies', async () => {
    await session().context.clearCookies();
    await withViewport(`${hostOrigin}/?theme=dark`, { width: 800, height: 700 }, async (page) => {
      const setCookies: string[] = [];
      page.on('response', (response) => {
        const value = response.headers()['set-cookie'];
        if (value) setCookies.push(`${response.url()}: ${value}`);
      });
      await page.reload();
      await page
        .frameLocator('#clock')
        .locator('.embed__count[data-value]')
        .waitFor({ timeout: LIVE_TIMEOUT });
      await page.waitForTimeout(1_000);
      expect(setCookies).toEqual([]);
      expect(await session().context.cookies()).toEqual([]);
    });
  });
});

describe('what an embed costs', () => {
  it('loads at most 60 KB of compressed JavaScript, its own entry and not the application', async () => {
    const weights: Record<string, number> = {};
    for (const path of [
      '/embed/police-crime-clock?area=force:metropolitan',
      '/embed/crime-clock',
      '/crime-clock',
    ]) {
      // A cold profile each: nothing comes from the cache.
      const cold = await launchBrowser({ baseUrl: product!.baseUrl });
      try {
        await cold.withPage(path, async (page) => {
          await page.locator('.clock-count[data-value]').first().waitFor({ timeout: LIVE_TIMEOUT });
          const weight = await scriptWeight(page);
          expect(weight.files).toBeGreaterThan(0);
          expect(weight.compressedBytes).toBeLessThan(weight.decompressedBytes);
          weights[path] = weight.compressedBytes;
        });
      } finally {
        await cold.close();
      }
    }
    console.info(`compressed JavaScript by page (bytes): ${JSON.stringify(weights)}`);
    // 50 KB until the embed spoke Welsh; intl-messageformat and its ICU parser add 8.8 KB of it
    // (docs/benchmarks.md: the embed's JavaScript, and the route that would take the parser out).
    // 60 KB until it said when the police data is stale (common/police/freshness.ts and its words).
    expect(weights['/embed/crime-clock']).toBeLessThanOrEqual(61_000);
    expect(weights['/embed/police-crime-clock?area=force:metropolitan']).toBeLessThanOrEqual(61_000);
    // The page carries React and the router; the embed must not.
    expect(weights['/crime-clock']).toBeGreaterThan(2 * weights['/embed/crime-clock']!);
  }, 120_000);
});

describe('an embed in a small frame', () => {
  const year = londonYear(Date.now());
  for (const viewport of [
    { width: 300, height: 150 },
    { width: 360, height: 200 },
  ]) {
    it(`reads right and is not cut off at ${viewport.width} x ${viewport.height}`, async () => {
      await withViewport('/embed/crime-clock', viewport, async (page) => {
        await page.locator('.embed__count[data-value]').waitFor({ timeout: LIVE_TIMEOUT });
        expect(await page.locator('.embed__label').innerText()).toBe(
          `Estimated crimes in England and Wales since 1 January ${year}, reported to the police or not`,
        );
        expect(await clipped(page)).toEqual([]);
      });
      await withViewport(
        '/embed/police-crime-clock?area=force:metropolitan&size=compact',
        viewport,
        async (page) => {
          await page.locator('.embed__count[data-value]').waitFor({ timeout: LIVE_TIMEOUT });
          await page
            .locator('.embed__label')
            .filter({ hasText: 'Metropolitan' })
            .waitFor({ timeout: LIVE_TIMEOUT });
          expect(await page.locator('.embed__label').innerText()).toBe(
            `Crimes recorded by the police since 1 January ${year}: Metropolitan Police Service`,
          );
          expect(await clipped(page)).toEqual([]);
        },
      );
    });
  }

  it('says why it cannot show an area the data does not know, in the API’s own words in English', async () => {
    await withViewport(
      '/embed/police-crime-clock?area=neighbourhood:kent:ZZ99',
      { width: 360, height: 200 },
      async (page) => {
        const pending = page.locator('.embed__pending');
        await pending.filter({ hasText: 'This clock cannot be shown: ' }).waitFor({ timeout: LIVE_TIMEOUT });
        expect(await pending.innerText()).toContain('Neighbourhood "ZZ99" of Kent Police not found');
        expect(await clipped(page)).toEqual([]);
      },
    );
  });

  it('follows the reader’s system with theme=auto, and shows the host through with transparent=1', async () => {
    await withViewport(
      '/embed/crime-clock?theme=auto&transparent=1',
      { width: 420, height: 260 },
      async (page) => {
        await page.emulateMedia({ colorScheme: 'dark' });
        await page.locator('.embed[data-theme="dark"]').waitFor();
        expect(
          await page.evaluate(`getComputedStyle(document.querySelector('.embed')).backgroundColor`),
        ).toBe('rgba(0, 0, 0, 0)');
        await page.emulateMedia({ colorScheme: 'light' });
        await page.locator('.embed[data-theme="light"]').waitFor();
        expect(await page.getByRole('link', { name: 'How this is counted' }).getAttribute('href')).toBe(
          '/crime-clock#how-this-is-counted',
        );
      },
    );
  });
});

/** Every visible text of the wall screen that is not a control, and its computed size. */
async function kioskTextSizes(page: Page): Promise<{ text: string; size: number }[]> {
  return (await page.evaluate(`(() => {
    const found = [];
    const walker = document.createTreeWalker(document.querySelector('.kiosk'), NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = (node.textContent || '').trim();
      const element = node.parentElement;
      if (!text || !element) continue;
      if (element.closest('.kiosk__controls, .method-panel__heading, button, a')) continue;
      const box = element.getBoundingClientRect();
      // Screen-reader-only text (the announcer) is 1 px and never seen.
      if (box.width <= 1 || box.height <= 1 || element.closest('[hidden]')) continue;
      found.push({ text: text.slice(0, 40), size: parseFloat(getComputedStyle(element).fontSize) });
    }
    return found;
  })()`)) as { text: string; size: number }[];
}

describe('the wall screen at 1920 x 1080', () => {
  for (const path of [
    '/crime-clock?kiosk=1',
    '/police-crime-clock?kiosk=1',
    '/police-crime-clock?kiosk=1&theme=light',
  ]) {
    it(`shows no text under 24 px: ${path}`, async () => {
      await withViewport(path, { width: 1920, height: 1080 }, async (page) => {
        await page
          .locator('.kiosk .category-card__count[data-value]')
          .first()
          .waitFor({ timeout: LIVE_TIMEOUT });
        const sizes = await kioskTextSizes(page);
        expect(sizes.length).toBeGreaterThan(20);
        expect(sizes.filter((s) => s.size < 24)).toEqual([]);
        // One screen, no scrolling.
        // Still one screen: nothing pushed out of the view by the larger text.
        expect(
          await page.evaluate(`(() => {
            const kiosk = document.querySelector('.kiosk');
            return kiosk.scrollHeight - kiosk.clientHeight;
          })()`),
        ).toBeLessThanOrEqual(0);
      });
    });
  }

  it('opens "How this is counted" on demand, hides an idle pointer, and takes a light theme', async () => {
    await withViewport(
      '/police-crime-clock?kiosk=1&theme=light',
      { width: 1920, height: 1080 },
      async (page) => {
        const kiosk = page.locator('.kiosk[data-theme="light"]');
        await kiosk.waitFor({ timeout: LIVE_TIMEOUT });
        await expect.poll(() => kiosk.getAttribute('class'), { timeout: 6_000 }).toContain('kiosk--idle');
        await page.mouse.move(300, 300);
        await expect.poll(() => kiosk.getAttribute('class')).not.toContain('kiosk--idle');
        const toggle = page.getByRole('button', { name: 'How this is counted' });
        await toggle.click();
        await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
        await page.getByText('does not show when crimes happen', { exact: false }).waitFor();
        expect((await kioskTextSizes(page)).filter((s) => s.size < 24)).toEqual([]);
        await expectAccessible(page, 'the light wall screen with its method open');
      },
    );
  });
});

describe('"How this is counted" and "Embed this clock" on the clock pages', () => {
  it('reaches the method by keyboard and opens it', async () => {
    await withViewport('/crime-clock', { width: 1440, height: 900 }, async (page) => {
      await page.locator('.clock-hero [data-value]').first().waitFor({ timeout: LIVE_TIMEOUT });
      let reached = false;
      for (let tab = 0; tab < 120 && !reached; tab++) {
        await page.keyboard.press('Tab');
        reached = (await page.evaluate(
          `document.activeElement && document.activeElement.textContent === 'How this is counted'`,
        )) as boolean;
      }
      expect(reached).toBe(true);
      await page.keyboard.press('Enter');
      const body = page.locator('.method-panel__body');
      await body.waitFor();
      const text = await body.innerText();
      for (const part of ['Source', 'Period of the rate', 'Peak and off-peak hours', 'Age of the data'])
        expect(text).toContain(part);
      expect(text).toContain('does not show when crimes happen');
      await expectAccessible(page, 'the survey clock with its method open');
    });
  });

  it('opens the method when the address names it (the embed’s link)', async () => {
    await withViewport(
      '/police-crime-clock#how-this-is-counted',
      { width: 390, height: 844 },
      async (page) => {
        const body = page.locator('.method-panel__body');
        await body.waitFor({ timeout: LIVE_TIMEOUT });
        expect(await body.innerText()).toMatch(/forces in England and Wales/);
      },
    );
  });

  it('gives the code and a live preview for the area shown', async () => {
    await withViewport(
      '/police-crime-clock?area=force:metropolitan',
      { width: 1440, height: 900 },
      async (page) => {
        const toggle = page.locator('.embed-this button[aria-expanded]');
        await toggle.waitFor({ timeout: LIVE_TIMEOUT });
        await expect
          .poll(() => toggle.innerText(), { timeout: LIVE_TIMEOUT })
          .toBe('Embed this clock: Metropolitan Police Service');
        await toggle.click();
        const code = await page.locator('.embed-this__code').innerText();
        expect(code).toContain(
          `src="${product!.baseUrl}/embed/police-crime-clock?area=force%3Ametropolitan"`,
        );
        expect(code).toContain(`<script src="${product!.baseUrl}/embed.js" async></script>`);
        const preview = page.frameLocator('.embed-this__preview');
        await preview
          .locator('.embed__label')
          .filter({ hasText: 'Metropolitan' })
          .waitFor({ timeout: LIVE_TIMEOUT });
        await expectAccessible(page, 'the police clock with "Embed this clock" open');
      },
    );
  });
});
