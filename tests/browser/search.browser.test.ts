/**
 * The crime search page end to end: real Chromium against the product started as `npm start`
 * starts it, over a store filled from the synthetic sample through the importer, and a local
 * stand-in for data.police.uk's people endpoints (the only part of the page that goes outside).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../api/src/db/connection.ts';
import { rebuildSearchAggregates } from '../support/search-aggregates.ts';
import { generateSample } from '../../scripts/data-sample/generate.ts';
import { launchBrowser, type BrowserSession } from '../support/browser.ts';
import type { PoliceApiDouble } from '../support/police-api/double.ts';
import {
  NEIGHBOURHOOD_TEAM,
  requestedPaths,
  startTeamPoliceApi,
} from '../support/police-api/neighbourhood-team.ts';
import { startProduct, type RunningProduct } from '../support/product.ts';

const REPO = join(import.meta.dirname, '..', '..');
/** The sample: six months to September 2025; City of London skips July; Greater Manchester has no street data. */
const SAMPLE_END = '2025-09';
const SAMPLE_MONTHS = 6;

const CSV_HEADER = 'Month,Crime type,Category,Location,Latitude,Longitude,Outcome,Crime ID,Force,LSOA code';

let product: RunningProduct | undefined;
let browser: BrowserSession | undefined;
let policeApi: PoliceApiDouble | undefined;
let workDir: string | undefined;

