import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, shownCount, type BrowserSession } from '../support/browser.ts';
import { startProduct, type RunningProduct } from '../support/product.ts';

let product: RunningProduct | undefined;
let browser: BrowserSession | undefined;

const CONTACT_EMAIL = 'clocks@example.org';

beforeAll(async () => {
  product = await startProduct({ CONTACT_EMAIL });
  browser = await launchBrowser({ baseUrl: product.baseUrl });
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

function session(): BrowserSession {
  if (!browser) throw new Error('the browser did not start');
  return browser;
}

const withPage = (url: string, test: (page: Page) => Promise<void>) => session().withPage(url, test);

/** Waits (from the test, not in the page: its CSP forbids evaluating strings) for the count to rise. */
async function countRises(page: Page, selector: string, from: number) {
  await expect
    .poll(() => shownCount(page, selector), { timeout: 12_000, interval: 100 })
    .toBeGreaterThan(from);
}

async function apiTotal(path: string): Promise<number> {
  const response = await fetch(`${product!.baseUrl}${path}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { totalCrimes: number }).totalCrimes;
}

/** Records every element that gets the flash class from now on (flashes last 150-300 ms). */
async function recordFlashes(page: Page) {
  await page.evaluate(`(() => {
    window.__flashes = [];
    new MutationObserver((records) => {
      for (const record of records) {
        if (record.target.classList.contains('is-flashing')) window.__flashes.push(record.target.className);
      }
    }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['class'] });
  })()`);
  return async () => (await page.evaluate('window.__flashes')) as string[];
}

async function waitForLive(page: Page, timeout = 20_000) {
  await page.locator('.live-indicator', { hasText: /^Live$/ }).waitFor({ timeout });
}

/**
 * The realtime server reads the police clock from the API, and may start before the API answers;
 * until its next read it turns the page away, and the page asks again a little later.
 */
const POLICE_LIVE_TIMEOUT = 50_000;

/** An interval as the clocks word it (common/clock/format.ts): never thousands of seconds. */
const PLAIN_INTERVAL = String.raw`(\d+(\.\d+)? seconds|\d+ min \d+ s|\d+ h \d+ min|\d+ days?( \d+ h)?)`;
const PLAIN_EVERY_CRIME = new RegExp(`^1 crime every ${PLAIN_INTERVAL}$`);

describe('CSEW Crime Clock', () => {
  it('counts up live, in step with the server, and flashes what rises', async () => {
    await withPage('/crime-clock', async (page) => {
      await page.getByRole('heading', { level: 1, name: 'CSEW Crime Clock' }).waitFor();
      await waitForLive(page);
      const flashes = await recordFlashes(page);

      const hero = '.clock-hero__count';
      const first = await shownCount(page, hero);
      // Every screen shows the same number: the page agrees with the API's count for this moment.
      expect(Math.abs(first - (await apiTotal('/api/csew-clock')))).toBeLessThanOrEqual(2);

      // About 0.3 crimes a second: the total rises within a few seconds.
      await countRises(page, hero, first);
      expect(await shownCount(page, hero)).toBeLessThanOrEqual(first + 5);
      expect(await flashes()).toEqual(expect.arrayContaining([expect.stringContaining('clock-hero__count')]));
    });
  });

  it('shows every part the specification lists', async () => {
    await withPage('/crime-clock', async (page) => {
      await waitForLive(page);
      const main = page.getByRole('main');
      await main.getByText(PLAIN_EVERY_CRIME).first().waitFor();

      const cards = page.locator('.clock-section:not(.clock-prevalence) .category-card');
      expect(await cards.count()).toBe(13);
      const badges = await cards.locator('.clock-badge').allInnerTexts();
      expect(badges).toHaveLength(13);
      for (const badge of badges) expect(['PEAK', 'OFF-PEAK']).toContain(badge);
      expect(await cards.first().innerText()).toMatch(new RegExp(`${PLAIN_INTERVAL} until next crime`));

      const prevalence = page.locator('.clock-prevalence');
      await prevalence.getByText(new RegExp(`^1 exposure every ${PLAIN_INTERVAL}$`)).waitFor();
      expect(await prevalence.locator('.category-card').count()).toBe(5);
      const prevalenceText = await prevalence.innerText();
      expect(prevalenceText).toMatch(new RegExp(`1 person affected every ${PLAIN_INTERVAL}`));
      expect(prevalenceText).toMatch(new RegExp(`${PLAIN_INTERVAL} until next person affected`));
      expect(prevalenceText).toContain('Prevalence counts direct victims (people), not incidents.');
      expect(prevalenceText).toContain('Categories overlap');
      expect(prevalenceText).toContain('Prevalence is not included in the incident totals.');

      const footer = page.locator('.clock-data-footer');
      const footerText = await footer.innerText();
      expect(footerText).toContain('Crime Survey for England and Wales');
      expect(footerText).toMatch(/1 Jan \d{4} 00:01 to 31 Dec \d{4} 23:59/);
      expect(footerText).toContain('year ending June 2025');
      expect(footerText).toContain('24 July 2025');
      expect(footerText).toContain('Open Government Licence v3.0');

      // The Contact and Report Issue dialogs open from here (built separately).
      await page.getByRole('button', { name: 'Contact' }).waitFor();
      await page.getByRole('button', { name: 'Report Issue' }).waitFor();
    });
  });

  it('glides its progress bars between server ticks', async () => {
    await withPage('/crime-clock', async (page) => {
      await waitForLive(page);
      const bar = page.locator('.category-card .clock-progress__bar').first();
      const before = await bar.getAttribute('style');
      await page.waitForTimeout(1_000);
      expect(await bar.getAttribute('style')).not.toBe(before);
    });
  });

  it('gives screen readers the total in a polite live region, not the ticking digits', async () => {
    await withPage('/crime-clock', async (page) => {
      await waitForLive(page);
      const region = page.locator('main p[aria-live="polite"]');
      await expect
        .poll(() => region.innerText())
        .toMatch(/^[\d,]+ crimes estimated in England and Wales since 1 January \d{4}\.$/);
      expect(await page.locator('.clock-hero__count').first().getAttribute('aria-hidden')).toBe('true');
    });
  });
});

describe('Police Crime Clock', () => {
  it('runs live from the imported data, in step with the server', async () => {
    await withPage('/police-crime-clock', async (page) => {
      await page.getByRole('heading', { level: 1, name: 'Police Crime Clock' }).waitFor();
      await waitForLive(page, POLICE_LIVE_TIMEOUT);
      const shown = await shownCount(page, '.clock-hero__count');
      expect(Math.abs(shown - (await apiTotal('/api/police-clock')))).toBeLessThanOrEqual(2);
      await page.getByRole('main').getByText(PLAIN_EVERY_CRIME).first().waitFor();

      const cards = page.locator('.category-card');
      const count = await cards.count();
      expect(count).toBeGreaterThan(0);
      expect(count).toBeLessThanOrEqual(13);

      // Even a slow category moves: its time to the next crime counts down between ticks (its
      // fastest card, whose time left is said to the second).
      const next = cards
        .locator('.category-card__next')
        .filter({ hasText: / s until next crime$|seconds until/ })
        .first();
      const secondsLeft = async () => {
        const text = await next.innerText();
        const [, min, sec] =
          text.match(/^(?:(\d+) min )?([\d.]+) s/) ?? text.match(/^()([\d.]+) seconds/) ?? [];
        return Number(min || 0) * 60 + Number(sec);
      };
      const before = await secondsLeft();
      await page.waitForTimeout(1_500);
      expect(await secondsLeft()).toBeLessThan(before);
    });
  });

  it('names its sources, the excluded force, the licence and the footer links', async () => {
    await withPage('/police-crime-clock', async (page) => {
      await waitForLive(page, POLICE_LIVE_TIMEOUT);
      const sources = page.locator('.clock-data-footer');
      const text = await sources.innerText();
      expect(text).toContain('data.police.uk');
      expect(text).toMatch(/Latest data month\s+\w+ \d{4}/i);
      expect(text).toMatch(/Last updated/i);
      // From the data status: the product runs here without scheduled updates, so none is promised.
      expect(text).not.toMatch(/1st week/i);
      await page.getByTestId('next-update').waitFor();
      expect(await page.getByTestId('next-update').innerText()).toMatch(
        /^None scheduled: scheduled updates are off/,
      );
      // The sample ends in September 2025: months behind any calendar month this test runs in.
      expect(await page.getByTestId('stale-data').innerText()).toMatch(
        /^The latest police data is for \w+ \d{4}, \d+ months ago\.$/,
      );
      expect(text).toMatch(/Excluded: Greater Manchester Police \(.+\)/);
      expect(text).toContain('Open Government Licence v3.0');
      expect(text).toMatch(/© Crown copyright/);

      const links = page.locator('.clock-page-footer');
      expect(await links.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe(
        '/privacy-policy',
      );
      // The contact address comes from the server's configuration (CONTACT_EMAIL).
      const contact = links.getByRole('link', { name: `Contact us (${CONTACT_EMAIL})` });
      expect(await contact.getAttribute('href')).toBe(`mailto:${CONTACT_EMAIL}`);

      // The product's own sample data must never pass for real police records.
      const definition = (await (await fetch(`${product!.baseUrl}/api/police-clock`)).json()) as {
        definition: { meta: { notes: string[] } };
      };
      const synthetic = definition.definition.meta.notes.some((note) => note.includes('sample data'));
      expect(synthetic).toBe(true);
      expect(await page.locator('.clock-synthetic').count()).toBe(synthetic ? 1 : 0);
    });
  });
});

describe('wall-screen (kiosk) view', () => {
  it('fills the screen with large digits, without the site header, footer or scrollbars', async () => {
    await withPage('/crime-clock?kiosk=1', async (page) => {
      await page.locator('.kiosk').waitFor();
      await waitForLive(page);
      expect(await page.getByRole('banner').count()).toBe(0);
      expect(await page.getByRole('contentinfo').count()).toBe(0);
      expect(await page.locator('.site-header').count()).toBe(0);

      const metrics = (await page.evaluate(`(() => ({
        overflowX: document.documentElement.scrollWidth - window.innerWidth,
        overflowY: document.documentElement.scrollHeight - window.innerHeight,
        digits: parseFloat(getComputedStyle(document.querySelector('.kiosk__count')).fontSize),
        cardsInView: [...document.querySelectorAll('.kiosk .category-card')].every((card) => {
          const box = card.getBoundingClientRect();
          return box.bottom <= window.innerHeight && box.right <= window.innerWidth && box.height > 40;
        }),
      }))()`)) as { overflowX: number; overflowY: number; digits: number; cardsInView: boolean };
      expect(metrics.overflowX).toBeLessThanOrEqual(0);
      expect(metrics.overflowY).toBeLessThanOrEqual(0);
      // Three times the wall screen's smallest text (24 px at 1920 x 1080, 2.25vmin): with the
      // survey's 13 cards at that size the count takes the room they leave (widths.browser.test.ts).
      expect(metrics.digits).toBeGreaterThanOrEqual(72);
      expect(metrics.cardsInView).toBe(true);
      expect(await page.locator('.kiosk .category-card').count()).toBe(13);
    });
  });

  it('leaves back to the normal page', async () => {
    await withPage('/police-crime-clock?kiosk=1', async (page) => {
      await page.getByRole('link', { name: 'Exit wall-screen view' }).click();
      await page.waitForURL((url) => url.pathname === '/police-crime-clock' && !url.search.includes('kiosk'));
      await page.getByRole('banner').waitFor();
    });
  });
});

describe('embeddable clocks', () => {
  it('render alone, in the dark theme when asked', async () => {
    await withPage('/embed/crime-clock?theme=dark', async (page) => {
      await page.locator('.embed[data-theme="dark"]').waitFor();
      await waitForLive(page);
      expect(await page.getByRole('banner').count()).toBe(0);
      expect(await page.getByRole('contentinfo').count()).toBe(0);
      const background = await page.evaluate(
        "getComputedStyle(document.querySelector('.embed')).backgroundColor",
      );
      expect(background).toBe('rgb(15, 23, 42)');
      // The count is drawn on the first animation frame after the feed is live.
      await page.locator('.embed__count[data-value]').waitFor();
      expect(await shownCount(page, '.embed__count')).toBeGreaterThanOrEqual(0);
      expect(await page.getByRole('link', { name: 'Open the full clock' }).getAttribute('href')).toBe(
        '/crime-clock',
      );
    });
  });

  it('are light by default and keep counting', async () => {
    await withPage('/embed/crime-clock', async (page) => {
      await page.locator('.embed[data-theme="light"]').waitFor();
      await waitForLive(page);
      const background = await page.evaluate(
        "getComputedStyle(document.querySelector('.embed')).backgroundColor",
      );
      expect(background).toBe('rgb(255, 255, 255)');
      await page.locator('.embed__count[data-value]').waitFor();
      const first = await shownCount(page, '.embed__count');
      await countRises(page, '.embed__count', first);
    });
  });

  it('are shown on the embed demo page with the snippet to copy', async () => {
    await withPage('/embed-demo.html', async (page) => {
      await page.getByRole('heading', { level: 1, name: 'Embed Demo' }).waitFor();
      expect(await page.locator('pre code').first().innerText()).toContain('/embed/crime-clock?theme=light');
      for (const title of ['CSEW Crime Clock (live)', 'Police Crime Clock (live)']) {
        // The frames load lazily: bring each into view first.
        await page.locator(`iframe[title="${title}"]`).scrollIntoViewIfNeeded();
        const frame = page.frameLocator(`iframe[title="${title}"]`);
        await frame.locator('.embed__count[data-value]').first().waitFor({ timeout: 20_000 });
      }
    });
  });
});

describe('reduced motion', () => {
  it('turns the flashes off', async () => {
    const page = await session().context.newPage();
    try {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto('/crime-clock');
      await waitForLive(page);
      const flashes = await recordFlashes(page);
      const first = await shownCount(page, '.clock-hero__count');
      await countRises(page, '.clock-hero__count', first);
      await page.waitForTimeout(300);
      expect(await flashes()).toEqual([]);
    } finally {
      await page.close();
    }
  });
});

describe('what the police data covers', () => {
  it('is said by the police clock, the landing page and the search page: the forces and months of the sample, synthetic', async () => {
    const answer = (await (await fetch(`${product!.baseUrl}/api/police-clock`)).json()) as {
      definition: { meta: { areaName: string; coverage: { text: string } } };
    };
    const { areaName, coverage } = answer.definition.meta;
    // The forces held are named in the statement itself, once, with the months.
    expect(coverage.text).toMatch(
      /^\d+ of 43 forces in England and Wales \(.+ and .+\), \w+ \d{4} to \w+ \d{4} \(synthetic sample\)$/,
    );

    await withPage('/police-crime-clock', async (page) => {
      const line = page.getByTestId('police-coverage');
      await line.waitFor({ timeout: POLICE_LIVE_TIMEOUT });
      expect(await line.innerText()).toBe(`Covers: ${coverage.text}.`);
      // The lead says the pace's basis, and leaves the coverage to that one line.
      const lead = page.locator('.page-header__lead');
      expect(await lead.innerText()).toContain('running at the pace of the latest 6 months with data.');
      expect(await lead.innerText()).not.toContain(coverage.text);
      expect(await lead.innerText()).not.toContain('police forces of England and Wales');
    });

    await withPage('/', async (page) => {
      const card = page.getByRole('link', { name: /Police Crime Clock/ });
      await expect.poll(() => card.innerText()).toContain(`from data.police.uk: ${coverage.text}.`);
      expect(await card.innerText()).not.toContain('police forces of England and Wales');
    });

    await withPage('/search', async (page) => {
      await page
        .getByRole('heading', { level: 1, name: `Crime Data Search: ${areaName}`, exact: true })
        .waitFor();
      expect(await page.getByTestId('search-coverage').innerText()).toBe(`Covers: ${coverage.text}.`);
    });
  });
});

describe('clock pages', () => {
  it('raised no uncaught errors', () => {
    expect(session().pageErrors.map((error) => error.message)).toEqual([]);
  });
});

describe('Police Crime Clock without police data', () => {
  let empty: RunningProduct | undefined;
  let emptyBrowser: BrowserSession | undefined;

  beforeAll(async () => {
    empty = await startProduct({ AUTO_SAMPLE: 'false' });
    emptyBrowser = await launchBrowser({ baseUrl: empty.baseUrl });
  });

  afterAll(async () => {
    await emptyBrowser?.close();
    await empty?.stop();
  });

  it('says the data could not be loaded', async () => {
    const page = await emptyBrowser!.context.newPage();
    let configReads = 0;
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/config') configReads++;
    });
    await page.goto('/police-crime-clock');
    try {
      const toast = page.locator('[role="status"] .toast', { hasText: 'Loading Error' });
      await toast.waitFor({ timeout: 20_000 });
      expect(await toast.innerText()).toContain('Could not load the crime data for England and Wales');
      await page.getByRole('alert').filter({ hasText: 'No police data yet' }).waitFor();
      // No contact address is configured here, so there is no contact link either (once the
      // footer has read the configuration, as the clock's feed has).
      const footer = page.locator('.clock-page-footer');
      await footer.getByRole('link', { name: 'Privacy Policy' }).waitFor();
      await expect.poll(() => configReads).toBeGreaterThanOrEqual(2);
      await page.waitForTimeout(300);
      expect(await footer.getByRole('link', { name: /Contact/ }).count()).toBe(0);
    } finally {
      await page.close();
    }
  });
});

describe('a clock opened while the API is unreachable', () => {
  it(
    'says so in plain words, and counts within seconds of the API coming back',
    { timeout: 60_000 },
    async () => {
      const page = await session().context.newPage();
      const apiCalls: number[] = [];
      const started = Date.now();
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls.push(Date.now() - started);
      });
      const refuse = (route: Route) => route.abort();
      await page.route('**/api/**', refuse);
      try {
        await page.goto('/police-crime-clock?kiosk=1');
        const alert = page.getByRole('alert').filter({ hasText: 'The clock could not load' });
        await alert.waitFor();
        expect(await alert.innerText()).toContain('The connection to the server failed.');
        expect(await alert.innerText()).not.toContain('Failed to fetch');
        await page.waitForTimeout(Math.max(0, 5_000 - (Date.now() - started)));
        await page.unroute('**/api/**', refuse);
        const back = Date.now();

        // The page asked again during the outage (2 s, 4 s… apart), not only after five minutes…
        expect(apiCalls.filter((at) => at > 1_000).length).toBeGreaterThan(0);
        // …and counts a few seconds after the API is back.
        await expect
          .poll(() => shownCount(page, '.kiosk__count'), { timeout: 12_000, interval: 200 })
          .toBeGreaterThan(0);
        expect(Date.now() - back).toBeLessThan(12_000);
        expect(await page.getByRole('alert').filter({ hasText: 'could not load' }).count()).toBe(0);
      } finally {
        await page.close();
      }
    },
  );
});
