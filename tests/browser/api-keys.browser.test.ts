/**
 * Partner API keys end to end: real Chromium against the product started as `npm start` starts
 * it, over a store holding the search fixture. An admin generates a key, copies it, closes the
 * one-time dialog (the key is gone from the page), sees it listed, a partner calls the crime
 * search with it, the admin sees its use, revokes it, and the next call is refused. A partner's
 * webhook gets a signed delivery from the running product and the admin reads it in the key's log.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../api/src/db/connection.ts';
import { migrateToLatest } from '../../api/src/db/migrate.ts';
import { createApiKeyService } from '../../api/src/partner-api/keys/api-key-service.ts';
import { composeWebhooks } from '../../api/src/composition/webhooks.ts';
import { createSecretBox, secretKeyFromHex } from '../../server-common/security/secret-box.ts';
import { CENTRE_POSTCODE, loadFixture } from '../support/search-fixture.ts';
import { firstAdminOf, logIn, type AdminCredentials } from '../support/admin-sign-in.ts';
import { launchBrowser, type BrowserSession } from '../support/browser.ts';
import { startProduct, type RunningProduct } from '../support/product.ts';

const KEY_NAME = 'Browser Partner';
const SEARCH = { postcode: CENTRE_POSTCODE, radius: 1, startMonth: 'RECENT_3_MONTHS' };

let storeDir: string;
let product: RunningProduct | undefined;
let browser: BrowserSession | undefined;
let admin: AdminCredentials;
let databaseUrl: string;

beforeAll(async () => {
  storeDir = mkdtempSync(join(tmpdir(), 'crime-clock-api-keys-browser-'));
  databaseUrl = `sqlite:${join(storeDir, 'crime-clock.sqlite')}`;
  const sequelize = openDatabase({ url: databaseUrl });
  try {
    await migrateToLatest(sequelize);
    await loadFixture(sequelize);
  } finally {
    await sequelize.close();
  }
  // The test's webhook receiver listens on loopback.
  product = await startProduct({ DATABASE_URL: databaseUrl, WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true' });
  admin = firstAdminOf(product);
  browser = await launchBrowser({ baseUrl: product.baseUrl });
  await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: product.baseUrl });
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
  rmSync(storeDir, { recursive: true, force: true });
});

function toast(page: Page, title: string) {
  return page.locator('[role="status"] .toast', { hasText: title });
}

function partnerSearch(apiKey: string) {
  return fetch(`${product!.baseUrl}/api/external/crime-search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
    body: JSON.stringify(SEARCH),
  });
}

describe('API keys', () => {
  it('generates, copies, lists, meters and revokes a partner key', async () => {
    const page = await browser!.open('/');
    await logIn(page, admin);
    await page.goto('/admin/api-keys');
    await page.getByRole('heading', { level: 1, name: 'API Keys' }).waitFor();
    await page.getByText('No API keys created yet. Generate your first key above.').waitFor();

    // The button waits for a name with more than spaces.
    const generate = page.getByRole('button', { name: 'Generate API Key' });
    expect(await generate.isDisabled()).toBe(true);
    await page.getByLabel(/^Key Name/).fill('   ');
    expect(await generate.isDisabled()).toBe(true);
    await page.getByLabel(/^Key Name/).fill(`  ${KEY_NAME}  `);
    await page.getByLabel('Daily Rate Limit').fill('5');
    await generate.click();

    await toast(page, 'API Key Created')
      .getByText('Your new API key has been generated. Save it now!')
      .waitFor();
    const dialog = page.getByRole('dialog', { name: 'Your New API Key' });
    await dialog.waitFor();
    const apiKey = await dialog.getByRole('textbox', { name: 'API key' }).inputValue();
    expect(apiKey).toMatch(/^cck_[A-Za-z0-9_-]{43}$/);
    const example = await dialog.locator('pre').innerText();
    expect(example).toContain(`${product!.baseUrl}/api/external/crime-search`);
    expect(example).toContain(`X-API-Key: ${apiKey}`);

    await dialog.getByRole('button', { name: 'Copy API key' }).click();
    await toast(page, 'Copied!').getByText('API key copied to clipboard.').waitFor();
    await dialog.getByRole('button', { name: 'Copy API key' }).getByText('Copied').waitFor();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(apiKey);
    // The tick goes back to "Copy" after 2 s.
    await dialog.getByRole('button', { name: 'Copy API key' }).getByText('Copy', { exact: true }).waitFor();

    await dialog.getByRole('button', { name: "I've Saved the Key" }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.content()).not.toContain(apiKey);

    const row = page.getByRole('row', { name: new RegExp(KEY_NAME) });
    await row.waitFor();
    const cells = async () => (await row.getByRole('cell').allInnerTexts()).map((t) => t.trim());
    expect(await cells()).toEqual(['Any', '5/day', '0', 'Never', 'active', 'Webhook\nRevoke']);
    await page.reload();
    await row.waitFor();
    expect(await page.content()).not.toContain(apiKey);

    const answer = await partnerSearch(apiKey);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-ratelimit-limit')).toBe('5');
    expect(answer.headers.get('x-ratelimit-remaining')).toBe('4');
    const body = (await answer.json()) as { success: boolean; stats: { totalCrimes: number } };
    expect(body.success).toBe(true);
    expect(body.stats.totalCrimes).toBeGreaterThan(0);

    await page.reload();
    await row.waitFor();
    const [, , requests, lastUsed] = await cells();
    expect(requests).toBe('1');
    expect(lastUsed).not.toBe('Never');
    expect(lastUsed).toMatch(/\d{4}, \d{2}:\d{2}$/);

    let confirmText = '';
    page.once('dialog', (prompt) => {
      confirmText = prompt.message();
      void prompt.accept();
    });
    await row.getByRole('button', { name: `Revoke ${KEY_NAME}` }).click();
    await toast(page, 'API Key Revoked').waitFor();
    expect(confirmText).toBe(
      `Are you sure you want to revoke the API key "${KEY_NAME}"? This action cannot be undone.`,
    );
    await row.getByText('revoked').waitFor();
    expect(await row.getByRole('button', { name: /Revoke/ }).count()).toBe(0);
    const badge = row.locator('.admin-badge');
    expect(await badge.evaluate((el) => el.ownerDocument.defaultView!.getComputedStyle(el).color)).toBe(
      'rgb(185, 28, 28)',
    );

    const refused = await partnerSearch(apiKey);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ success: false, code: 'API_KEY_REVOKED' });
    expect(browser!.pageErrors).toEqual([]);
  });

  it("shows a key's webhook deliveries", async () => {
    let server: Server | undefined;
    const sequelize = openDatabase({ url: databaseUrl });
    try {
      const received: string[] = [];
      server = createServer((request, response) => {
        received.push(String(request.headers['webhook-signature']));
        request.resume().on('end', () => response.writeHead(204).end());
      });
      await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
      const hookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
      const { apiKey } = await createApiKeyService({ sequelize }).create({ name: 'Webhook Partner' });
      const registered = await fetch(`${product!.baseUrl}/api/external/webhook`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
        body: JSON.stringify({ url: hookUrl }),
      });
      expect(registered.status).toBe(200);
      // What the data update does when a month is imported (queueing needs no secret: any key).
      await composeWebhooks({
        sequelize,
        secretBox: createSecretBox(secretKeyFromHex('b2'.repeat(32), 'test')),
        allowPrivate: true,
      }).service.queueMonthImported({ month: '2025-06', dataVersion: 'browser-test' });
      // The product's worker looks every 15 s.
      await expect.poll(() => received.length, { timeout: 30_000, interval: 250 }).toBe(1);
      expect(received[0]).toMatch(/^v1,/);

      const page = await browser!.open('/admin/api-keys');
      const row = page.getByRole('row', { name: /Webhook Partner/ });
      await row.getByRole('button', { name: 'Webhook deliveries of Webhook Partner' }).click();
      const log = page.getByRole('region', { name: 'Webhook deliveries: Webhook Partner' });
      await log.getByText(hookUrl).waitFor();
      const delivery = log.getByRole('row', { name: /data\.month_imported/ });
      const texts = (await delivery.getByRole('cell').allInnerTexts()).map((t) => t.trim());
      expect(texts.slice(1)).toEqual(['data.month_imported', 'delivered', '1', '204']);
      expect(browser!.pageErrors).toEqual([]);
    } finally {
      await sequelize.close();
      await new Promise((resolve) => server?.close(resolve));
    }
  });

  it('serves readable API documentation that the page policy does not break', async () => {
    const page = await browser!.open('/api/docs');
    const violations: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') violations.push(message.text());
    });
    await page.reload();
    await page.getByText('Crime Clock Partner API').first().waitFor();
    await page.getByText('/api/external/crime-search').first().waitFor();
    expect(violations).toEqual([]);
    expect(browser!.pageErrors).toEqual([]);
  });
});
