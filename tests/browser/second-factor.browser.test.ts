import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { authenticatorCode } from '../support/authenticator.ts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstAdminOf, logIn, type AdminCredentials } from '../support/admin-sign-in.ts';
import { launchBrowser, type BrowserSession } from '../support/browser.ts';
import { startProduct, type RunningProduct } from '../support/product.ts';

/**
 * The second factor through a real browser against the product as `npm start` runs it: turning it
 * on asks for the current password (a wrong one is shown and changes nothing), and the operator's
 * `npm run admin -- remove-second-factor` lets an admin locked out by it back in.
 */

const root = join(import.meta.dirname, '..', '..');

let product: RunningProduct | undefined;
let browser: BrowserSession | undefined;
let admin: AdminCredentials;

/** `npm run admin -- ...args` against the product's store, as its operator would run it. */
function runAdmin(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['scripts/cli.mjs', 'admin', ...args], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: `sqlite:${join(product!.dataDir, 'crime-clock.sqlite')}`,
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ code, output }));
  });
}

beforeAll(async () => {
  product = await startProduct({ SECRET_KEY: 'b2'.repeat(32) });
  admin = firstAdminOf(product);
  browser = await launchBrowser({ baseUrl: product.baseUrl });
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

describe('the second factor on the Security page', () => {
  let page: Page;

  beforeAll(async () => {
    page = await browser!.open('/');
    await logIn(page, admin);
  });

  afterAll(async () => {
    await page?.close();
  });

  it('is turned on with a code from the app and the current password, shown wrong when it is', async () => {
    await page.goto('/admin/security');
    const card = page.locator('.card', { hasText: 'Second factor (authenticator app)' });
    await card.getByRole('button', { name: 'Set up a second factor' }).click();
    const secret = await card.locator('p', { hasText: 'Or type in this key' }).locator('code').innerText();

    const password = card.getByLabel(/^Your current password/);
    expect(await password.getAttribute('type')).toBe('password');
    expect(await password.getAttribute('autocomplete')).toBe('current-password');
    await card.getByLabel(/^Code from the app/).fill(authenticatorCode(secret));
    await password.fill('not the admin password');
    await card.getByRole('button', { name: 'Turn on' }).click();
    await card.getByRole('alert').filter({ hasText: 'That is not your current password.' }).waitFor();
    expect(await password.getAttribute('aria-invalid')).toBe('true');
    expect(await card.locator('input[name="password"]:focus').count()).toBe(1);
    // Still off, and still signed in: a wrong password is not an ended session.
    await card.getByRole('button', { name: 'Turn on' }).waitFor();

    await card.getByLabel(/^Code from the app/).fill(authenticatorCode(secret));
    await password.fill(admin.password);
    await card.getByRole('button', { name: 'Turn on' }).click();
    await card.getByText('Your recovery codes (shown once)').waitFor();
    expect(await card.locator('.admin-recovery-codes li').count()).toBe(10);
    await card.getByText(/On since .*; 10 recovery codes left/).waitFor();
    expect(await card.getByRole('alert').filter({ hasText: 'did not work' }).count()).toBe(0);
  });

  it('is removed by the operator, and the admin signs in with the password alone again', async () => {
    const removed = await runAdmin(['remove-second-factor', admin.username]);
    expect(removed.output).toContain(`Second factor removed for "${admin.username}"`);
    expect(removed.code).toBe(0);

    // Its sessions were ended with it.
    await page.goto('/admin/security');
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor();

    await page.goto('/');
    await logIn(page, admin);
    await page.goto('/admin/security');
    await page.getByRole('button', { name: 'Set up a second factor' }).waitFor();
    expect(browser!.pageErrors.map((e) => e.message)).toEqual([]);
  });
});
