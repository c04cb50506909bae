/**
 * The partner's front door end to end, in real Chromium against the product as `npm start` starts
 * it: the footer leads to the developers page, whose form refuses in the page's language what the
 * server would refuse and sends the rest; the admin sees the request on the API keys page (with
 * the warning that no mail server is configured) and approves it; the partner's link shows the
 * key once, and says so the second time. Every error code has its section, the target of the
 * problem `type` links.
 */
import { join } from 'node:path';
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODE_DOCS } from '../../common/contracts/error-docs.ts';
import { errorDocsAnchor } from '../../common/contracts/errors.ts';
import { openDatabase } from '../../api/src/db/connection.ts';
import { firstAdminOf, logIn, type AdminCredentials } from '../support/admin-sign-in.ts';
import { launchBrowser, type BrowserSession } from '../support/browser.ts';
import { startProduct, type RunningProduct } from '../support/product.ts';

let product: RunningProduct | undefined;
let browser: BrowserSession | undefined;
let admin: AdminCredentials;

beforeAll(async () => {
  product = await startProduct();
  admin = firstAdminOf(product);
  browser = await launchBrowser({ baseUrl: product.baseUrl });
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

/** The token the approval mail carries, read from the outbox it waits in (no mail server here). */
async function approvalToken(): Promise<string> {
  const sequelize = openDatabase({ url: `sqlite:${join(product!.dataDir, 'crime-clock.sqlite')}` });
  try {
    const [row] = await sequelize.query<{ payload: string }>(
      "SELECT payload FROM outbox WHERE kind = 'key-approved' ORDER BY id DESC",
      { type: QueryTypes.SELECT },
    );
    return (JSON.parse(row!.payload) as { token: string }).token;
  } finally {
    await sequelize.close();
  }
}

describe('the developers page', () => {
  it('is linked from the footer, in Welsh too, and explains every error code at its anchor', async () => {
    const page = await browser!.open('/cy/');
    await page.locator('footer').getByRole('link', { name: 'Datblygwyr' }).click();
    await page.waitForURL(/\/cy\/developers$/);
    await page.getByRole('heading', { level: 1, name: 'Datblygwyr' }).waitFor();
    expect(await page.getByRole('link', { name: 'ddogfennaeth OpenAPI' }).getAttribute('href')).toBe(
      '/api/docs',
    );

    const anchors = (await page.evaluate(
      `[...document.querySelectorAll('tr[id^="error-"]')].map((tr) => tr.id)`,
    )) as string[];
    expect(anchors.sort()).toEqual(Object.keys(ERROR_CODE_DOCS).map(errorDocsAnchor).sort());
    // A problem's `type` lands on its code's row.
    await page.goto('/developers#error-RATE_LIMITED');
    const row = page.locator('#error-RATE_LIMITED');
    await row.waitFor();
    expect(await row.innerText()).toContain('429');
    expect(await row.innerText()).toContain(ERROR_CODE_DOCS.RATE_LIMITED.description);
  });

  it('takes a key request, which the admin approves, and the link shows the key once', async () => {
    const page = await browser!.open('/cy/developers');
    const send = page.getByRole('button', { name: 'Anfon y cais' });
    await page.getByLabel(/^E-bost/).fill('not an address');
    await send.click();
    // Refused in the page's language before anything is sent, the first refused field focused.
    const name = page.getByLabel(/^Eich enw/);
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    expect(await name.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);
    await page.getByText('Rhowch gyfeiriad e-bost dilys.').waitFor();

    await name.fill('Ada Lovelace');
    await page.getByLabel(/^E-bost/).fill('ada@partner.example');
    await page.getByLabel(/^Sefydliad/).fill('Partner News');
    await page.getByLabel(/^At beth y byddwch/).fill('Ffigurau troseddau wrth ymyl ein newyddion lleol.');
    await send.click();
    await page.getByText('Cafwyd y cais').waitFor();
    // No mail server is configured: the form says the answer waits.
    await page.getByText('Nid yw ein e-bost yn gweithio ar hyn o bryd', { exact: false }).waitFor();

    const adminPage = await browser!.open('/');
    await logIn(adminPage, admin);
    await adminPage.goto('/admin/api-keys');
    await adminPage.getByRole('heading', { level: 2, name: 'Key Requests' }).waitFor();
    await adminPage.getByText('Mail is unavailable').waitFor();
    const request = adminPage.getByRole('row', { name: /Partner News/ });
    await request.waitFor();
    expect(await request.innerText()).toContain('ada@partner.example');
    adminPage.once('dialog', (dialog) => void dialog.accept());
    await request.getByRole('button', { name: 'Approve Partner News' }).click();
    await request.getByText('approved').waitFor();
    // The key it made is listed with the others.
    await adminPage.getByRole('row', { name: /Partner News \(Ada Lovelace\)/ }).waitFor();

    const token = await approvalToken();
    const keyPage = await browser!.open(`/cy/developers/key?token=${token}`);
    // Opening the page shows nothing: the button does.
    expect(await keyPage.getByTestId('api-key').count()).toBe(0);
    await keyPage.getByRole('button', { name: 'Dangos fy allwedd' }).click();
    const apiKey = await keyPage.getByTestId('api-key').innerText();
    expect(apiKey).toMatch(/^cck_/);
    const answer = await fetch(`${product!.baseUrl}/api/external/crime-search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
      body: JSON.stringify({ postcode: 'not a postcode' }),
    });
    expect(answer.status).toBe(400);

    await keyPage.reload();
    await keyPage.getByRole('button', { name: 'Dangos fy allwedd' }).click();
    await keyPage.getByText("Mae'r allwedd hon eisoes wedi'i dangos unwaith", { exact: false }).waitFor();
    expect(await keyPage.content()).not.toContain(apiKey);
  });
});
