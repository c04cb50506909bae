import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertCounts } from '../../common/contracts/alerts.ts';
import { firstAdminOf, logIn } from '../support/admin-sign-in.ts';
import { blocking, formatViolations, runAxe } from '../support/axe.ts';
import { launchBrowser, type BrowserSession } from '../support/browser.ts';
import { startLocalSmtp, type LocalSmtp } from '../support/local-smtp.ts';
import { startProduct, type RunningProduct } from '../support/product.ts';

/**
 * Issue 32's area alerts through a real browser against the product as `npm start` runs it, with a
 * real SMTP server the admin points it at: the "Get alerts for this area" form on an area's clock
 * (a refused address, then a good one), the confirmation mail, and the page its link opens, which
 * confirms only when its button is pressed; on a phone and on a laptop.
 */

const MAILBOX = { username: 'relay', password: 'relay password' };
const AREA = 'force:metropolitan';
const AREA_PAGE = `/police-crime-clock?area=${encodeURIComponent(AREA)}`;

let smtp: LocalSmtp | undefined;
let product: RunningProduct | undefined;
/** Signed in as the product's first admin: sets SMTP up and reads the alert counts. */
let admin: BrowserSession | undefined;
let adminPage: Page | undefined;

beforeAll(async () => {
  smtp = await startLocalSmtp(MAILBOX);
  product = await startProduct({ SMTP_ALLOWED_PORTS: String(smtp.port) });
  admin = await launchBrowser({ baseUrl: product.baseUrl });
  adminPage = await admin.open('/');
  await logIn(adminPage, firstAdminOf(product));
  const saved = await adminPage.evaluate(
    async (settings) =>
      (
        await fetch('/api/smtp/settings', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(settings),
        })
      ).status,
    {
      host: '127.0.0.1',
      port: smtp.port,
      user: MAILBOX.username,
      pass: MAILBOX.password,
      fromEmail: 'alerts@crime-clock.example',
      adminEmail: 'admin@crime-clock.example',
    },
  );
  expect(saved).toBe(200);
});

afterAll(async () => {
  await admin?.close();
  await product?.stop();
  await smtp?.close();
});

/** What the admin's counts route says (counts only, never addresses). */
async function counts(): Promise<AlertCounts> {
  return adminPage!.evaluate(async () => {
    const response = await fetch('/api/admin/alerts');
    if (!response.ok) throw new Error(`admin counts: ${response.status}`);
    return (await response.json()) as AlertCounts;
  });
}

async function expectAxeClean(page: Page, what: string) {
  const failing = blocking(await runAxe(page));
  expect(formatViolations(failing), `serious or critical axe violations on ${what}`).toBe('');
}

/** The path and query of the confirmation link in a mail (its origin is the product's own). */
function confirmationPathOf(text: string): string {
  const match = /https?:\/\/\S+?(\/alerts\/confirm\?token=[A-Za-z0-9_%-]+)/.exec(text);
  if (!match) throw new Error(`no confirmation link in: ${text}`);
  return match[1]!;
}

describe.each([
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
])('alerts for an area at $width x $height', (viewport) => {
  const email = `visitor-${viewport.width}@example.org`;
  let visitor: BrowserSession;
  let confirmationPath: string;

  beforeAll(async () => {
    visitor = await launchBrowser({ baseUrl: product!.baseUrl, viewport });
  });
  afterAll(async () => {
    await visitor?.close();
  });

  it("offers the area's Atom feed and the alerts form, and says which field is wrong", async () => {
    await visitor.withPage(AREA_PAGE, async (page) => {
      const section = page.getByRole('region', { name: 'Get alerts for this area' });
      await section.waitFor();

      const feed = await page
        .locator('head link[rel="alternate"][type="application/atom+xml"]')
        .getAttribute('href');
      expect(feed).toBe(`/api/areas/${encodeURIComponent(AREA)}/feed.atom`);
      const served = await page.evaluate(async (url) => {
        const response = await fetch(url);
        return { status: response.status, type: response.headers.get('content-type') };
      }, feed!);
      expect(served).toEqual({ status: 200, type: 'application/atom+xml; charset=utf-8' });

      // The browser's own check lets `x@y` through; the server's asks for a domain with a dot.
      await section.getByLabel('Email address').fill('visitor@example');
      await section.getByRole('button', { name: 'Get alerts' }).click();
      const refused = section.getByRole('alert').filter({ hasText: 'Not sent' });
      await refused.waitFor();
      expect(await refused.innerText()).toMatch(/email: enter a valid email address/);
      await expectAxeClean(page, `the area page with the refusal at ${viewport.width}`);

      const before = smtp!.received.length;
      await section.getByLabel('Email address').fill(email);
      await section.getByRole('button', { name: 'Get alerts' }).click();
      const notice = section.getByText('Check your inbox');
      await notice.waitFor();
      expect(await section.innerText()).toMatch(/a confirmation email is on its way/);
      expect(await section.getByLabel('Email address').count()).toBe(0);
      await expectAxeClean(page, `the area page with the confirmation notice at ${viewport.width}`);

      const mails = await smtp!.waitFor(before + 1, 30_000);
      const mail = mails.slice(before).find((m) => m.to.includes(email));
      expect(mail, 'the confirmation mail').toBeDefined();
      confirmationPath = confirmationPathOf(mail!.text);
    });
  });

  it('confirms from the mailed link only when the button is pressed', async () => {
    const before = await counts();
    await visitor.withPage(confirmationPath, async (page) => {
      await page.getByRole('heading', { name: 'Confirm your alerts' }).waitFor();
      const button = page.getByRole('button', { name: 'Confirm alerts' });
      await button.waitFor();
      await expectAxeClean(page, `the confirmation page at ${viewport.width}`);
      // Opening the page (twice, as a mail scanner and then the visitor would) confirms nothing.
      await page.reload();
      await button.waitFor();
      expect(await counts()).toEqual(before);

      await button.click();
      await page.getByText(/Alerts for .+ are on/).waitFor();
      expect(await counts()).toEqual({
        pending: before.pending - 1,
        confirmed: before.confirmed + 1,
        areas: 1,
      });
      await expectAxeClean(page, `the confirmation page, confirmed, at ${viewport.width}`);
    });
    expect(visitor.pageErrors.map((e) => e.message)).toEqual([]);
  });
});
