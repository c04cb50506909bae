import type { BrowserSession } from './browser.ts';

export interface FirstLoad {
  path: string;
  /** Bytes over the wire (compressed bodies plus headers), every request of the load. */
  transferredBytes: number;
  /** Bytes of the bodies as sent (compressed when the server compressed them). */
  encodedBodyBytes: number;
  /** Bytes of the same bodies once decompressed. */
  decodedBodyBytes: number;
  /** Share of JavaScript and CSS bytes that arrived compressed. */
  compressedScriptShare: number;
  requests: number;
  /** From the start of navigation to the first counter showing a number. */
  msToFirstCounter: number;
}

// Runs in the page before any of its scripts (an init script is not subject to the page's CSP):
// notes the moment a clock counter first carries a number.
const WATCH_FIRST_COUNTER = `(() => {
  const seen = () => {
    const counter = document.querySelector('.clock-count[data-value]');
    if (counter && /^\\d+$/.test(counter.getAttribute('data-value') || '') && !window.__firstCounterAt) {
      window.__firstCounterAt = performance.now();
    }
  };
  new MutationObserver(seen).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-value'] });
})()`;

// Runs in the page once the counter shows: sums the Resource Timing entries of the load.
const READ_LOAD = `(() => {
  const entries = [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')];
  const sum = (list, key) => list.reduce((total, entry) => total + entry[key], 0);
  const scripts = entries.filter((entry) => /\\.(js|css)(\\?|$)/.test(entry.name));
  const scriptDecoded = sum(scripts, 'decodedBodySize');
  return {
    transferredBytes: sum(entries, 'transferSize'),
    encodedBodyBytes: sum(entries, 'encodedBodySize'),
    decodedBodyBytes: sum(entries, 'decodedBodySize'),
    compressedScriptShare: scriptDecoded ? 1 - sum(scripts, 'encodedBodySize') / scriptDecoded : 0,
    requests: entries.length,
    msToFirstCounter: Math.round(window.__firstCounterAt),
  };
})()`;

/**
 * Loads a clock page in a fresh tab of a cold browser profile and measures what the first visit
 * costs: bytes and requests (from the Resource Timing entries) and the time to the first number.
 */
export async function measureFirstLoad(session: BrowserSession, path: string): Promise<FirstLoad> {
  const page = await session.context.newPage();
  try {
    await page.addInitScript(WATCH_FIRST_COUNTER);
    await page.goto(path);
    // A function, not a string: the page's CSP forbids evaluating strings.
    await page.waitForFunction(
      () => Boolean((globalThis as { __firstCounterAt?: number }).__firstCounterAt),
      null,
      {
        timeout: 30_000,
        polling: 100,
      },
    );
    return { path, ...((await page.evaluate(READ_LOAD)) as Omit<FirstLoad, 'path'>) };
  } finally {
    await page.close();
  }
}
