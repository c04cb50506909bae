import type { Sequelize } from 'sequelize';
import type { QueryOf } from '../../../common/contracts/endpoint.ts';
import type {
  SearchStops,
  StopSearchAnswer as StopSearchResult,
  StopSearchRecord,
} from '../../../common/contracts/forces.ts';
import { forceById } from '../../../common/police/forces.ts';
import {
  METRES_PER_MILE,
  EARTH_RADIUS_METRES,
  cellsForCircle,
  type LatLng,
} from '../../../common/search/geometry.ts';
import { formatMonth, parseMonth } from '../../../common/search/months.ts';
import { SEARCH_RADIUS_MILES } from '../../../common/search/types.ts';
import {
  ARREST_OUTCOMES,
  NOT_STATED,
  NO_ACTION_OUTCOMES,
  STOP_SEARCH_ETHNICITY_ROWS,
  STOP_SEARCH_RECORD_LIMIT,
} from '../../../common/search/stop-search.ts';
import { badRequest } from '../http/errors.ts';
import { STOP_SEARCH_DATASET } from '../search/coverage.ts';
import { num, select, withinCircleSql } from '../search/sql.ts';
import { requireForce } from './force-service.ts';

// The answer and the query are the contract's (common/contracts/forces.ts, described there).
export type {
  StopSearchAnswer as StopSearchResult,
  StopSearchRecord,
} from '../../../common/contracts/forces.ts';
/** GET /stops-search: a point, or a force; the month defaults to the latest held. */
export type StopSearchQuery = QueryOf<typeof SearchStops>;

export interface StopSearchService {
  near(position: LatLng, month?: string): Promise<StopSearchResult>;
  /** Every stop of the force in the month, those without a location included. */
  ofForce(forceId: string, month?: string): Promise<StopSearchResult>;
  /** A point (lat and lng) or a force, as the route is asked. */
  answer(query: StopSearchQuery): Promise<StopSearchResult>;
}

type StopRow = Omit<StopSearchRecord, 'location' | 'datetime'> & {
  occurred_at: string | null;
  lat: number | null;
  lng: number | null;
};

/** Which stops are counted: a SQL condition on stop_searches and the forces whose unlocated stops are said. */
interface Scope {
  kind: StopSearchResult['scope'];
  where: string;
  replacements: Record<string, unknown>;
  /** Condition on dataset_months for `hasData`. */
  heldWhere: string;
  /** Condition on stop_searches.force_id for the stops without a location to report; null: none. */
  unlocatedForces: string | null;
}

function areaScope(position: LatLng): Scope {
  const metres = SEARCH_RADIUS_MILES * METRES_PER_MILE;
  const dLat = ((metres / EARTH_RADIUS_METRES) * 180) / Math.PI;
  const dLng = dLat / Math.cos(((Math.abs(position.lat) + dLat) * Math.PI) / 180);
  const cells = cellsForCircle(position, metres);
  const areaCells = [...cells.inside, ...cells.edge];
  return {
    kind: 'area',
    where: `lat BETWEEN :minLat AND :maxLat AND lng BETWEEN :minLng AND :maxLng
        AND ${withinCircleSql(position, metres)}`,
    replacements: {
      minLat: position.lat - dLat,
      maxLat: position.lat + dLat,
      minLng: position.lng - dLng,
      maxLng: position.lng + dLng,
      areaCells,
    },
    heldWhere: '1 = 1',
    unlocatedForces:
      areaCells.length === 0
        ? null
        : 'force_id IN (SELECT DISTINCT force_id FROM cell_forces WHERE cell IN (:areaCells))',
  };
}

function forceScope(forceId: string): Scope {
  return {
    kind: 'force',
    where: 'force_id = :forceId',
    replacements: { forceId },
    heldWhere: 'force_id = :forceId',
    unlocatedForces: 'force_id = :forceId',
  };
}

/**
 * Stop-and-search for one month, within 1 mile of a point or across a force: the 10 most recent
 * stops and totals, grouped in SQL. For a point, a bounding box on the (month, lat, lng) index
 * narrows the rows before the exact distance test; a force reads its (force_id, month) index.
 * Ethnicity is the person's self-defined one, as recorded.
 */
