import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalSmtp, type LocalSmtp } from '../support/local-smtp.ts';
import { launchBrowser, type BrowserSession } from '../support/browser.ts';
import { startProduct, type RunningProduct } from '../support/product.ts';

/**
 * The admin area through a real browser against the product as `npm start` runs it: sign-in, the
 * avatar menu, Access Denied, the dashboard's true system facts, email settings tested against a
 * real SMTP server, visitor messages that arrive there, and the severity tool.
 */

const root = join(import.meta.dirname, '..', '..');
const ADMIN = { username: 'tester', password: 'a long test password 42' };
// A relay username that is not an address, as SendGrid's is: the form must take it.
const MAILBOX = { username: 'apikey', password: 'smtp-app-password' };
const ADMIN_ROUTES = [
  '/admin',
  '/admin/algorithms',
  '/admin/csew-data',
  '/admin/smtp-settings',
  '/admin/api-keys',
  '/admin/police-crime-clock',
  '/admin/messages',
];

let storeDir: string;
let smtp: LocalSmtp | undefined;
let product: RunningProduct | undefined;
let browser: BrowserSession | undefined;

/** `npm run admin -- create <user>` with the password piped in, as an operator would script it. */
function createAdmin(databaseUrl: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      join(root, 'node_modules', '.bin', 'tsx'),
      ['scripts/admin/cli.ts', 'create', ADMIN.username],
      {
        cwd: root,
        env: { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: 'production', LOG_LEVEL: 'warn' },
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stdin.end(`${ADMIN.password}\n`);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`admin create exited ${code}:\n${output}`)),
    );
  });
}

beforeAll(async () => {
  storeDir = mkdtempSync(join(tmpdir(), 'crime-clock-admin-browser-'));
  const databaseUrl = `sqlite:${join(storeDir, 'crime-clock.sqlite')}`;
  await createAdmin(databaseUrl);
  smtp = await startLocalSmtp(MAILBOX);
  // The local mail server listens on a free port, which an admin allows the way the README says.
  product = await startProduct({ DATABASE_URL: databaseUrl, SMTP_ALLOWED_PORTS: String(smtp.port) });
  browser = await launchBrowser({ baseUrl: product.baseUrl });
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
  await smtp?.close();
  rmSync(storeDir, { recursive: true, force: true });
});

function session(): BrowserSession {
  if (!browser) throw new Error('the browser did not start');
  return browser;
}

function toast(page: Page, title: string) {
  return page.locator('[role="status"] .toast', { hasText: title });
}

async function logIn(page: Page, password = ADMIN.password) {
  const toggle = page.getByRole('button', { name: 'Admin login' });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await page.getByLabel(/^Username/).fill(ADMIN.username);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

async function adminCheck(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    const response = await fetch('/api/admin/check', { credentials: 'include' });
    return ((await response.json()) as { isAdmin: boolean }).isAdmin;
  });
}

describe('an anonymous visitor', () => {
  it('sees Access Denied on every admin route, and the server refuses the admin API', async () => {
    const visitor = await launchBrowser({ baseUrl: product!.baseUrl });
    try {
      const page = await visitor.open('/');
      for (const path of ADMIN_ROUTES) {
        await page.goto(path);
        await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
        await page.getByText('Admin authentication required to access this area.').waitFor();
        expect(
          await page
            .getByRole('main')
            .getByRole('link', { name: 'Back to Crime Clock' })
            .getAttribute('href'),
        ).toBe('/crime-clock');
      }
      const statuses = await page.evaluate(async () =>
        Promise.all(
          ['/api/admin/system', '/api/admin/imports', '/api/admin/messages', '/api/smtp/settings'].map(
            async (url) => (await fetch(url)).status,
          ),
        ),
      );
      expect(statuses).toEqual([401, 401, 401, 401]);
      expect(visitor.pageErrors.map((e) => e.message)).toEqual([]);
    } finally {
      await visitor.close();
    }
  });
});

