/**
 * The Welsh pages: `/cy/...` addresses, `<html lang>`, the language switch and the
 * cookie that keeps the choice, no English message of ours on a translated page, nothing
 * overflowing its box at 360 and 1920 px (Welsh words run long), and axe clean; the tab titles,
 * and an error the server answers in English worded in Welsh from its code.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { hasWelshTwin, localizedPath } from '../../common/i18n/locale.ts';
import { MESSAGES } from '../../common/i18n/messages.ts';
import { APP_PAGE_PATHS, EMBED_PAGE_PATHS } from '../../common/site/page-paths.ts';
import { EMAIL_THROTTLE_DEFAULTS } from '../../api/src/email/email-routes.ts';
import { firstAdminOf } from '../support/admin-sign-in.ts';
import { authenticatorCode } from '../support/authenticator.ts';
import { blocking, formatViolations, runAxe } from '../support/axe.ts';
import { englishIn, OPEN_DIALOG, overflowing, textOf, welshProblems } from '../support/welsh-checks.ts';
import { startProductWithBrowser, type ProductWithBrowser } from '../support/product-with-browser.ts';

const { en, cy } = MESSAGES;

let running: ProductWithBrowser | undefined;
let page: Page;

beforeAll(async () => {
  // A secret key, so the admin can turn on the second factor whose step the login card words too.
  running = await startProductWithBrowser({ SECRET_KEY: 'c3'.repeat(32) });
  page = await running.browser.open('/');
}, 300_000);

afterAll(async () => {
  await running?.close();
});

/**
 * Public pages whose Welsh is checked in their own feature's Welsh test, in the states they show
 * (a live clock, the kiosk, results and the map); the embeds, which have no `/cy` twin but take
 * `?lang=cy`, are checked in welsh-clocks too.
 */
const CHECKED_ELSEWHERE: Record<string, string> = {
  '/crime-clock': 'welsh-clocks.browser.test.ts',
  '/police-crime-clock': 'welsh-clocks.browser.test.ts',
  '/search': 'welsh-search.browser.test.ts',
};

/** Every other public page of the app in Welsh, and an unknown address: a new page is checked here by itself. */
const WELSH_PAGES = [
  ...APP_PAGE_PATHS.filter((path) => hasWelshTwin(path) && !(path in CHECKED_ELSEWHERE)).map((path) =>
    localizedPath(path, 'cy'),
  ),
  '/cy/no-such-page',
];

it('checks every public page in Welsh, here or in the feature test named for it', () => {
  expect(WELSH_PAGES).toEqual(expect.arrayContaining(['/cy', '/cy/glossary', '/cy/alerts/confirm']));
  for (const [path, file] of Object.entries(CHECKED_ELSEWHERE)) {
    const test = readFileSync(join(import.meta.dirname, file), 'utf8');
    expect(test, `${file} checks /cy${path}`).toContain(`'/cy${path}`);
  }
  // The embeds take their Welsh from ?lang=cy, and are walked with the clocks.
  const clocks = readFileSync(join(import.meta.dirname, 'welsh-clocks.browser.test.ts'), 'utf8');
  for (const path of EMBED_PAGE_PATHS)
    expect(clocks, `welsh-clocks checks ${path}`).toContain(`'${path}?lang=cy`);
});
const WIDTHS = [
  { width: 360, height: 800 },
  { width: 1920, height: 1080 },
];

