import { launchBrowser, type BrowserSession } from './browser.ts';
import { startTeamPoliceApi } from './police-api/neighbourhood-team.ts';
import { startProduct, type RunningProduct } from './product.ts';

/**
 * The product as `npm start` starts it (its synthetic sample on an empty store), with a local
 * stand-in for the one outside service its pages reach (data.police.uk's neighbourhood team
 * endpoint), and a browser on it: what the tests that walk the whole UI run against.
 */
export interface ProductWithBrowser {
  product: RunningProduct;
  browser: BrowserSession;
  /** Closes the browser, stops the product, then the stand-in. */
  close(): Promise<void>;
}

/** `env` is added to the product's environment (a SECRET_KEY for the second factor, say). */
export async function startProductWithBrowser(env: Record<string, string> = {}): Promise<ProductWithBrowser> {
  const policeApi = await startTeamPoliceApi();
  let product: RunningProduct | undefined;
  let browser: BrowserSession | undefined;
  const close = async () => {
    await browser?.close();
    await product?.stop();
    await policeApi.close();
  };
  try {
    product = await startProduct({ POLICE_API_URL: policeApi.baseUrl, ...env });
    browser = await launchBrowser({ baseUrl: product.baseUrl });
    return { product, browser, close };
  } catch (error) {
    // Whatever did start is not left running.
    await close();
    throw error;
  }
}
