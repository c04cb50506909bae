/** The first admin a product creates on an empty store, and signing in as it through the UI. */
import type { Page } from 'playwright-core';
import type { RunningProduct } from './product.ts';

export interface AdminCredentials {
  username: string;
  password: string;
}

/** The credentials the product printed on creating its first admin; throws when it printed none. */
export function firstAdminOf(product: RunningProduct): AdminCredentials {
  const first = /First admin created\. Username: (\S+)\s+Password: (\S+)/.exec(product.output());
  if (!first) throw new Error(`The product printed no first admin password:\n${product.output()}`);
  return { username: first[1]!, password: first[2]! };
}

/** Signs in through the header's login card; done once the administrator menu is there. */
export async function logIn(page: Page, admin: AdminCredentials): Promise<void> {
  await page.getByRole('button', { name: 'Admin login' }).click();
  await page.getByLabel(/^Username/).fill(admin.username);
  await page.getByLabel(/^Password/).fill(admin.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.getByRole('button', { name: 'Administrator menu' }).waitFor();
}