function run(command: string, args: string[], env: Record<string, string>): Promise<string> {
  const child = spawn(command, args, {
    cwd: REPO,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${args.join(' ')} failed:\n${output}`)),
    );
  });
}

/**
 * A store as an operator makes one: the sample written by the generator, then `npm run import`.
 * The aggregates are rebuilt after the import because the import CLI does not refresh the search
 * aggregates yet; once it does, the rebuild is a no-op and can go.
 */
async function prepareStore(dir: string): Promise<string> {
  const sampleDir = join(dir, 'sample');
  const databaseUrl = `sqlite:${join(dir, 'store.sqlite')}`;
  await generateSample({ outDir: sampleDir, endMonth: SAMPLE_END, months: SAMPLE_MONTHS });
  await run(
    process.execPath,
    ['--import', 'tsx', 'api/src/police-data/import/cli/import-command.ts', sampleDir],
    {
      DATABASE_URL: databaseUrl,
      DATA_DIR: dir,
    },
  );
  const sequelize = openDatabase({ url: databaseUrl });
  try {
    await rebuildSearchAggregates(sequelize);
  } finally {
    await sequelize.close();
  }
  return databaseUrl;
}

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'crime-clock-search-'));
  policeApi = await startTeamPoliceApi();
  const databaseUrl = await prepareStore(workDir);
  product = await startProduct({
    DATABASE_URL: databaseUrl,
    POLICE_API_URL: policeApi.baseUrl,
    AUTO_SAMPLE: 'false',
  });
  browser = await launchBrowser({ baseUrl: product.baseUrl, viewport: { width: 1280, height: 900 } });
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
  await policeApi?.close();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

function session(): BrowserSession {
  if (!browser) throw new Error('the browser did not start');
  return browser;
}

async function openSearch(url = '/search'): Promise<Page> {
  const page = await session().open(url);
  await page.getByRole('heading', { level: 1, name: /^Crime Data Search: / }).waitFor();
  return page;
}

function postcodeInput(page: Page) {
  return page.getByRole('combobox', { name: 'UK postcode' });
}

function searchButton(page: Page) {
  return page.getByRole('button', { name: 'Search Crime Data' });
}

function toast(page: Page, title: string) {
  return page.locator('[role="status"] .toast[data-state="open"]', { hasText: title });
}

async function results(page: Page) {
  await page.getByRole('heading', { name: 'Crime Incidents' }).waitFor();
  await page.locator('.incidents[aria-busy="false"]').waitFor();
}

async function openAdvanced(page: Page) {
  const toggle = page.getByRole('button', { name: 'Advanced Search Options' });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
}

/** "Showing 1-10 of 269 crimes" → 269 */
async function shownTotal(page: Page): Promise<number> {
  const text = await page.locator('.pager__summary').innerText();
  const match = /of ([\d,]+) crimes/.exec(text);
  if (!match) throw new Error(`unexpected pager text: ${text}`);
  return Number(match[1]!.replaceAll(',', ''));
}

async function apiSearch(page: Page, body: Record<string, unknown>) {
  // Sent as the page's own script would be: same origin, so the CSRF check lets it through.
  const response = await page.request.post('/api/crimes/search', {
    data: { radius: 1, page: 1, pageSize: 10, ...body },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as {
    pagination: { total: number; pages: number };
    stats: { totalCrimes: number | null };
    dataInfo: { timeRange: { label: string } };
  };
}

describe('search form', () => {
  it('starts with no search, three modes and a disabled button until the postcode is valid', async () => {
    const page = await openSearch();
    try {
      const empty = page.getByRole('region', { name: 'No Search Performed' });
      await empty.waitFor();
      const modes = await empty.locator('.search-mode__title').allInnerTexts();
      expect(modes).toEqual(['Postcode + Radius', 'Police Force Analysis', 'Neighbourhood Statistics']);

      const input = postcodeInput(page);
      expect(await input.getAttribute('placeholder')).toBe('e.g. SW1A 1AA');
      expect(await searchButton(page).isDisabled()).toBe(true);

      // A partial postcode that can still become one is not an error yet; the button waits.
      await input.pressSequentially('sw1a 1a');
      expect(await input.inputValue()).toBe('SW1A 1A');
      expect(await input.getAttribute('class')).not.toContain('is-invalid');
      expect(await input.getAttribute('aria-invalid')).toBeNull();
      expect(await searchButton(page).isDisabled()).toBe(true);

      await input.press('a');
      expect(await input.inputValue()).toBe('SW1A 1AA');
      expect(await input.getAttribute('class')).toContain('is-valid');
      expect(await input.getAttribute('aria-invalid')).toBeNull();
      expect(await searchButton(page).isEnabled()).toBe(true);
    } finally {
      await page.close();
    }
  });

  it('shows the postcode toasts for an empty and an invalid postcode, for 4 s and 5 s', async () => {
    const page = await openSearch();
    try {
      const input = postcodeInput(page);
      await input.focus();
      await input.press('Enter');
      const required = toast(page, 'Postcode Required');
      await required.waitFor();
      const requiredAt = Date.now();
      expect(await required.innerText()).toContain('Please enter a UK postcode for radius search');
      expect(await required.getAttribute('class')).toContain('toast--destructive');

      await required.waitFor({ state: 'detached', timeout: 8_000 });
      const requiredFor = Date.now() - requiredAt;
      expect(requiredFor).toBeGreaterThan(3_500);
      expect(requiredFor).toBeLessThan(5_000);

      await input.fill('XYZ 123');
      await input.press('Enter');
      const invalid = toast(page, 'Invalid Postcode Format');
      await invalid.waitFor();
      const invalidAt = Date.now();
      expect(await invalid.innerText()).toContain(
        'Please enter a valid UK postcode like SW1A 1AA, M1 1AA, or B33 8TH',
      );
      await invalid.waitFor({ state: 'detached', timeout: 8_000 });
      expect(Date.now() - invalidAt).toBeGreaterThan(4_500);

      // Neither was a search: the page still has none.
      expect(new URL(page.url()).search).toBe('');
      await page.getByRole('region', { name: 'No Search Performed' }).waitFor();
    } finally {
      await page.close();
    }
  });

  it('shows the force and neighbourhood toasts when they are missing', async () => {
    const page = await openSearch();
    try {
      await openAdvanced(page);
      await page.getByRole('radio', { name: /Neighbourhood/ }).check();
      await expect.poll(() => postcodeInput(page).count()).toBe(0);
      await searchButton(page).click();
      const neighbourhood = toast(page, 'Neighbourhood Required');
      await neighbourhood.waitFor();
      expect(await neighbourhood.innerText()).toContain(
        'Please select a police force and neighbourhood for boundary search',
      );

      await page.getByRole('radio', { name: /Police Force/ }).check();
      await searchButton(page).click();
      const force = toast(page, 'Police Force Required');
      await force.waitFor();
      expect(await force.innerText()).toContain('Please select a police force for force-wide search');
      // One toast at a time: the new one replaced the old.
      expect(await neighbourhood.count()).toBe(0);
    } finally {
      await page.close();
    }
  });

  it('offers postcode suggestions that work from the keyboard', async () => {
    const page = await openSearch();
    try {
      const input = postcodeInput(page);
      const asked: string[] = [];
      page.on('request', (r: Request) => {
        if (r.url().includes('/api/postcodes/autocomplete')) asked.push(new URL(r.url()).search);
      });

      await input.pressSequentially('S');
      await page.waitForTimeout(600);
      expect(asked).toEqual([]);
      expect(await input.getAttribute('aria-expanded')).toBe('false');

      await input.pressSequentially('W1A');
      const listbox = page.getByRole('listbox', { name: 'Postcode suggestions' });
      await listbox.waitFor();
      // Typing quickly makes one request, after the pause, for what was typed.
      expect(asked).toEqual(['?q=SW1A&limit=8']);
      expect(await input.getAttribute('aria-expanded')).toBe('true');
      expect(await input.getAttribute('aria-controls')).toBe(await listbox.getAttribute('id'));
      const options = listbox.getByRole('option');
      const count = await options.count();
      expect(count).toBeGreaterThan(1);
      expect(count).toBeLessThanOrEqual(8);
      for (const text of await options.allInnerTexts()) expect(text.replaceAll(' ', '')).toMatch(/^SW1A/);

      const active = async () => {
        const id = await input.getAttribute('aria-activedescendant');
        return id ? page.locator(`[id="${id}"]`).innerText() : null;
      };
      const texts = await options.allInnerTexts();
      expect(await active()).toBeNull();
      await input.press('ArrowDown');
      expect(await active()).toBe(texts[0]);
      expect(await options.first().getAttribute('aria-selected')).toBe('true');
      await input.press('ArrowUp');
      expect(await active()).toBe(texts.at(-1));
      await input.press('ArrowDown');
      expect(await active()).toBe(texts[0]);

      await input.press('Escape');
      expect(await input.getAttribute('aria-expanded')).toBe('false');
      await listbox.waitFor({ state: 'hidden' });

      await input.press('ArrowDown');
      await input.press('ArrowDown');
      expect(await active()).toBe(texts[1]);
      await input.press('Enter');
      expect(await input.inputValue()).toBe(texts[1]);
      expect(await input.getAttribute('aria-expanded')).toBe('false');
      expect(await input.evaluate((el) => el.ownerDocument.activeElement === el)).toBe(true);
      // A picked postcode is not looked up again, so the list stays shut.
      await page.waitForTimeout(600);
      expect(await input.getAttribute('aria-expanded')).toBe('false');

      // Click outside closes an open list.
      await input.fill('SW1A');
      await listbox.waitFor();
      await page.getByRole('heading', { level: 1 }).click();
      await listbox.waitFor({ state: 'hidden' });

      // Enter with nothing highlighted submits.
      await input.fill(texts[1]!);
      await input.press('Enter');
      await results(page);
      expect(new URL(page.url()).searchParams.get('postcode')).toBe(texts[1]);
    } finally {
      await page.close();
    }
  });

  it('asks for the forces only for force and neighbourhood searches, and collapsing returns to radius', async () => {
    const page = await openSearch();
    try {
      const forceCalls: string[] = [];
      page.on('request', (r: Request) => {
        const path = new URL(r.url()).pathname;
        if (path.startsWith('/api/forces')) forceCalls.push(path);
      });
      await openAdvanced(page);
      await page.getByText(/Latest police data: September 2025/).waitFor();
      await page.waitForTimeout(300);
      expect(forceCalls).toEqual([]);

      await page.getByRole('radio', { name: /Neighbourhood/ }).check();
      const force = page.getByLabel('Police force', { exact: true });
      await force.selectOption({ label: 'Metropolitan Police Service' });
      expect(forceCalls).toContain('/api/forces');
      const neighbourhood = page.getByLabel('Neighbourhood', { exact: true });
      await neighbourhood.waitFor();
      expect(forceCalls).toContain('/api/forces/metropolitan/neighbourhoods');

      await page.getByRole('button', { name: 'Advanced Search Options' }).click();
      await postcodeInput(page).waitFor();
      await openAdvanced(page);
      expect(await page.getByRole('radio', { name: /Postcode \+ Radius/ }).isChecked()).toBe(true);
      expect(await page.getByLabel('Police force', { exact: true }).count()).toBe(0);
      await page.getByRole('radio', { name: /Police Force/ }).check();
      expect(await page.getByLabel('Police force', { exact: true }).inputValue()).toBe('');
    } finally {
      await page.close();
    }
  });

  it('tells a valid postcode the store lacks from a typing mistake, and runs the nearest one offered', async () => {
    // A postcode of a district the sample holds that the sample's list lacks.
    let lacked: { postcode: string; suggestion: string } | undefined;
    for (const unit of ['9ZZ', '9ZY', '9YZ', '8ZZ', '1ZZ']) {
      const postcode = `SW1A ${unit}`;
      const answer = await fetch(`${product!.baseUrl}/api/postcodes/${encodeURIComponent(postcode)}`);
      const body = (await answer.json()) as { code?: string; suggestion?: string };
      if (body.code === 'POSTCODE_NOT_HELD' && body.suggestion) {
        lacked = { postcode, suggestion: body.suggestion };
        break;
      }
    }
    expect(lacked).toBeDefined();
    const { postcode, suggestion } = lacked!;
    const page = await openSearch();
    try {
      await postcodeInput(page).fill(postcode);
      await searchButton(page).click();
      // An English page shows the API's own sentence; a Welsh one words the code (welsh-search).
      const alert = page
        .getByRole('alert')
        .filter({ hasText: `Error: We don't hold the position of ${postcode}.` });
      await alert.waitFor();
      expect(await alert.innerText()).not.toContain('Check the search');
      await alert
        .getByRole('button', { name: `Search ${suggestion} instead, the nearest postcode we hold` })
        .click();
      await results(page);
      expect(new URL(page.url()).searchParams.get('postcode')).toBe(suggestion);
      expect(await postcodeInput(page).inputValue()).toBe(suggestion);
    } finally {
      await page.close();
    }
  });
});

