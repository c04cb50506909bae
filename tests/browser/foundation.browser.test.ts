import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type BrowserSession } from '../support/browser.ts';
import { startProduct } from '../support/product.ts';

let product: Awaited<ReturnType<typeof startProduct>> | undefined;
let browser: BrowserSession | undefined;

beforeAll(async () => {
  product = await startProduct();
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

function visibleToasts(page: Page) {
  return page.locator('[role="status"] .toast').filter({ visible: true });
}

describe('landing page', () => {
  it('shows the product and sends each clock card to its clock', async () => {
    const page = await session().open('/');
    try {
      await page.getByRole('heading', { level: 1, name: 'Crime Clock' }).waitFor();
      expect(await page.title()).toContain('Crime Clock');

      await page.getByRole('link', { name: /CSEW Crime Clock/ }).click();
      await page.waitForURL((url) => url.pathname === '/crime-clock');
      await page.getByRole('heading', { level: 1, name: 'CSEW Crime Clock' }).waitFor();
      expect(await page.title()).toContain('CSEW Crime Clock');

      await page.goBack();
      await page.getByRole('link', { name: /Police Crime Clock/ }).click();
      await page.waitForURL((url) => url.pathname === '/police-crime-clock');
      await page.getByRole('heading', { level: 1, name: 'Police Crime Clock' }).waitFor();
    } finally {
      await page.close();
    }
  });

  it('credits the data sources and links the privacy policy in the footer', async () => {
    const page = await session().open('/');
    try {
      const footer = page.getByRole('contentinfo');
      await footer.waitFor();
      const text = await footer.innerText();
      expect(text).toContain('Office for National Statistics');
      expect(text).toContain('data.police.uk');
      expect(text).toContain('Open Government Licence v3.0');
      expect(text).toMatch(/©\s*\d{4}/);
      expect(await footer.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe(
        '/privacy-policy',
      );
    } finally {
      await page.close();
    }
  });
});

describe('unknown paths', () => {
  it('show the 404 page with a way home', async () => {
    const page = await session().context.newPage();
    try {
      // The server says 404 too, so search engines and link checkers see the page is missing.
      expect((await page.goto('/this/page/does-not-exist'))?.status()).toBe(404);
      await page.getByRole('heading', { level: 1, name: 'Page Not Found' }).waitFor();
      expect(await page.title()).toContain('404 Page Not Found');

      await page
        .getByRole('main')
        .getByRole('link', { name: /home page/i })
        .click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByRole('heading', { level: 1, name: 'Crime Clock' }).waitFor();
    } finally {
      await page.close();
    }
  });
});

describe('embed demo', () => {
  it("gives snippets with this site's own address, never a placeholder", async () => {
    const page = await session().open('/embed-demo.html');
    try {
      const snippet = page.locator('pre code').first();
      await expect
        .poll(() => snippet.innerText())
        .toContain(`${product!.baseUrl}/embed/crime-clock?theme=light`);
      expect(await page.locator('main').innerText()).not.toMatch(/YOUR-CRIME-CLOCK-ADDRESS|this-site/);
    } finally {
      await page.close();
    }
  });
});

describe('toasts', () => {
  async function failLogin(page: Page) {
    const toggle = page.getByRole('button', { name: 'Admin login' });
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    await page.getByLabel('Username').fill('nobody');
    await page.getByLabel('Password').fill('certainly-not-the-password');
    const answered = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/admin/login',
    );
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await answered;
  }

  it('a failed login shows one destructive toast that goes away by itself', async () => {
    const page = await session().open('/');
    try {
      await failLogin(page);
      const toast = page.locator('[role="status"] .toast', { hasText: 'Login failed' });
      await toast.waitFor();
      const shownAt = Date.now();
      expect(await toast.getAttribute('class')).toContain('toast--destructive');
      // The card itself explains the failure too, in a destructive alert.
      await page.getByRole('alert').filter({ hasText: 'Login failed' }).waitFor();
      expect(await page.getByRole('button', { name: 'Login', exact: true }).isEnabled()).toBe(true);

      await toast.waitFor({ state: 'hidden', timeout: 10_000 });
      // The default duration is 5 s: it must not vanish at once.
      expect(Date.now() - shownAt).toBeGreaterThan(4_000);
    } finally {
      await page.close();
    }
  });

  it('shows at most one toast, and the close button dismisses it', async () => {
    const page = await session().open('/');
    try {
      await failLogin(page);
      await page.locator('[role="status"] .toast', { hasText: 'Login failed' }).waitFor();
      await failLogin(page);
      await page.getByRole('button', { name: 'Login', exact: true }).waitFor();
      await page.waitForTimeout(300);
      expect(await visibleToasts(page).count()).toBe(1);

      await page.getByRole('button', { name: 'Close notification' }).click();
      await page.locator('[role="status"] .toast').first().waitFor({ state: 'hidden', timeout: 2_000 });
      expect(await visibleToasts(page).count()).toBe(0);
    } finally {
      await page.close();
    }
  });
});

describe('privacy policy', () => {
  it('has every section the specification lists', async () => {
    const page = await session().open('/');
    try {
      await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
      await page.waitForURL((url) => url.pathname === '/privacy-policy');
      await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
      expect(await page.title()).toContain('Privacy Policy');

      const content = page.locator('.privacy__content');
      const sectionHeadings = await content.getByRole('heading', { level: 2 }).allInnerTexts();
      expect(sectionHeadings).toEqual([
        'Introduction',
        'Who we are and how to contact us',
        'Information we collect',
        'How we use your information',
        'Sharing your information',
        'Keeping your information secure',
        'How long we keep your information',
        'Your rights under UK GDPR',
        'Cookies',
        'Links to other websites',
        "Children's privacy",
        'Changes to this policy',
        'Legal basis for processing',
      ]);
      const collected = await content.getByRole('heading', { level: 3 }).allInnerTexts();
      expect(collected).toEqual([
        'Contact form',
        'Anonymous issue reports',
        'Area alerts',
        'Search queries',
        'Usage and technical information',
      ]);

      const text = await content.innerText();
      expect(text).toContain('within 30 days');
      expect(text).toContain('up to 12 months');
      expect(text).toMatch(/under 13/);
      expect(text).toMatch(/do not use tracking/i);
    } finally {
      await page.close();
    }
  });
});

describe('admin area for a visitor', () => {
  it('shows Access Denied with a way back to the crime clock', async () => {
    const page = await session().open('/admin/api-keys');
    try {
      await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
      await page.getByText('Admin authentication required to access this area.').waitFor();
      await page.getByRole('main').getByRole('link', { name: 'Back to Crime Clock' }).click();
      await page.waitForURL((url) => url.pathname === '/crime-clock');
    } finally {
      await page.close();
    }
  });

  it('raised no uncaught errors in any page', () => {
    expect(session().pageErrors.map((error) => error.message)).toEqual([]);
  });
});
