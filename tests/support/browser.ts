import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

// Flags that keep headless Chromium quiet, sandbox-free (containers and CI lack user namespaces)
// and off the network except for the product under test.
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface LaunchOptions {
  /** Relative URLs given to open() resolve against it. */
  baseUrl?: string;
  viewport?: { width: number; height: number };
}

export interface BrowserSession {
  context: BrowserContext;
  /** Uncaught errors thrown in any page of the session, so a test can insist there were none. */
  pageErrors: Error[];
  /** A new tab at `url`, loaded. */
  open(url: string): Promise<Page>;
  /** Runs `test` in a new tab at `url`, and closes the tab whatever happens. */
  withPage(url: string, test: (page: Page) => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

/** Chromium with a fresh, throw-away profile: no cookies or storage leak between runs. */
export async function launchBrowser(options: LaunchOptions = {}): Promise<BrowserSession> {
  const userDataDir = await mkdtemp(join(tmpdir(), 'crime-clock-chromium-'));
  let context: BrowserContext;
  try {
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: CHROMIUM_ARGS,
      baseURL: options.baseUrl,
      viewport: options.viewport ?? { width: 1280, height: 800 },
      locale: 'en-GB',
      timezoneId: 'Europe/London',
    });
  } catch (error) {
    await rm(userDataDir, { recursive: true, force: true });
    throw error;
  }
  context.setDefaultTimeout(15_000);

  const open = async (url: string) => {
    const page = await context.newPage();
    await page.goto(url);
    return page;
  };
  const pageErrors: Error[] = [];
  const watch = (page: Page) => page.on('pageerror', (error) => pageErrors.push(error));
  context.pages().forEach(watch);
  context.on('page', watch);

  return {
    context,
    pageErrors,
    open,
    async withPage(url, test) {
      const page = await open(url);
      try {
        await test(page);
      } finally {
        await page.close();
      }
    },
    async close() {
      try {
        await context.close();
      } finally {
        await rm(userDataDir, { recursive: true, force: true });
      }
    },
  };
}

/** The whole number a counter shows (its digits are aria-hidden; data-value carries the number). */
export async function shownCount(page: Page, selector: string): Promise<number> {
  const value = await page.locator(selector).first().getAttribute('data-value');
  if (!value) throw new Error(`${selector} shows no number yet`);
  return Number(value);
}
