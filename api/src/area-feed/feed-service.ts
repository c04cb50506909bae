import { QueryTypes, type Sequelize } from 'sequelize';
import { areaClockPath, areaSearchPath } from '../../../common/alerts/area-links.ts';
import { clockAreaSearch, parseClockAreaId } from '../../../common/clock/area.ts';
import { areaFeedPath } from '../../../common/contracts/alerts.ts';
import { localizedPath, type Locale } from '../../../common/i18n/locale.ts';
import { sharingWord, syntheticTitle } from '../../../common/site/sharing-words.ts';
import { HttpError, notFound } from '../http/errors.ts';
import type { SearchService } from '../search/search-service.ts';
import { STREET_DATASET } from '../search/coverage.ts';
import { alertWords } from '../alerts/alert-intl.ts';
import { atomDocument, type AtomEntry } from './atom.ts';

export interface AreaFeedOptions {
  sequelize: Sequelize;
  search: Pick<SearchService, 'search'>;
  /** The site's public origin: the feed's links and ids. */
  origin: string;
}

const UNKNOWN_AREA =
  'Unknown area: use postcode:<postcode>, force:<force id> or neighbourhood:<force id>:<neighbourhood id>.';

/**
 * An area's months as Atom: one entry per month the store holds data for the area (within the
 * search's 5-year horizon), newest first, each with the month's crimes from the search service
 * and a link to the search of that month. An entry's `updated` is when its month was imported.
 * In Welsh (`cy`) its words, numbers and months are Welsh and its links go to the `/cy` pages; its
 * ids differ from the English feed's, as its entries say something else.
 */
export function createAreaFeedService({ sequelize, search, origin }: AreaFeedOptions) {
  const host = new URL(origin).hostname;

  async function importTimes(): Promise<Map<string, string>> {
    const rows = await sequelize.query<{ month: unknown; at: unknown }>(
      'SELECT month, MAX(imported_at) AS at FROM dataset_months WHERE dataset = ? GROUP BY month',
      { replacements: [STREET_DATASET], type: QueryTypes.SELECT },
    );
    const times = new Map<string, string>();
    for (const row of rows) {
      const at = row.at instanceof Date ? row.at : new Date(String(row.at));
      const month = String(row.month);
      if (!Number.isNaN(at.getTime())) times.set(`${month.slice(0, 4)}-${month.slice(4)}`, at.toISOString());
    }
    return times;
  }

  return {
    async feed(areaId: string, locale: Locale = 'en'): Promise<string> {
      const words = alertWords(locale);
      const area = parseClockAreaId(areaId);
      if (!area) throw notFound(UNKNOWN_AREA, 'UNKNOWN_AREA');
      let answer;
      try {
        answer = await search.search({ ...clockAreaSearch(area), startMonth: 'ALL_AVAILABLE', pageSize: 1 });
      } catch (error) {
        // A postcode or neighbourhood the store does not know is an unknown area here.
        if (error instanceof HttpError && error.statusCode === 400)
          throw notFound(UNKNOWN_AREA, 'UNKNOWN_AREA');
        throw error;
      }
      const times = await importTimes();
      const label = words.area(areaId, answer.dataInfo.area.label, answer.dataInfo.area.neighbourhoodName);
      // A feed reader shows entries one by one, far from the feed's own title: each says it.
      const synthetic = answer.dataInfo.synthetic;
      const marked = (title: string) => syntheticTitle(title, synthetic, locale);
      const noted = (summary: string) =>
        synthetic ? `${sharingWord(locale, 'sharing.synthetic.note')} ${summary}` : summary;
      // The English ids are as they were before there was a Welsh feed: readers keep their entries.
      const tag = (rest: string) =>
        `tag:${host},2026:crime-clock/area/${encodeURIComponent(areaId)}${locale === 'en' ? '' : `/${locale}`}${rest}`;
      const entries: AtomEntry[] = answer.stats.monthlyBreakdown
        .filter((m) => m.hasData)
        .reverse()
        .map((m) => {
          const crimes = m.totalCrimes ?? 0;
          const month = words.month(m.month);
          return {
            id: tag(`/${m.month}`),
            title: marked(words.say('alerts.feed.entryTitle', { label, crimes, month })),
            updated: times.get(m.month) ?? new Date(0).toISOString(),
            link: `${origin}${localizedPath(areaSearchPath(area, m.month), locale)}`,
            summary: noted(
              words.say('alerts.feed.entrySummary', {
                label,
                crimes,
                month,
                incomplete: m.incomplete ? 'yes' : 'no',
              }),
            ),
          };
        });
      const updated = entries.reduce(
        (latest, e) => (e.updated > latest ? e.updated : latest),
        new Date(0).toISOString(),
      );
      return atomDocument({
        lang: locale,
        id: tag(''),
        title: marked(words.say('alerts.feed.title', { label })),
        subtitle: words.say('alerts.feed.subtitle'),
        updated,
        self: `${origin}${areaFeedPath(areaId, locale)}`,
        alternate: `${origin}${localizedPath(areaClockPath(areaId), locale)}`,
        author: words.say('alerts.feed.author'),
        entries,
      });
    },
  };
}

export type AreaFeedService = ReturnType<typeof createAreaFeedService>;