describe('radius search', () => {
  it('shows the summary, crime types, chart and pages through the server', async () => {
    const page = await openSearch();
    try {
      await postcodeInput(page).fill('sw1a 1aa');
      await searchButton(page).click();
      await results(page);
      const url = new URL(page.url());
      expect(url.pathname).toBe('/search');
      expect(url.searchParams.get('type')).toBe('radius');
      expect(url.searchParams.get('postcode')).toBe('SW1A 1AA');

      const expected = await apiSearch(page, {
        searchType: 'radius',
        postcode: 'SW1A 1AA',
        startMonth: 'RECENT_3_MONTHS',
        endMonth: '',
      });
      expect(expected.pagination.total).toBeGreaterThan(20);

      const summary = page.locator('.summary');
      expect(await summary.getByRole('heading').innerText()).toBe('1 mile around SW1A 1AA');
      const banner = await summary.locator('.summary__period').innerText();
      expect(banner).toContain('July 2025 to September 2025');
      expect(banner).toContain('3 months');
      expect(banner).toContain('1 mile radius');
      expect(await summary.locator('.stat-tile--emphasis .stat-tile__value').innerText()).toBe(
        expected.pagination.total.toLocaleString('en-GB'),
      );
      const tiles = await summary.locator('.stat-tile').allInnerTexts();
      expect(tiles.join('\n')).toMatch(
        /CRIME RATE\n[\d.]+ crimes per 1,000 residents\n[\d.]+ crimes per 100 residents, /i,
      );
      expect(tiles.join('\n')).not.toContain('% of residents');
      expect(tiles.join('\n')).toMatch(/RESOLUTION RATE\n[\d.]+%/i);

      const synthetic = page.locator('.data-note--synthetic');
      expect(await synthetic.innerText()).toContain('synthetic');
      // How to load real data is the admin dashboard's to say, not the visitor's page.
      expect(await synthetic.innerText()).not.toContain('npm run');

      // Crime types with trends; comparison months in short form.
      const types = page.locator('.crime-types');
      expect(await types.locator('.card__description').innerText()).toBe(
        'Trend compares Sep 2025 with Aug 2025.',
      );
      expect(await types.locator('.crime-type').count()).toBeGreaterThan(3);
      for (const trend of await types.locator('.trend').all()) {
        const value = trend.locator('.trend__value');
        // Small size: a percentage to 1 decimal, for "stable" only the dash icon, and on fewer than
        // 20 crimes no percentage at all.
        const kind = (await trend.getAttribute('class')) ?? '';
        if (kind.includes('trend--stable')) expect(await value.count()).toBe(0);
        else if (kind.includes('trend--few'))
          expect(await value.innerText()).toBe('Too few crimes to compare');
        else expect(await value.innerText()).toMatch(/^[+−]\d+\.\d%$/);
      }
      // The badge beside the button shows the month-on-month change.
      await page.locator('.search-form .trend').waitFor();

      // Monthly chart: three months, tooltips, figures.
      const chart = page.locator('.monthly');
      const bars = chart.locator('.monthly-chart__bar');
      expect(await bars.count()).toBe(3);
      expect(await chart.locator('.monthly-chart__axis--x .tick').allTextContents()).toEqual([
        'Jul 2025',
        'Aug 2025',
        'Sep 2025',
      ]);
      await bars.nth(1).hover();
      expect(await chart.getByRole('tooltip').innerText()).toMatch(/August 2025\n[\d,]+ crimes/);
      // From the keyboard: one tab stop (the latest month), arrows move between months.
      await page.mouse.move(0, 0);
      expect(await bars.evaluateAll((els) => els.map((el) => el.getAttribute('tabindex')))).toEqual([
        '-1',
        '-1',
        '0',
      ]);
      await bars.nth(2).focus();
      expect(await chart.getByRole('tooltip').innerText()).toMatch(/^September 2025\n/);
      await page.keyboard.press('ArrowLeft');
      expect(await chart.getByRole('tooltip').innerText()).toMatch(/^August 2025\n/);
      expect(await bars.nth(1).getAttribute('tabindex')).toBe('0');
      const figures = await chart.locator('.monthly__figures').innerText();
      expect(figures).toMatch(/MONTHS ANALYZED\n3/i);
      expect(figures).toMatch(/HIGHEST MONTH/i);
      expect(figures).toMatch(/LOWEST MONTH/i);
      expect(figures).toMatch(/AVG PER MONTH\n\d+/i);

      // Incident table, ten rows a page, paged by the server.
      const table = page.locator('.incidents');
      expect(await table.locator('thead th').allInnerTexts()).toEqual([
        'DATE',
        'CRIME TYPE',
        'LOCATION',
        'OUTCOME',
      ]);
      expect(await table.locator('tbody tr').count()).toBe(10);
      const total = expected.pagination.total;
      expect(await table.locator('.pager__summary').innerText()).toBe(
        `Showing 1-10 of ${total.toLocaleString('en-GB')} crimes`,
      );
      expect(await table.locator('.pager__page').innerText()).toBe(`Page 1 of ${expected.pagination.pages}`);
      expect(await page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
      const firstPage = await table.locator('tbody').innerText();
      for (const row of await table.locator('tbody tr').allInnerTexts()) {
        expect(row).toMatch(/^(July|August|September) 2025\t/);
      }

      const pageRequest = page.waitForRequest(
        (r) => r.url().endsWith('/api/crimes/search') && (r.postDataJSON() as { page: number }).page === 2,
      );
      await page.getByRole('button', { name: 'Next' }).click();
      await pageRequest;
      await expect
        .poll(() => table.locator('.pager__page').innerText())
        .toBe(`Page 2 of ${expected.pagination.pages}`);
      expect(new URL(page.url()).searchParams.get('page')).toBe('2');
      expect(await table.locator('.pager__summary').innerText()).toBe(
        `Showing 11-20 of ${total.toLocaleString('en-GB')} crimes`,
      );
      expect(await table.locator('tbody').innerText()).not.toBe(firstPage);
      expect(await page.getByRole('button', { name: 'Previous' }).isEnabled()).toBe(true);

      // The page survives a reload: the search lives in the URL.
      await page.reload();
      await results(page);
      expect(await table.locator('.pager__page').innerText()).toBe(`Page 2 of ${expected.pagination.pages}`);
      expect(await postcodeInput(page).inputValue()).toBe('SW1A 1AA');

      await page.getByRole('button', { name: 'Previous' }).click();
      await expect
        .poll(() => table.locator('.pager__page').innerText())
        .toBe(`Page 1 of ${expected.pagination.pages}`);
      expect(await table.locator('tbody').innerText()).toBe(firstPage);

      // A page past the end is brought back within the page count.
      await page.goto(`/search?type=radius&postcode=SW1A+1AA&page=9999`);
      await results(page);
      await expect
        .poll(() => new URL(page.url()).searchParams.get('page'))
        .toBe(String(expected.pagination.pages));
    } finally {
      await page.close();
    }
  });

  it('exports the whole result as CSV and JSON files', async () => {
    const page = await openSearch('/search?type=radius&postcode=SW1A+1AA&period=6months');
    try {
      await results(page);
      const total = await shownTotal(page);
      expect(total).toBeGreaterThan(100);
      const asked: string[] = [];
      page.on('request', (request) => asked.push(new URL(request.url()).pathname));

      const [csvDownload] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Export CSV' }).click(),
      ]);
      // The sample is synthetic, and the saved file's name and first line say so.
      expect(csvDownload.suggestedFilename()).toBe('crimes-sw1a-1aa-2025-04-to-2025-09-SYNTHETIC.csv');
      const csv = readFileSync((await csvDownload.path())!, 'utf8');
      expect(csv.startsWith('\uFEFF')).toBe(true);
      const [notice, header] = csv.slice(1).split('\r\n');
      expect(notice).toMatch(/synthetic/i);
      expect(header).toBe(CSV_HEADER);
      const rows = parse(csv, { bom: true, columns: true, from_line: 2 }) as Record<string, string>[];
      expect(rows).toHaveLength(total);
      expect(rows.every((row) => /^2025-0[4-9]$/.test(row.Month!))).toBe(true);
      // Every crime once: anti-social behaviour has no crime id, the rest are unique.
      const ids = rows.map((row) => row['Crime ID']).filter((id) => id !== '');
      expect(new Set(ids).size).toBe(ids.length);

      const [jsonDownload] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Export JSON' }).click(),
      ]);
      expect(jsonDownload.suggestedFilename()).toBe('crimes-sw1a-1aa-2025-04-to-2025-09-SYNTHETIC.json');
      const json = JSON.parse(readFileSync((await jsonDownload.path())!, 'utf8')) as {
        period: { start: string; end: string };
        totalCrimes: number;
        synthetic: boolean;
        crimes: unknown[];
      };
      expect(json.period).toMatchObject({ start: '2025-04', end: '2025-09' });
      expect(json.totalCrimes).toBe(total);
      expect(json.synthetic).toBe(true);
      expect(json.crimes).toHaveLength(total);
      // Each file is one download of the streamed export, not pages of 100 fetched by the page.
      expect(asked.filter((path) => path === '/api/crimes/search')).toEqual([]);
      expect(csvDownload.url()).toContain('/api/crimes/export?format=csv');
    } finally {
      await page.close();
    }
  });

  it('loads stop and search and the police team only while their panel is shown', async () => {
    const page = await openSearch('/search?type=radius&postcode=SW1A+1AA');
    try {
      const extra: string[] = [];
      page.on('request', (r: Request) => {
        const path = new URL(r.url()).pathname;
        if (path === '/api/stops-search' || path.endsWith('/people')) extra.push(path);
      });
      await results(page);
      await page.waitForTimeout(300);
      expect(extra).toEqual([]);

      const toggle = page.getByRole('button', { name: 'Show Additional Police Data' });
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      await toggle.click();
      expect(
        await page.getByRole('button', { name: 'Hide Additional Police Data' }).getAttribute('aria-expanded'),
      ).toBe('true');

      const stops = page.locator('.stop-search');
      await stops.locator('.mini-stats').waitFor();
      expect(await stops.locator('.card__description').innerText()).toBe(
        'Within 1 mile of the postcode, September 2025.',
      );
      const mini = await stops.locator('.mini-stats').innerText();
      expect(mini).toMatch(/TOTAL STOPS\n\d+/i);
      expect(mini).toMatch(/ARRESTS\n\d+/i);
      expect(mini).toMatch(/NO ACTION\n\d+/i);
      expect(await stops.locator('tbody tr').count()).toBeLessThanOrEqual(10);
      expect(await stops.locator('tbody tr').count()).toBeGreaterThan(0);
      expect(await stops.locator('.breakdown').nth(1).locator('li').count()).toBeLessThanOrEqual(5);

      const team = page.locator('.police-team');
      await team.locator('.team-member').first().waitFor();
      expect(await team.locator('.team-member__name').allInnerTexts()).toEqual(
        NEIGHBOURHOOD_TEAM.map((m) => m.name),
      );
      const badges = await team.locator('.rank-badge').evaluateAll((els) => els.map((el) => el.className));
      expect(badges).toEqual([
        'rank-badge rank-badge--inspector',
        'rank-badge rank-badge--sergeant',
        'rank-badge rank-badge--constable',
        'rank-badge rank-badge--chief-inspector',
      ]);
      const bio = team.locator('.team-member__bio').first();
      expect(await bio.innerHTML()).toContain('<strong>neighbourhood</strong>');
      expect(await bio.locator('script, img').count()).toBe(0);
      expect(await page.evaluate('typeof window.__bioRan')).toBe('undefined');
      expect(
        await team.getByRole('link', { name: 'jane.okafor@example.police.uk' }).getAttribute('href'),
      ).toBe('mailto:jane.okafor@example.police.uk');
      // A radius search takes the force that recorded the crimes: here the Met's senior officers.
      expect(requestedPaths(policeApi!)).toContain('/forces/metropolitan/people');
      expect(extra.filter((p) => p === '/api/stops-search')).toHaveLength(1);

      // Hidden and shown again: the answers are kept, nothing is fetched again.
      await page.getByRole('button', { name: 'Hide Additional Police Data' }).click();
      await stops.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Show Additional Police Data' }).click();
      await team.locator('.team-member').first().waitFor();
      expect(extra.filter((p) => p === '/api/stops-search')).toHaveLength(1);
    } finally {
      await page.close();
    }
  });
});