export function createStopSearchService({ sequelize }: { sequelize: Sequelize }): StopSearchService {
  async function monthOf(monthText: string | undefined): Promise<number | undefined> {
    if (monthText !== undefined && monthText !== '') {
      const month = parseMonth(monthText);
      if (month === undefined)
        throw badRequest('date must be a month as YYYY-MM (e.g. 2025-06)', 'INVALID_MONTH');
      return month;
    }
    const [latest] = await select<{ month: unknown }>(
      sequelize,
      'SELECT MAX(month) AS month FROM dataset_months WHERE dataset = :dataset',
      { dataset: STOP_SEARCH_DATASET },
    );
    return latest?.month !== null && latest?.month !== undefined ? num(latest.month) : undefined;
  }

  async function search(scope: Scope, monthText: string | undefined): Promise<StopSearchResult> {
    const month = await monthOf(monthText);
    const empty = { totalStops: 0, arrests: 0, noAction: 0, outcomeBreakdown: [], ethnicityBreakdown: [] };
    if (month === undefined)
      return {
        month: null,
        scope: scope.kind,
        hasData: false,
        records: [],
        withoutLocation: [],
        stats: empty,
      };

    const replacements = {
      ...scope.replacements,
      month,
      dataset: STOP_SEARCH_DATASET,
      notStated: NOT_STATED,
      ethnicityRows: STOP_SEARCH_ETHNICITY_ROWS,
      recordLimit: STOP_SEARCH_RECORD_LIMIT,
    };
    const where = `month = :month AND ${scope.where}`;
    const [held, records, outcomes, ethnicities, unlocated] = await Promise.all([
      select<{ n: unknown }>(
        sequelize,
        `SELECT COUNT(*) AS n FROM dataset_months WHERE dataset = :dataset AND month = :month AND ${scope.heldWhere}`,
        replacements,
      ),
      select<StopRow>(
        sequelize,
        `SELECT type, object_of_search, occurred_at, lat, lng, outcome, age_range, gender, legislation,
                self_defined_ethnicity, officer_defined_ethnicity
         FROM stop_searches WHERE ${where}
         ORDER BY occurred_at DESC, id DESC LIMIT :recordLimit`,
        replacements,
      ),
      select<{ outcome: string; count: unknown }>(
        sequelize,
        `SELECT COALESCE(NULLIF(outcome, ''), :notStated) AS outcome, COUNT(*) AS count
         FROM stop_searches WHERE ${where}
         GROUP BY COALESCE(NULLIF(outcome, ''), :notStated) ORDER BY count DESC, outcome`,
        replacements,
      ),
      select<{ ethnicity: string; count: unknown }>(
        sequelize,
        `SELECT COALESCE(NULLIF(self_defined_ethnicity, ''), :notStated) AS ethnicity, COUNT(*) AS count
         FROM stop_searches WHERE ${where}
         GROUP BY COALESCE(NULLIF(self_defined_ethnicity, ''), :notStated)
         ORDER BY count DESC, ethnicity LIMIT :ethnicityRows`,
        replacements,
      ),
      scope.unlocatedForces === null
        ? Promise.resolve([])
        : select<{ force_id: string; stops: unknown }>(
            sequelize,
            `SELECT force_id, COUNT(*) AS stops FROM stop_searches
             WHERE month = :month AND lat IS NULL AND ${scope.unlocatedForces}
             GROUP BY force_id ORDER BY force_id`,
            replacements,
          ),
    ]);

    const outcomeBreakdown = outcomes.map((o) => ({ outcome: o.outcome, count: num(o.count) }));
    const countOf = (names: readonly string[]) =>
      outcomeBreakdown.filter((o) => names.includes(o.outcome)).reduce((sum, o) => sum + o.count, 0);
    return {
      month: formatMonth(month),
      scope: scope.kind,
      hasData: num(held[0]?.n) > 0,
      records: records.map(({ occurred_at, lat, lng, ...rest }) => ({
        ...rest,
        datetime: occurred_at,
        location:
          lat !== null && lng !== null
            ? { latitude: String(lat), longitude: String(lng), street: { name: null } }
            : null,
      })),
      withoutLocation: unlocated.map((row) => ({
        forceId: row.force_id,
        name: forceById(row.force_id)?.name ?? row.force_id,
        stops: num(row.stops),
      })),
      stats: {
        totalStops: outcomeBreakdown.reduce((sum, o) => sum + o.count, 0),
        arrests: countOf(ARREST_OUTCOMES),
        noAction: countOf(NO_ACTION_OUTCOMES),
        outcomeBreakdown,
        ethnicityBreakdown: ethnicities.map((e) => ({ ethnicity: e.ethnicity, count: num(e.count) })),
      },
    };
  }

  const service: StopSearchService = {
    near: async (position, month) => search(areaScope(position), month),
    ofForce: async (forceId, month) => search(forceScope(requireForce(forceId.trim()).id), month),
    async answer({ lat, lng, force, date }) {
      if (force !== undefined) return service.ofForce(force, date);
      if (lat === undefined || lng === undefined)
        throw badRequest('give lat and lng, or force', 'INVALID_STOP_SEARCH');
      return service.near({ lat, lng }, date);
    },
  };
  return service;
}
