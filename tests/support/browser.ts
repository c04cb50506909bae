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

  const pageErrors: Error[] = [];
  const watch = (page: Page) => page.on('pageerror', (error) => pageErrors.push(error));
  context.pages().forEach(watch);
  context.on('page', watch);

  return {
    context,
    pageErrors,
    async open(url) {
      const page = await context.newPage();
      await page.goto(url);
      return page;
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
