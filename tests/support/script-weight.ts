import type { Page } from 'playwright-core';

export interface ScriptWeight {
  /** JavaScript bodies as they came over the wire (brotli or gzip, as the server chose). */
  readonly compressedBytes: number;
  readonly decompressedBytes: number;
  readonly files: number;
}

/**
 * The JavaScript a page has loaded so far, from its Resource Timing entries: what a partner's
 * reader downloads for an embed, or a visitor for a page (tests/browser/embed.browser.test.ts,
 * scripts/bench/embed-size.ts).
 */
export async function scriptWeight(page: Page): Promise<ScriptWeight> {
  return (await page.evaluate(`(() => {
    const scripts = performance.getEntriesByType('resource').filter((entry) => /\\.m?js(\\?|$)/.test(entry.name));
    return {
      compressedBytes: scripts.reduce((total, entry) => total + entry.encodedBodySize, 0),
      decompressedBytes: scripts.reduce((total, entry) => total + entry.decodedBodySize, 0),
      files: scripts.length,
    };
  })()`)) as ScriptWeight;
}
