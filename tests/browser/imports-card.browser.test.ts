import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstAdminOf, logIn } from '../support/admin-sign-in.ts';
import { launchBrowser, type BrowserSession } from '../support/browser.ts';
import { csvText, STREET_HEADER, streetRows, writeFiles } from '../support/police-archive.ts';
import { startProduct, type RunningProduct } from '../support/product.ts';

/**
 * An operator's partial import, as the admin dashboard tells it: `npm run import` of a folder with
 * one broken file, then the Imports card in a real browser against the product `npm start` runs.
 */
const root = join(import.meta.dirname, '..', '..');
let dir: string;
let product: RunningProduct | undefined;
let browser: BrowserSession | undefined;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'crime-clock-imports-card-'));
  product = await startProduct({ AUTO_SAMPLE: 'false' });
  browser = await launchBrowser({ baseUrl: product.baseUrl });
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('the admin Imports card after a partial import', () => {
  it('shows the last import as partial, with the file that failed and why', async () => {
    writeFiles(dir, {
      '2025-02/2025-02-kent-street.csv': csvText(
        STREET_HEADER,
        streetRows(40, { month: '2025-02', forceName: 'Kent Police', seed: 8 }),
      ),
      '2025-02/2025-02-surrey-street.csv': 'Crime ID,Month,Crime type\nabc,2025-02,Burglary\n',
    });
    const run = spawnSync(
      join(root, 'node_modules', '.bin', 'tsx'),
      ['api/src/police-data/import/cli/import-command.ts', dir],
      {
        cwd: root,
        env: { ...process.env, DATABASE_URL: `sqlite:${join(product!.dataDir, 'crime-clock.sqlite')}` },
        encoding: 'utf8',
      },
    );
    expect(run.status, run.stderr).toBe(2);

    const page = await browser!.open('/');
    await logIn(page, firstAdminOf(product!));
    await page.goto('/admin');
    const last = page.getByRole('region', { name: 'Last import' });
    await last.getByText('Partial: 1 file was not imported').waitFor();
    const text = await last.innerText();
    expect(text).toMatch(/partial/);
    expect(text).toMatch(/2025-02\/2025-02-surrey-street\.csv: the header lacks the column\(s\) "Longitude"/);
    expect(text).not.toMatch(/kent-street/);
  });
});
