import { describe, expect, it } from 'vitest';
import { appOnTestDatabase } from '../../tests/support/app-on-database.ts';
import { testDialects } from '../../tests/support/database.ts';
import { CENTRE_POSTCODE, loadFixture } from '../../tests/support/search-fixture.ts';
import { createApiKeyService } from './partner-api/keys/api-key-service.ts';

const ORIGIN = 'https://crime-clock.example';
const MONTHS = { startMonth: '2025-01', endMonth: '2025-06' };
const SEARCH = { searchType: 'radius', postcode: CENTRE_POSTCODE, ...MONTHS };

/**
 * Everything made from the synthetic sample says so wherever it goes: the search's and the
 * partners' answers, the exports, the area feed, the oEmbed title and the preview image. The store
 * starts as the sample (the fixture's), then its data is marked as real, and every label goes.
 */
describe.each(testDialects)('the synthetic label travels, on %s', (dialect) => {
  let clock = Date.UTC(2026, 11, 7, 12, 0);
  const ctx = appOnTestDatabase(dialect, {
    env: { PUBLIC_ORIGIN: ORIGIN },
    seed: async (db) => void (await loadFixture(db.sequelize)),
    now: () => clock,
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers });

  async function partnerAnswer() {
    const { apiKey } = await createApiKeyService({ sequelize: ctx.db.sequelize }).create({
      name: `Partner ${clock}`,
      dailyRateLimit: 5,
    });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/external/crime-search',
      headers: { 'x-api-key': apiKey },
      payload: { postcode: CENTRE_POSTCODE, ...MONTHS },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { synthetic: boolean; dataInfo: { synthetic: boolean } };
  }

  const exportOf = (format: string, lang?: string) =>
    get(`/api/crimes/export?${new URLSearchParams({ format, ...SEARCH, ...(lang ? { lang } : {}) })}`);

  const feedEntries = async (lang = 'en') => {
    const xml = (await get(`/api/areas/force:metropolitan/feed.atom?lang=${lang}`)).body;
    return [
      ...xml.matchAll(/<entry>[\s\S]*?<title[^>]*>([^<]*)<\/title>[\s\S]*?<summary[^>]*>([^<]*)<\/summary>/g),
    ];
  };

  const oembedTitle = async (path: string) =>
    (await get(`/api/oembed?${new URLSearchParams({ url: `${ORIGIN}${path}` })}`)).json().title as string;

  it('labels the sample in answers, files, feed entries, oEmbed titles and images, in English and Welsh', async () => {
    const partner = await partnerAnswer();
    expect(partner.synthetic).toBe(true);
    expect(partner.dataInfo.synthetic).toBe(true);
    const search = await ctx.app.inject({
      method: 'POST',
      url: '/api/crimes/search',
      headers: { origin: 'http://localhost' },
      payload: SEARCH,
    });
    expect(search.json()).toMatchObject({ synthetic: true });

    const csv = await exportOf('csv');
    expect(csv.headers['content-disposition']).toMatch(/-SYNTHETIC\.csv"$/);
    expect(csv.body.slice(1).split('\r\n')[0]).toMatch(
      /^"Synthetic sample data: .*not real police records\."$/,
    );
    const welshCsv = await exportOf('csv', 'cy');
    expect(welshCsv.body.slice(1).split('\r\n')[0]).toMatch(/^"Data sampl synthetig/);
    const json = await exportOf('json');
    expect(json.headers['content-disposition']).toMatch(/-SYNTHETIC\.json"$/);
    expect(json.json()).toMatchObject({
      notice: expect.stringMatching(/^Synthetic sample data/),
      synthetic: true,
    });
    expect((await exportOf('csv', 'fr')).statusCode).toBe(400);

    const entries = await feedEntries();
    expect(entries.length).toBeGreaterThan(0);
    for (const [, title, summary] of entries) {
      expect(title).toMatch(/\(synthetic sample data\)$/);
      expect(summary).toMatch(/^Synthetic sample data/);
    }
    for (const [, title] of await feedEntries('cy')) expect(title).toMatch(/\(data sampl synthetig\)$/);

    expect(await oembedTitle('/police-crime-clock')).toMatch(/\(synthetic sample data\)$/);
    expect(await oembedTitle('/cy/police-crime-clock?area=force:metropolitan')).toMatch(
      /\(data sampl synthetig\)$/,
    );
    expect(await oembedTitle('/crime-clock')).not.toMatch(/synthetic/);
  });

  it('draws a Welsh page’s preview image in Welsh, kept apart from the English one', async () => {
    const english = await get('/api/og/clock.png?clock=police-crime-clock');
    const welsh = await get('/api/og/clock.png?clock=police-crime-clock&lang=cy');
    expect([english.statusCode, welsh.statusCode]).toEqual([200, 200]);
    expect(welsh.headers['content-type']).toBe('image/png');
    expect(welsh.rawPayload.equals(english.rawPayload)).toBe(false);
    expect((await get('/api/og/clock.png?clock=police-crime-clock&lang=fr')).statusCode).toBe(400);
  });

  it('says nothing of a sample once the data is real', async () => {
    const sampleImage = (await get('/api/og/clock.png?clock=police-crime-clock')).rawPayload;
    // A later import time: the store's data version moves on, as after a real import.
    await ctx.db.sequelize.query('UPDATE dataset_months SET synthetic = 0, imported_at = ?', {
      replacements: [new Date(clock + 1000)],
    });
    await ctx.db.sequelize.query('UPDATE postcodes SET synthetic = 0');
    clock += 61_000;

    const partner = await partnerAnswer();
    expect(partner.synthetic).toBe(false);
    const csv = await exportOf('csv');
    expect(csv.headers['content-disposition']).not.toMatch(/SYNTHETIC/);
    expect(csv.body.slice(1).split('\r\n')[0]).toMatch(/^Month,/);
    expect(await exportOf('json').then((r) => r.json())).not.toHaveProperty('notice');
    for (const [, title, summary] of await feedEntries()) {
      expect(title).not.toMatch(/synthetic/);
      expect(summary).not.toMatch(/Synthetic/);
    }
    expect(await oembedTitle('/police-crime-clock')).not.toMatch(/synthetic/);
    // The same clock a minute on, without its band: drawn again, and otherwise the same size.
    expect((await get('/api/og/clock.png?clock=police-crime-clock')).rawPayload.equals(sampleImage)).toBe(
      false,
    );
  });
});
