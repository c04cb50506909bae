import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertCounts } from '../../common/contracts/alerts.ts';
import { MESSAGES } from '../../common/i18n/messages.ts';
import { firstAdminOf, logIn } from '../support/admin-sign-in.ts';
import { blocking, formatViolations, runAxe } from '../support/axe.ts';
import { launchBrowser, type BrowserSession } from '../support/browser.ts';
import { startLocalSmtp, type LocalSmtp } from '../support/local-smtp.ts';
import { startProduct, type RunningProduct } from '../support/product.ts';
import { welshProblems } from '../support/welsh-checks.ts';

/**
 * Area alerts through a real browser against the product as `npm start` runs it, with a real SMTP
 * server the admin points it at: the "Follow this area" button beside an area clock's heading and
 * the panel it opens (a refused address, then a good one with a category), the confirmation mail,
 * the page its link opens, which confirms only when its button is pressed, and the manage page;
 * on a phone and on a laptop. Then the same in Welsh: the panel on the area's `/cy` page, the
 * Welsh feed it links, the Welsh mail and the Welsh page its link opens, at 360 and 1920 px. Then
 * an area whose force publishes nothing (no alert, and why), the button beside the search
 * results' heading, and a product with no mail server, whose panel offers the feed alone.
 *
 * The API allows 3 requests for alerts per sender an hour (alerts-service.ts), and every browser
 * here is the same sender: the English walk sends two and the Welsh one a single one; the refused
 * addresses are refused before they are counted.
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

/** Opens the "Follow this area" panel; the panel, found by its heading. */
async function openFollow(page: Page, button: string, title: RegExp) {
  const follow = page.getByRole('button', { name: button });
  await follow.waitFor();
  expect(await follow.getAttribute('aria-expanded')).toBe('false');
  await follow.click();
  expect(await follow.getAttribute('aria-expanded')).toBe('true');
  const panel = page.getByRole('region', { name: title });
  await panel.waitFor();
  return panel;
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

  it("offers email alerts and the area's Atom feed behind Follow this area, and says which field is wrong", async () => {
    await visitor.withPage(AREA_PAGE, async (page) => {
      const section = await openFollow(page, 'Follow this area', /^Follow /);
      // Focus moves into the panel; Escape closes it and gives focus back to the button.
      const focused = (locator: ReturnType<Page['locator']>) =>
        locator.evaluate((node) => node === node.ownerDocument.activeElement);
      expect(await focused(section.getByRole('heading', { level: 2 }))).toBe(true);
      await page.keyboard.press('Escape');
      expect(await section.isVisible()).toBe(false);
      expect(await focused(page.getByRole('button', { name: 'Follow this area' }))).toBe(true);
      await page.getByRole('button', { name: 'Follow this area' }).click();
      await section.waitFor();

      const feed = await page
        .locator('head link[rel="alternate"][type="application/atom+xml"]')
        .getAttribute('href');
      expect(feed).toBe(`/api/areas/${encodeURIComponent(AREA)}/feed.atom`);
      expect(await section.getByRole('link', { name: 'Atom feed' }).getAttribute('href')).toBe(feed);
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
      expect(await refused.innerText()).toContain(MESSAGES.en['alerts.error.email']);
      await expectAxeClean(page, `the area page with the refusal at ${viewport.width}`);

      const before = smtp!.received.length;
      await section.getByLabel('Email address').fill(email);
      await section.getByRole('checkbox', { name: 'Burglary' }).check();
      await section.getByRole('button', { name: 'Get alerts' }).click();
      const notice = section.getByText('Check your inbox');
      await notice.waitFor();
      // Queued, not "on its way", and what to do if it never arrives.
      expect(await section.innerText()).toMatch(/a confirmation email is queued/);
      expect(await section.innerText()).toMatch(/spam folder/);
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
      const manage = page.getByRole('link', { name: MESSAGES.en['alerts.confirm.manage'] });
      expect(await manage.getAttribute('href')).toBe(
        confirmationPath.replace('/alerts/confirm', '/alerts/manage'),
      );
      expect(await counts()).toMatchObject({
        pending: before.pending - 1,
        confirmed: before.confirmed + 1,
        areas: 1,
        undeliveredConfirmations: 0,
      });
      await expectAxeClean(page, `the confirmation page, confirmed, at ${viewport.width}`);
    });
    expect(visitor.pageErrors.map((e) => e.message)).toEqual([]);
  });

  it('manages the alert from the link its mails carry: the categories chosen, changed and saved', async () => {
    // Every mail of the subscription carries its one token: the manage page takes it too.
    const managePath = confirmationPath.replace('/alerts/confirm', '/alerts/manage');
    await visitor.withPage(managePath, async (page) => {
      await page.getByRole('heading', { level: 1, name: 'Manage your alerts' }).waitFor();
      await page.getByText(email).waitFor();
      const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2 }) });
      expect(await item.count()).toBe(1);
      expect(await item.getByRole('checkbox', { name: 'Burglary' }).isChecked()).toBe(true);
      await item.getByRole('checkbox', { name: 'Robbery' }).check();
      await item.getByRole('button', { name: 'Save categories' }).click();
      await item.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
      await expectAxeClean(page, `the manage page at ${viewport.width}`);
      await page.reload();
      await page.getByRole('checkbox', { name: 'Robbery' }).waitFor();
      expect(await page.getByRole('checkbox', { name: 'Robbery' }).isChecked()).toBe(true);
    });
    expect(visitor.pageErrors.map((e) => e.message)).toEqual([]);
  });
});