describe('signing in and out', () => {
  it('refuses a wrong password, shows no credentials, and logs in and out through the card', async () => {
    const page = await session().open('/');
    try {
      await page.getByRole('button', { name: 'Admin login' }).click();
      const card = page.locator('.login-card');
      expect(await card.innerText()).not.toContain(ADMIN.password);
      expect((await card.innerText()).toLowerCase()).not.toMatch(/default|password:/);

      await logIn(page, 'not the password at all');
      await page.getByRole('alert').filter({ hasText: 'Invalid credentials' }).waitFor();
      expect(await adminCheck(page)).toBe(false);

      await logIn(page);
      await page.getByRole('button', { name: 'Administrator menu' }).waitFor();
      expect(await page.getByLabel(/^Username/).count()).toBe(0);
      expect(await adminCheck(page)).toBe(true);

      await page.getByRole('button', { name: 'Administrator menu' }).click();
      const reloaded = page.waitForEvent('load');
      await page.getByRole('menuitem', { name: 'Log out' }).click();
      await reloaded;
      await page.getByRole('button', { name: 'Admin login' }).waitFor();
      expect(await adminCheck(page)).toBe(false);
    } finally {
      await page.close();
    }
  });
});

describe('signed in as an admin', () => {
  let page: Page;

  beforeAll(async () => {
    page = await session().open('/');
    await logIn(page);
    await page.getByRole('button', { name: 'Administrator menu' }).waitFor();
  });

  afterAll(async () => {
    await page.close();
  });

  it('the avatar menu items go where the specification says', async () => {
    const menu = page.getByRole('menu', { name: 'Administrator' });
    const expected: [string, string][] = [
      ['Profile', '/admin'],
      ['Settings', '/admin'],
      ['Admin Tools', '/admin'],
      ['Email Settings', '/admin/smtp-settings'],
    ];
    for (const [item, path] of expected) {
      await page.goto('/');
      await page.getByRole('button', { name: 'Administrator menu' }).click();
      await menu.getByText('Administrator', { exact: true }).waitFor();
      await menu.getByRole('menuitem', { name: item, exact: true }).click();
      await page.waitForURL((url) => url.pathname === path);
    }
    await page.getByRole('button', { name: 'Administrator menu' }).click();
    expect(await menu.getByRole('menuitem', { name: 'Embed Demo' }).getAttribute('href')).toBe(
      '/embed-demo.html',
    );
    await page.keyboard.press('Escape');
  });

  it('the dashboard shows the spec’s cards and the true system facts', async () => {
    await page.goto('/admin');
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
    const tiles = main.getByRole('list', { name: 'At a glance' });
    await tiles.getByText('Online').waitFor();
    expect(await tiles.innerText()).toMatch(/Active Features\s+4/i);
    expect(await tiles.innerText()).toMatch(/Data Sources\s+Multiple/i);

    const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string })
      .version;
    const info = main.locator('section', { has: page.getByRole('heading', { name: 'System Information' }) });
    await info.getByText('Connected').waitFor();
    const facts = await info.innerText();
    expect(facts).toContain(version);
    expect(facts).toContain('Production');
    expect(facts).toContain('SQLite');

    const tools: [RegExp, string][] = [
      [/^API Keys/, '/admin/api-keys'],
      [/^SMTP Settings/, '/admin/smtp-settings'],
      [/^Crime Algorithms/, '/admin/algorithms'],
      [/^CSEW Data Viewer/, '/admin/csew-data'],
      [/^Police Crime Clock \(legacy\)/, '/admin/police-crime-clock'],
    ];
    for (const [name, path] of tools) {
      expect(await main.getByRole('link', { name }).getAttribute('href')).toBe(path);
    }
    expect(await main.getByRole('link', { name: /^Crime Data Search/ }).getAttribute('href')).toBe('/search');
    const imports = main.locator('section', { has: page.getByRole('heading', { name: 'Imports' }) });
    await imports
      .getByText(/No imports recorded yet|Recorded imports|Latest/)
      .first()
      .waitFor();
    await main.getByRole('link', { name: /View messages/ }).click();
    await page.waitForURL((url) => url.pathname === '/admin/messages');
  });

  it('saves email settings and tests them against a real SMTP server', async () => {
    await page.goto('/admin/smtp-settings');
    const save = page.getByRole('button', { name: 'Save Settings' });
    const test = page.getByRole('button', { name: 'Test Connection' });
    await save.waitFor();
    expect(await page.getByLabel(/^Port/).inputValue()).toBe('587');
    expect(await save.isDisabled()).toBe(true);
    expect(await test.isDisabled()).toBe(true);

    await page.getByLabel(/^SMTP host/).fill('127.0.0.1');
    await page.getByLabel(/^Port/).fill(String(smtp!.port));
    await page.getByLabel(/^Username/).fill(MAILBOX.username);
    await page.getByLabel(/^Password/).fill('the wrong password');
    await page.getByLabel(/^From address/).fill('noreply@example.com');
    await page.getByLabel(/^Admin address/).fill('admin@example.com');

    await test.click();
    const failed = page.getByRole('alert').filter({ hasText: 'Test Failed' });
    await failed.waitFor();
    await toast(page, 'Test Failed').waitFor();
    expect(await failed.innerText()).toMatch(/auth|password|credentials/i);

    // Editing any field clears the result: it no longer describes these settings.
    await page.getByLabel(/^Password/).fill(MAILBOX.password);
    await failed.waitFor({ state: 'detached' });

    await test.click();
    await page.getByRole('status').filter({ hasText: 'Test Successful' }).first().waitFor();
    await toast(page, 'Test Successful').waitFor();

    await save.click();
    await toast(page, 'Settings Saved').waitFor();

    await page.reload();
    await page.getByText('A password is set — leave blank to keep it.').waitFor();
    expect(await page.getByLabel(/^SMTP host/).inputValue()).toBe('127.0.0.1');
    expect(await page.getByLabel(/^Password/).inputValue()).toBe('');
    // A blank password tests with the stored one.
    await test.click();
    await toast(page, 'Test Successful').waitFor();
  });

  it('a contact message and a data-issue report arrive at the admin address', async () => {
    const before = smtp!.received.length;
    await page.goto('/crime-clock');
    await page.getByRole('button', { name: 'Contact', exact: true }).click();
    const contact = page.getByRole('dialog', { name: 'Contact Us' });
    await contact.waitFor();
    await contact.getByLabel(/^Name/).fill('Ada Lovelace');
    await contact.getByLabel(/^Email/).fill('not-an-address');
    await contact.getByLabel(/^Message/).fill('The survey clock is lovely.');
    await contact.getByRole('button', { name: 'Send Message' }).click();
    await contact.getByRole('alert').filter({ hasText: 'Please enter a valid email address.' }).waitFor();
    await contact.getByLabel(/^Email/).fill('ada@example.org');
    await contact.getByRole('button', { name: 'Send Message' }).click();
    await toast(page, 'Message Sent').waitFor();
    await contact.waitFor({ state: 'hidden' });

    // Success cleared the form; Escape closes and hands focus back to the button.
    await page.getByRole('button', { name: 'Contact', exact: true }).click();
    expect(await contact.getByLabel(/^Name/).inputValue()).toBe('');
    await page.keyboard.press('Escape');
    await contact.waitFor({ state: 'hidden' });
    expect(
      await page
        .getByRole('button', { name: 'Contact', exact: true })
        .evaluate((b) => b === b.ownerDocument.activeElement),
    ).toBe(true);

    await page.getByRole('button', { name: 'Report Issue' }).click();
    const report = page.getByRole('dialog', { name: /Report/ });
    await report.getByRole('button', { name: 'Send Report' }).click();
    await report
      .getByRole('alert')
      .filter({ hasText: 'Please describe the issue before submitting.' })
      .waitFor();
    await report.getByLabel(/^Describe the issue/).fill('The fraud count looks too high.');
    await report.getByRole('button', { name: 'Send Report' }).click();
    await toast(page, 'Report Sent').waitFor();

    const mails = (await smtp!.waitFor(before + 2, 20_000)).slice(before);
    expect(mails.every((mail) => mail.to.includes('admin@example.com'))).toBe(true);
    const texts = mails.map((mail) => mail.text).join('\n---\n');
    expect(texts).toContain('The survey clock is lovely.');
    expect(texts).toContain('ada@example.org');
    expect(texts).toContain('The fraud count looks too high.');

    await page.goto('/admin/messages');
    await page.getByRole('button', { name: /^Delivered/ }).click();
    await page.getByText('The fraud count looks too high.').waitFor();
    await page.getByText('The survey clock is lovely.').waitFor();
  });

  it('the survey data viewer shows the clock’s own figures', async () => {
    await page.goto('/admin/csew-data');
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: 'CSEW Data Viewer' }).waitFor();
    expect(await main.getByRole('list', { name: 'Summary' }).innerText()).toContain('9.4 million');
    for (const title of [
      'Headline crime',
      'Theft offences',
      'Property crime in detail',
      'Fraud and computer misuse in detail',
      'Sexual and domestic abuse',
    ]) {
      await main.getByRole('heading', { level: 2, name: title }).waitFor();
    }
    const fraud = main.getByRole('row', { name: /^Fraud/ }).first();
    expect(await fraud.innerText()).toMatch(/4,200,000[\s\S]*92\.8%/);
    expect(await main.getByRole('link', { name: 'View the CSEW Crime Clock' }).getAttribute('href')).toBe(
      '/crime-clock',
    );
  });

  it('the severity tool edits, persists across reload, exports and resets', async () => {
    await page.goto('/admin/algorithms');
    await page.getByRole('link', { name: /Back to Admin Dashboard/ }).waitFor();
    await page.getByRole('link', { name: /Cambridge Crime Harm Index/ }).waitFor();
    const shoplifting = page.getByTestId('severity-shoplifting');
    expect(await shoplifting.innerText()).toBe('1.125');

    await page.getByLabel('Shoplifting: Physical harm').fill('10');
    expect(await shoplifting.innerText()).toBe('2.125');
    // Out of range is brought inside the bounds; an emptied field counts as 0.
    await page.getByLabel('Weight of Police demand').fill('');
    await page.getByText('Weights add up to 0.95').waitFor();
    await page.getByLabel('Weight of Police demand').fill('3');
    await page.getByText('Weights add up to 1.95').waitFor();
    await page.getByLabel('Weight of Police demand').fill('0.05');

    await page.reload();
    await shoplifting.waitFor();
    expect(await shoplifting.innerText()).toBe('2.125');
    expect(await page.getByLabel('Shoplifting: Physical harm').inputValue()).toBe('10');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('crime-impact-analysis.csv');
    const csv = readFileSync(await file.path(), 'utf8');
    expect(csv.split('\r\n')[0]).toMatch(/^Crime category,Physical harm,.*,Severity score$/);
    expect(csv).toContain('Shoplifting,10.0,1.0,1.0,3.0,0.0,0.5,0.5,3.0,2.0,2.125');

    await page.getByRole('button', { name: 'Reset' }).click();
    expect(await shoplifting.innerText()).toBe('1.125');
    await page.reload();
    await shoplifting.waitFor();
    expect(await shoplifting.innerText()).toBe('1.125');
  });

  it('raised no uncaught errors in any page', () => {
    expect(session().pageErrors.map((error) => error.message)).toEqual([]);
  });
});