describe('the Welsh pages', () => {
  for (const path of WELSH_PAGES) {
    it(`${path} is Welsh, fits at 360 and 1920 px, and passes axe`, async () => {
      const problems: string[] = [];
      for (const { width, height } of WIDTHS) {
        await page.setViewportSize({ width, height });
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        expect(await page.getAttribute('html', 'lang')).toBe('cy');
        problems.push(...(await welshProblems(page, `${path} at ${width} px`)));
      }
      expect(problems.join('\n')).toBe('');
    }, 120_000);
  }

  it('says the contact and report dialogs in Welsh, errors included, fitting at 360 and 1920 px, axe clean', async () => {
    // The survey clock itself is still English (docs/i18n.md): only the dialogs are checked here.
    const problems: string[] = [];
    for (const { width, height } of WIDTHS) {
      await page.setViewportSize({ width, height });
      await page.goto('/cy/crime-clock');
      const check = async (what: string) => {
        problems.push(...englishIn(await textOf(page, OPEN_DIALOG), `${what} at ${width} px`));
        for (const overflow of (await page.evaluate(overflowing(OPEN_DIALOG))) as string[]) {
          problems.push(`${what} at ${width} px overflows: ${overflow}`);
        }
        // The dialog fades in: axe measures colours as they are, so it waits for the fade to end.
        await page.evaluate(`Promise.all(document.querySelector('dialog[open]').getAnimations({ subtree: true })
          .map((a) => a.finished.catch(() => undefined)))`);
        const axe = formatViolations(blocking(await runAxe(page)));
        if (axe) problems.push(`${what} at ${width} px: axe\n${axe}`);
      };

      await page.getByRole('button', { name: cy['contact.button'], exact: true }).click();
      const contact = page.getByRole('dialog', { name: cy['contact.title'] });
      await contact.waitFor();
      await check('the contact dialog');
      await contact.getByLabel(new RegExp(`^${cy['contact.name']}`)).fill('Ada');
      await contact.getByLabel(new RegExp(`^${cy['contact.email']}`)).fill('not-an-address');
      await contact.getByLabel(new RegExp(`^${cy['contact.message']}`)).fill('Helo');
      await contact.getByRole('button', { name: cy['contact.submit'] }).click();
      expect(await contact.getByRole('alert').innerText()).toBe(cy['contactTexts.invalidEmail']);
      await check('the contact dialog with an error');
      await contact.getByRole('button', { name: cy['dialog.close'] }).click();
      await contact.waitFor({ state: 'hidden' });

      await page.getByRole('button', { name: cy['report.button'] }).click();
      const report = page.getByRole('dialog', { name: cy['report.title'] });
      await report.waitFor();
      await check('the report dialog');
      await report.getByRole('button', { name: cy['report.submit'] }).click();
      expect(await report.getByRole('alert').innerText()).toBe(cy['contactTexts.describeIssue']);
      await report.getByRole('button', { name: cy['dialog.cancel'] }).click();
      await report.waitFor({ state: 'hidden' });
    }
    expect(problems.join('\n')).toBe('');
  }, 120_000);

  it('says in Welsh what the alert pages make of a link they do not know', async () => {
    const problems: string[] = [];
    for (const [path, action] of [
      ['/cy/alerts/confirm', cy['alerts.confirm.action']],
      ['/cy/alerts/unsubscribe', cy['alerts.unsubscribe.action']],
    ] as const) {
      for (const { width, height } of WIDTHS) {
        await page.setViewportSize({ width, height });
        await page.goto(`${path}?token=${'x'.repeat(43)}`);
        await page.getByRole('button', { name: action }).click();
        // Confirming refuses the unknown link; unsubscribing says it is done (the link is already gone).
        await page
          .getByText(cy['alerts.page.failed'])
          .or(page.getByText(cy['alerts.page.doneTitle']))
          .waitFor();
        problems.push(...(await welshProblems(page, `${path} with an unknown token at ${width} px`)));
      }
    }
    expect(problems.join('\n')).toBe('');
  }, 120_000);

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

describe('the admin login on a Welsh page', () => {
  /** The login card in the footer, opened from its Welsh toggle. */
  async function openLogin() {
    await page.goto('/cy/glossary');
    await page.getByRole('button', { name: cy['auth.toggle'], exact: true }).click();
    await page.getByRole('heading', { name: cy['auth.title'] }).waitFor();
  }
  const card = () => page.locator('.login-card');
  const alertText = () => card().getByRole('alert').innerText();

  it('words the toggle, the card, its refusals, its second-factor step and the admin menu in Welsh', async () => {
    const admin = firstAdminOf(running!.product);
    const problems: string[] = [];
    await page.setViewportSize({ width: 360, height: 800 });
    await openLogin();
    problems.push(...(await welshProblems(page, 'the login card')));

    // A wrong password: the card's alert and the toast, both in Welsh (the API said it in English).
    await card()
      .getByLabel(new RegExp(`^${cy['auth.username']}`))
      .fill(admin.username);
    await card()
      .getByLabel(new RegExp(`^${cy['auth.password']}`))
      .fill('not the password');
    await card().getByRole('button', { name: cy['auth.submit'], exact: true }).click();
    await expect.poll(alertText).toContain(cy['auth.error.INVALID_CREDENTIALS']);
    await page.locator('.toaster').getByText(cy['auth.failed']).waitFor();
    problems.push(...(await welshProblems(page, 'the login card refused')));

    // Signed in: the admin menu in the header is Welsh.
    await card()
      .getByLabel(new RegExp(`^${cy['auth.password']}`))
      .fill(admin.password);
    await card().getByRole('button', { name: cy['auth.submit'], exact: true }).click();
    const menu = page.getByRole('button', { name: cy['auth.menu.button'] });
    await menu.click();
    await page.getByRole('menuitem', { name: cy['auth.menu.logout'] }).waitFor();
    problems.push(...(await welshProblems(page, 'the admin menu')));

    // The second factor turned on (as the Security page does), then signed out from the Welsh menu.
    const setup = (await page.evaluate(async () => {
      const answer = await fetch('/api/admin/second-factor/setup', { method: 'POST' });
      return (await answer.json()) as { secret: string };
    })) as { secret: string };
    // Each time step is taken once: the confirmation uses the last one, the sign-in the next.
    const confirmed = await page.evaluate(
      async (body) =>
        (
          await fetch('/api/admin/second-factor/confirm', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          })
        ).status,
      { code: authenticatorCode(setup.secret, Date.now() - 30_000), password: admin.password },
    );
    expect(confirmed).toBe(200);
    await page.getByRole('menuitem', { name: cy['auth.menu.logout'] }).click();
    await page.getByRole('button', { name: cy['auth.toggle'], exact: true }).waitFor();

    // The code step: its field and hint, a wrong code refused in Welsh, then the right one.
    await openLogin();
    await card()
      .getByLabel(new RegExp(`^${cy['auth.username']}`))
      .fill(admin.username);
    await card()
      .getByLabel(new RegExp(`^${cy['auth.password']}`))
      .fill(admin.password);
    await card().getByRole('button', { name: cy['auth.submit'], exact: true }).click();
    const code = card().getByLabel(new RegExp(`^${cy['auth.code']}`));
    await code.waitFor();
    await card().getByText(cy['auth.codeHint']).waitFor();
    problems.push(...(await welshProblems(page, 'the second-factor step')));
    await code.fill('000000');
    await card().getByRole('button', { name: cy['auth.submit'], exact: true }).click();
    await expect.poll(alertText).toContain(cy['auth.error.INVALID_CODE']);
    problems.push(...(await welshProblems(page, 'the second-factor step refused')));
    await code.fill(authenticatorCode(setup.secret, Date.now() + 30_000));
    await card().getByRole('button', { name: cy['auth.submit'], exact: true }).click();
    await menu.click();
    await page.getByRole('menuitem', { name: cy['auth.menu.logout'] }).click();
    await page.getByRole('button', { name: cy['auth.toggle'], exact: true }).waitFor();
    expect(problems.join('\n')).toBe('');
  }, 120_000);
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

describe('Welsh titles and errors', () => {
  it('gives the tab the Welsh title on load and after navigating in the app', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/cy/glossary');
    await page.getByRole('heading', { level: 1, name: cy['glossary.title'] }).waitFor();
    expect(await page.title()).toBe(`${cy['glossary.title']} | ${cy['meta.siteName']}`);
    // The search route names its page in English text: the tab still reads Welsh.
    const nav = page.getByRole('navigation', { name: cy['header.navLabel'] });
    await nav.getByRole('link', { name: cy['header.nav.search'] }).click();
    await page.waitForURL((url) => url.pathname === '/cy/search');
    await expect.poll(() => page.title()).toBe(`${cy['meta.search.title']} | ${cy['meta.siteName']}`);
    await page.goto('/cy');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.title()).toBe(cy['meta.siteName']);
  }, 60_000);

  it("words the contact form's rate limit in Welsh, from the refusal's code", async () => {
    // Runs last: it spends this address's allowance of messages for the rest of the window.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/cy/crime-clock');
    const sent = (await page.evaluate(async (count) => {
      const statuses: number[] = [];
      for (let i = 0; i < count; i += 1) {
        const response = await fetch('/api/email/contact', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            name: 'Ada',
            email: 'ada@example.com',
            message: `Neges ${i}`,
            timestamp: null,
          }),
        });
        statuses.push(response.status);
      }
      return statuses;
    }, EMAIL_THROTTLE_DEFAULTS.maxPerAddress)) as number[];
    expect(sent.every((status) => status === 202 || status === 429)).toBe(true);

    await page.getByRole('button', { name: cy['contact.button'], exact: true }).click();
    const contact = page.getByRole('dialog', { name: cy['contact.title'] });
    await contact.waitFor();
    await contact.getByLabel(new RegExp(`^${cy['contact.name']}`)).fill('Ada');
    await contact.getByLabel(new RegExp(`^${cy['contact.email']}`)).fill('ada@example.com');
    await contact.getByLabel(new RegExp(`^${cy['contact.message']}`)).fill('Helo eto');
    await contact.getByRole('button', { name: cy['contact.submit'] }).click();
    const alert = await contact.getByRole('alert').innerText();
    expect(alert.startsWith(cy['errors.code.TOO_MANY_MESSAGES'])).toBe(true);
    expect(alert).toMatch(/Rhowch gynnig arall arni ymhen \d+ (munud|funud)\.$/);
    expect(alert).not.toContain('Please try again');
    const problems = await welshProblems(page, 'the contact dialog refused', OPEN_DIALOG);
    expect(problems.join('\n')).toBe('');
  }, 60_000);
});