describe('alerts for an area in Welsh', () => {
  const { cy } = MESSAGES;
  const WELSH_AREA_PAGE = `/cy${AREA_PAGE}`;
  /** The follow panel's own words: the clock page around it is checked elsewhere. */
  const SECTION = 'section.follow-area__panel';
  let confirmationPath: string;

  it.each([
    { width: 1920, height: 1080, subscribe: false },
    { width: 360, height: 800, subscribe: true },
  ])('shows the form in Welsh at $width px, links the Welsh feed, and refuses in Welsh', async (size) => {
    const visitor = await launchBrowser({ baseUrl: product!.baseUrl, viewport: size });
    try {
      await visitor.withPage(WELSH_AREA_PAGE, async (page) => {
        const section = await openFollow(page, cy['alerts.follow.button'], /^Dilyn /);
        const problems = await welshProblems(page, `the Welsh alert form at ${size.width} px`, SECTION);

        const feed = await page
          .locator('head link[rel="alternate"][type="application/atom+xml"]')
          .getAttribute('href');
        expect(feed).toBe(`/api/areas/${encodeURIComponent(AREA)}/feed.atom?lang=cy`);
        expect(await section.getByRole('link', { name: 'ffrwd Atom' }).getAttribute('href')).toBe(feed);
        const served = await page.evaluate(async (url) => {
          const response = await fetch(url);
          return { status: response.status, body: await response.text() };
        }, feed!);
        expect(served.status).toBe(200);
        expect(served.body).toContain('xml:lang="cy"');

        await section.getByLabel(cy['alerts.form.email']).fill('visitor@example');
        await section.getByRole('button', { name: cy['alerts.form.submit'] }).click();
        const refused = section.getByRole('alert').filter({ hasText: cy['alerts.form.failed'] });
        await refused.waitFor();
        expect(await refused.innerText()).toContain(cy['alerts.error.email']);
        problems.push(...(await welshProblems(page, `the Welsh refusal at ${size.width} px`, SECTION)));

        if (size.subscribe) {
          const before = smtp!.received.length;
          await section.getByLabel(cy['alerts.form.email']).fill('gwen@example.org');
          await section.getByRole('button', { name: cy['alerts.form.submit'] }).click();
          await section.getByText(cy['alerts.form.sent']).waitFor();
          expect(await section.innerText()).toMatch(/^Diolch\./m);
          problems.push(...(await welshProblems(page, `the Welsh notice at ${size.width} px`, SECTION)));

          const mails = await smtp!.waitFor(before + 1, 30_000);
          const mail = mails.slice(before).find((m) => m.to.includes('gwen@example.org'));
          expect(mail, 'the Welsh confirmation mail').toBeDefined();
          expect(mail!.headers.subject).toMatch(
            /^Cadarnhewch eich rhybuddion gan y Cloc Troseddau ar gyfer /,
          );
          expect(mail!.text).toContain('I gadarnhau, agorwch y dudalen hon');
          expect(mail!.text).not.toMatch(/To confirm|The link works|ignore this email/);
          const match = /https?:\/\/\S+?(\/cy\/alerts\/confirm\?token=[A-Za-z0-9_%-]+)/.exec(mail!.text);
          expect(match, mail!.text).not.toBeNull();
          confirmationPath = match![1]!;
        }
        expect(problems.join('\n')).toBe('');
      });
      expect(visitor.pageErrors.map((e) => e.message)).toEqual([]);
    } finally {
      await visitor.close();
    }
  });

  it('opens the Welsh confirmation page from the mail, in Welsh at 360 and 1920 px, and confirms', async () => {
    const visitor = await launchBrowser({
      baseUrl: product!.baseUrl,
      viewport: { width: 1920, height: 1080 },
    });
    try {
      await visitor.withPage(confirmationPath, async (page) => {
        const problems: string[] = [];
        const button = page.getByRole('button', { name: cy['alerts.confirm.action'] });
        for (const size of [
          { width: 1920, height: 1080 },
          { width: 360, height: 800 },
        ]) {
          await page.setViewportSize(size);
          await page.reload();
          await page.getByRole('heading', { level: 1, name: cy['alerts.confirm.title'] }).waitFor();
          await button.waitFor();
          expect(await page.getAttribute('html', 'lang')).toBe('cy');
          problems.push(...(await welshProblems(page, `the Welsh confirmation page at ${size.width} px`)));
        }
        const before = await counts();
        await button.click();
        await page.getByText(/^Mae'r rhybuddion ar gyfer .+ ymlaen/).waitFor();
        expect(await counts()).toEqual({
          ...before,
          pending: before.pending - 1,
          confirmed: before.confirmed + 1,
        });
        expect(before.undeliveredConfirmations).toBe(0);
        problems.push(...(await welshProblems(page, 'the Welsh confirmation page, confirmed, at 360 px')));
        expect(problems.join('\n')).toBe('');
      });
      expect(visitor.pageErrors.map((e) => e.message)).toEqual([]);
    } finally {
      await visitor.close();
    }
  });
});

describe('where no alert can be mailed', () => {
  it('offers no alert for an area whose force publishes nothing, and says why', async () => {
    const visitor = await launchBrowser({ baseUrl: product!.baseUrl, viewport: { width: 390, height: 844 } });
    try {
      await visitor.withPage('/police-crime-clock?area=force%3Agreater-manchester', async (page) => {
        const panel = await openFollow(page, 'Follow this area', /^Follow /);
        const why = panel.getByTestId('follow-silent');
        await why.waitFor();
        expect(await why.innerText()).toMatch(
          /Greater Manchester Police has published no street-level crime data since July 2019/,
        );
        expect(await panel.getByLabel('Email address').count()).toBe(0);
        expect(await panel.getByRole('link', { name: 'Atom feed' }).count()).toBe(0);
        await expectAxeClean(page, 'the silent area panel');
      });
      // The API refuses it too, whatever a page offers.
      let refused: { status: number; code: string } | undefined;
      await visitor.withPage('/', async (page) => {
        refused = await page.evaluate(async () => {
          const response = await fetch('/api/alerts', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: 'ann@example.org', area: 'force:greater-manchester' }),
          });
          return { status: response.status, code: ((await response.json()) as { code: string }).code };
        });
      });
      expect(refused).toEqual({ status: 422, code: 'AREA_NOT_PUBLISHED' });
      expect(visitor.pageErrors.map((e) => e.message)).toEqual([]);
    } finally {
      await visitor.close();
    }
  });

  it('puts Follow this area beside the heading of an area search', async () => {
    const visitor = await launchBrowser({
      baseUrl: product!.baseUrl,
      viewport: { width: 1440, height: 900 },
    });
    try {
      await visitor.withPage('/search?type=force&force=metropolitan', async (page) => {
        const heading = page.locator('.search-results__title');
        await heading.waitFor();
        const button = page.getByRole('button', { name: 'Follow this area' });
        await button.waitFor();
        const [h, b] = [(await heading.boundingBox())!, (await button.boundingBox())!];
        // On the heading's row, to its right.
        expect(b.y).toBeLessThan(h.y + h.height);
        expect(b.x).toBeGreaterThan(h.x);
        const panel = await openFollow(page, 'Follow this area', /^Follow /);
        await panel.getByLabel('Email address').waitFor();
        expect(await panel.getByRole('checkbox').count()).toBeGreaterThan(10);
      });
    } finally {
      await visitor.close();
    }
  });

  it('offers the feed alone, with why, when the product has no mail server', async () => {
    const bare = await startProduct();
    const visitor = await launchBrowser({ baseUrl: bare.baseUrl, viewport: { width: 390, height: 844 } });
    try {
      await visitor.withPage(AREA_PAGE, async (page) => {
        const panel = await openFollow(page, 'Follow this area', /^Follow /);
        const why = panel.getByTestId('follow-no-email');
        await why.waitFor();
        expect(await why.innerText()).toBe(MESSAGES.en['alerts.follow.noEmail']);
        expect(await panel.getByLabel('Email address').count()).toBe(0);
        const feed = panel.getByRole('link', { name: 'Atom feed' });
        expect(await feed.getAttribute('href')).toBe(`/api/areas/${encodeURIComponent(AREA)}/feed.atom`);
        await expectAxeClean(page, 'the feed-only panel');
        const answer = await page.evaluate(async () => {
          const response = await fetch('/api/alerts', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: 'ann@example.org', area: 'force:metropolitan' }),
          });
          return { status: response.status, code: ((await response.json()) as { code: string }).code };
        });
        expect(answer).toEqual({ status: 503, code: 'EMAIL_UNAVAILABLE' });
      });
      expect(visitor.pageErrors.map((e) => e.message)).toEqual([]);
    } finally {
      await visitor.close();
      await bare.stop();
    }
  });
});