describe('neighbourhood and force searches', () => {
  it('searches a neighbourhood from the form, then a force, and Back returns to the neighbourhood', async () => {
    const page = await openSearch();
    try {
      await openAdvanced(page);
      await page.getByRole('radio', { name: /Neighbourhood/ }).check();
      expect(await page.getByLabel('Neighbourhood', { exact: true }).count()).toBe(0);
      await page
        .getByLabel('Police force', { exact: true })
        .selectOption({ label: 'Metropolitan Police Service' });
      const neighbourhood = page.getByLabel('Neighbourhood', { exact: true });
      await expect.poll(() => neighbourhood.locator('option').count()).toBeGreaterThan(2);
      await neighbourhood.selectOption({ label: 'Westminster Centre' });
      await page.getByLabel('Time period').selectOption({ label: '6 Months' });
      await searchButton(page).click();
      await results(page);

      let url = new URL(page.url());
      expect(Object.fromEntries(url.searchParams)).toEqual({
        type: 'neighbourhood',
        force: 'metropolitan',
        neighbourhood: 'westminster-centre',
        period: '6months',
      });
      expect(await page.locator('.summary').getByRole('heading').innerText()).toBe(
        'Westminster Centre, Metropolitan Police Service',
      );
      expect(await page.locator('.summary__period').innerText()).toContain('April 2025 to September 2025');
      const neighbourhoodTotal = await shownTotal(page);
      expect(neighbourhoodTotal).toBeGreaterThan(0);
      expect(await page.locator('.monthly-chart__bar').count()).toBe(6);

      // The neighbourhood's own team.
      await page.getByRole('button', { name: 'Show Additional Police Data' }).click();
      await page.locator('.police-team .team-member').first().waitFor();
      expect(requestedPaths(policeApi!)).toContain('/metropolitan/westminster-centre/people');
      expect(await page.locator('.stop-search .card__description').innerText()).toContain("area's centre");

      // Now the whole of City of London Police over a chosen range: its missing July is "no data".
      await page.getByRole('radio', { name: /Police Force/ }).check();
      await page.getByLabel('Police force', { exact: true }).selectOption({ label: 'City of London Police' });
      await page.getByLabel('Time period').selectOption({ label: 'Date Range' });
      await page.getByLabel('From', { exact: true }).selectOption({ label: 'April 2025' });
      await page.getByLabel('To', { exact: true }).selectOption({ label: 'September 2025' });
      const searched: { searchType: string }[] = [];
      page.on('request', (r: Request) => {
        if (r.url().endsWith('/api/crimes/search')) searched.push(r.postDataJSON() as { searchType: string });
      });
      await searchButton(page).click();
      await expect.poll(() => new URL(page.url()).searchParams.get('type')).toBe('force');
      await results(page);
      url = new URL(page.url());
      expect(Object.fromEntries(url.searchParams)).toEqual({
        type: 'force',
        force: 'city-of-london',
        period: 'range',
        from: '2025-04',
        to: '2025-09',
      });
      expect(await page.locator('.summary').getByRole('heading').innerText()).toBe('City of London Police');
      const gaps = await page.locator('.data-note--gaps').innerText();
      expect(gaps).toContain('No data for July 2025');
      const noData = page.locator('.monthly-chart__bar.is-no-data');
      expect(await noData.count()).toBe(1);
      expect(await noData.getAttribute('aria-label')).toBe('July 2025: No data for this month');
      expect(await page.locator('.monthly__figures').innerText()).toMatch(/MONTHS ANALYZED\n5/i);
      const forceExpected = await apiSearch(page, {
        searchType: 'force',
        forceId: 'city-of-london',
        startMonth: '2025-04',
        endMonth: '2025-09',
      });
      expect(await shownTotal(page)).toBe(forceExpected.pagination.total);
      // A new search asks for itself once, and never again for the search it replaced.
      expect(searched.map((body) => body.searchType)).toEqual(['force']);
      // A force search shows every stop of the force (those without a location too), not those near its centre.
      await expect
        .poll(() => page.locator('.stop-search .card__description').innerText())
        .toBe('All stops by City of London Police, September 2025.');

      // Back returns to the neighbourhood search, results and form alike.
      await page.goBack();
      await expect.poll(() => new URL(page.url()).searchParams.get('type')).toBe('neighbourhood');
      await results(page);
      expect(await page.locator('.summary').getByRole('heading').innerText()).toBe(
        'Westminster Centre, Metropolitan Police Service',
      );
      expect(await shownTotal(page)).toBe(neighbourhoodTotal);
      expect(await page.getByRole('radio', { name: /Neighbourhood/ }).isChecked()).toBe(true);
      expect(await page.getByLabel('Time period').inputValue()).toBe('6months');
    } finally {
      await page.close();
    }
  });

  it('shows a force without data as "no data", never as zero crimes', async () => {
    const page = await openSearch('/search?type=force&force=greater-manchester&period=single&month=2025-08');
    try {
      await results(page);
      expect(await page.locator('.summary__period').innerText()).toContain('August 2025');
      expect(await page.locator('.stat-tile--emphasis .stat-tile__value').innerText()).toBe('No data');
      expect(await page.locator('.data-note--gaps').innerText()).toContain('No data for August 2025');
      await page.getByText('Trend analysis requires at least 2 months of data').waitFor();
      await page.getByText('No Crime Data Found').waitFor();
      expect(await page.getByLabel('Month', { exact: true }).inputValue()).toBe('2025-08');
    } finally {
      await page.close();
    }
  });

  it('raised no uncaught errors in any page', () => {
    expect(session().pageErrors.map((error) => error.message)).toEqual([]);
  });
});
