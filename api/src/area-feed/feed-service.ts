import { QueryTypes, type Sequelize } from 'sequelize';
import { areaClockPath, areaSearchPath } from '../../../common/alerts/area-links.ts';
import { clockAreaSearch, parseClockAreaId } from '../../../common/clock/area.ts';
import { areaFeedPath } from '../../../common/contracts/alerts.ts';
import { monthLabel, parseMonth } from '../../../common/search/months.ts';
import { HttpError, notFound } from '../http/errors.ts';
import type { SearchService } from '../search/search-service.ts';
import { STREET_DATASET } from '../search/coverage.ts';
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
    async feed(areaId: string): Promise<string> {
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
      const label = answer.dataInfo.area.label;
      const tag = (rest: string) => `tag:${host},2026:crime-clock/area/${encodeURIComponent(areaId)}${rest}`;
      const entries: AtomEntry[] = answer.stats.monthlyBreakdown
        .filter((m) => m.hasData)
        .reverse()
        .map((m) => {
          const crimes = (m.totalCrimes ?? 0).toLocaleString('en-GB');
          const when = monthLabel(parseMonth(m.month)!);
          return {
            id: tag(`/${m.month}`),
            title: `${label}: ${crimes} crimes in ${when}`,
            updated: times.get(m.month) ?? new Date(0).toISOString(),
            link: `${origin}${areaSearchPath(area, m.month)}`,
            summary: `${crimes} street-level crimes recorded by the police in ${label} in ${when}${m.incomplete ? ' (some forces of the area sent no data for the month)' : ''}. Source: data.police.uk.`,
          };
        });
      const updated = entries.reduce(
        (latest, e) => (e.updated > latest ? e.updated : latest),
        new Date(0).toISOString(),
      );
      return atomDocument({
        id: tag(''),
        title: `Crime Clock: police-recorded crime in ${label}`,
        subtitle: 'One entry per month of police data the store holds for the area, newest first.',
        updated,
        self: `${origin}${areaFeedPath(areaId)}`,
        alternate: `${origin}${areaClockPath(areaId)}`,
        author: 'Crime Clock',
        entries,
      });
    },
  };
}

export type AreaFeedService = ReturnType<typeof createAreaFeedService>;
