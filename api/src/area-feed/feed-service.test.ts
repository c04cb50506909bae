import type { Sequelize } from 'sequelize';
import { describe, expect, it } from 'vitest';
import type { SearchResponse } from '../../../common/search/types.ts';
import type { SearchService } from '../search/search-service.ts';
import { createAreaFeedService } from './feed-service.ts';

/**
 * The area's name in a Welsh feed's title and entries comes from the area's facts
 * (common/clock/area-name.ts), not from the English label the search answers with. The search and
 * the store are stand-ins here: what they say is given, the feed's own wording is what is tested
 * (alerts.int.test.ts runs the feed on a real store).
 */

const ORIGIN = 'https://crime-clock.example';
/** The store's import times: none, so every entry's `updated` is the epoch. */
const store = { query: async () => [] } as unknown as Sequelize;

/**
 * A search that answers every area with `label`, as the search service labels it in English (and
 * a neighbourhood's `neighbourhoodName`), and two months.
 */
function searchAnswering(label: string, neighbourhoodName?: string): Pick<SearchService, 'search'> {
  const month = (m: string, totalCrimes: number) => ({
    month: m,
    totalCrimes,
    hasData: true,
    incomplete: false,
  });
  const answer = {
    dataInfo: { area: { label, neighbourhoodName } },
    stats: { monthlyBreakdown: [month('2025-06', 40), month('2025-07', 42)] },
  };
  return { search: async () => answer as unknown as SearchResponse };
}

const feedOf = (areaId: string, label: string, locale: 'en' | 'cy', neighbourhoodName?: string) =>
  createAreaFeedService({
    sequelize: store,
    search: searchAnswering(label, neighbourhoodName),
    origin: ORIGIN,
  }).feed(areaId, locale);

/** The texts of a feed's elements named `name` (titles, summaries). */
const texts = (xml: string, name: string) =>
  [...xml.matchAll(new RegExp(`<${name}[^>]*>([^<]*)</${name}>`, 'g'))].map((m) => m[1]!);

describe("a Welsh area feed's titles and entries", () => {
  it("say a postcode's radius in Welsh, never the search's English", async () => {
    const xml = await feedOf('postcode:CF101AA', '1 mile around CF10 1AA', 'cy');
    const words = [...texts(xml, 'title'), ...texts(xml, 'summary')];
    expect(words).toHaveLength(5);
    for (const text of words) expect(text).toContain('1 filltir o amgylch CF10 1AA');
    expect(xml).not.toMatch(/miles? around/);
  });

  it('name a Welsh force by its Welsh name, never its English one', async () => {
    const xml = await feedOf('force:dyfed-powys', 'Dyfed-Powys Police', 'cy');
    for (const text of [...texts(xml, 'title'), ...texts(xml, 'summary')])
      expect(text).toContain('Heddlu Dyfed-Powys');
    expect(xml).not.toContain('Dyfed-Powys Police');
  });

  it("keep a neighbourhood's own name, the answer's, and name its force in Welsh", async () => {
    // A label worded otherwise than the search writes it: only the answer's name can say it.
    const label = 'Cardiff Central ward (South Wales Police)';
    const xml = await feedOf('neighbourhood:south-wales:CF1', label, 'cy', 'Cardiff Central');
    expect(texts(xml, 'title')[0]).toContain('Cardiff Central, Heddlu De Cymru');
    expect(xml).not.toContain('South Wales Police');
  });

  it('stay as the search says them in an English feed', async () => {
    const xml = await feedOf('postcode:CF101AA', '1 mile around CF10 1AA', 'en');
    expect(texts(xml, 'title')[0]).toContain('1 mile around CF10 1AA');
  });
});
