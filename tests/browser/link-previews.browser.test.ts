import { createServer, request } from 'node:http';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blocking, formatViolations, runAxe } from '../support/axe.ts';
import { launchBrowser, type BrowserSession } from '../support/browser.ts';
import { freePort, startProduct, type RunningProduct } from '../support/product.ts';

/**
 * What a chat, a social network or a CMS sees of a shared link, read as they read it: the served
 * HTML (no script run), the preview image, and the oEmbed answer the page links to, whose html
 * then embeds the clock in another site's page.
 */
let product: RunningProduct | undefined;
let browser: BrowserSession | undefined;
let origin = '';

beforeAll(async () => {
  // PUBLIC_ORIGIN is the product's own address here, so that what it names can be fetched.
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  product = await startProduct({ PORT: String(port), PUBLIC_ORIGIN: origin });
  browser = await launchBrowser({ baseUrl: origin });
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

/** The served page as a crawler gets it, under a Host header of the crawler's choosing. */
function served(path: string, host = 'attacker.example'): Promise<string> {
  return new Promise((resolve, reject) => {
    const { port } = new URL(origin);
    const req = request({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve(body));
    });
    req.on('error', reject);
    req.end();
  });
}

const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

function metaOf(html: string, key: string): string | undefined {
  const match = new RegExp(
    `<meta (?:name|property)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`,
  ).exec(html);
  return match ? decode(match[1]!) : undefined;
}

const titleOf = (html: string) => decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '');

async function expectAccessible(page: Page, what: string) {
  const failing = blocking(await runAxe(page));
  expect(formatViolations(failing), `serious or critical axe violations on ${what}`).toBe('');
}

const PUBLIC_ROUTES: [path: string, title: string, hasImage: boolean][] = [
  ['/', 'Crime Clock', false],
  ['/crime-clock', 'CSEW Crime Clock | Crime Clock', true],
  ['/police-crime-clock', 'Police Crime Clock | Crime Clock', true],
  [
    '/police-crime-clock?area=force:metropolitan&kiosk=1',
    'Police Crime Clock: Metropolitan Police Service | Crime Clock',
    true,
  ],
  ['/search', 'Crime Data Search | Crime Clock', false],
  ['/glossary', 'Glossary | Crime Clock', false],
  ['/privacy-policy', 'Privacy Policy | Crime Clock', false],
];

describe('Links that preview', () => {
  it.each(PUBLIC_ROUTES)(
    '%s previews with its own title, description and addresses under PUBLIC_ORIGIN',
    async (path, title, hasImage) => {
      const html = await served(path);
      expect(html).not.toContain('attacker.example');
      expect(titleOf(html)).toBe(title);
      expect(metaOf(html, 'og:title')).toBe(title);
      expect(metaOf(html, 'description')?.length).toBeGreaterThan(20);
      expect(metaOf(html, 'og:description')).toBe(metaOf(html, 'description'));
      expect(metaOf(html, 'og:url')!.startsWith(`${origin}/`)).toBe(true);
      expect(metaOf(html, 'og:site_name')).toBe('Crime Clock');
      expect(metaOf(html, 'og:type')).toBe('website');
      expect(metaOf(html, 'twitter:card')).toBe(hasImage ? 'summary_large_image' : 'summary');
      if (!hasImage) return;
      const image = await fetch(metaOf(html, 'og:image')!);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/png');
      const png = Buffer.from(await image.arrayBuffer());
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([
        Number(metaOf(html, 'og:image:width')),
        Number(metaOf(html, 'og:image:height')),
      ]);
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
    },
  );

  it('keeps the page accessible with its filled head, the title the app then keeps', async () => {
    await browser!.withPage('/police-crime-clock?area=force:metropolitan', async (page) => {
      await page.locator('.clock-hero__count').first().waitFor({ timeout: 30_000 });
      await expectAccessible(page, 'the area clock page');
    });
  });
});

describe('oEmbed', () => {
  it('is found from a clock page, and its html embeds the clock in another page (320 px wide)', async () => {
    const html = await served('/police-crime-clock?area=force:metropolitan');
    const link = /<link rel="alternate" type="application\/json\+oembed" href="([^"]+)"/.exec(html)?.[1];
    expect(link).toBeDefined();
    const discovery = new URL(decode(link!));
    expect(discovery.origin).toBe(origin);
    discovery.searchParams.set('maxwidth', '320');
    const answer = await fetch(discovery);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('etag')).toMatch(/^"[^"]+"$/);
    const oembed = (await answer.json()) as { type: string; html: string; width: number; title: string };
    expect(oembed.type).toBe('rich');
    expect(oembed.width).toBeLessThanOrEqual(320);
    expect(oembed.html).toContain(`<script src="${origin}/embed.js" async></script>`);

    // A newsroom's page on another origin, with the html pasted as the CMS would place it.
    const newsroom = createServer((_req, res) => {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(
        `<!doctype html><html lang="en"><head><title>A newsroom's story</title>` +
          `<meta name="viewport" content="width=device-width, initial-scale=1"></head>` +
          `<body><main><h1>Crime in London</h1>${oembed.html}</main></body></html>`,
      );
    });
    await new Promise<void>((resolve) => newsroom.listen(0, '127.0.0.1', resolve));
    const { port } = newsroom.address() as { port: number };
    const host = await browser!.context.newPage();
    try {
      await host.setViewportSize({ width: 320, height: 700 });
      await host.goto(`http://localhost:${port}/`);
      const frame = host.frameLocator('iframe');
      await frame.locator('.embed__count').waitFor({ timeout: 30_000 });
      expect(await host.locator('iframe').getAttribute('title')).toBe(oembed.title);
      const box = await host.locator('iframe').boundingBox();
      expect(box!.width).toBeLessThanOrEqual(320);
      await expectAccessible(host, 'a page embedding the oEmbed html');
    } finally {
      await host.close();
      newsroom.closeAllConnections();
      await new Promise((resolve) => newsroom.close(resolve));
    }
  });
});
