import type { MapOutline } from '../../../common/map/marks.ts';
import type { LatLng } from '../../../common/search/geometry.ts';
import type { MonthNumber } from '../../../common/search/months.ts';
import type { RequestSearchType } from '../../../common/search/types.ts';
import type { Coverage } from './coverage.ts';
import type { MonthCategoryCount } from './month-rows.ts';

/*
 * What a search area is, whatever its kind. The kinds are area-radius.ts, area-neighbourhood.ts,
 * area-force.ts and area-store.ts; the SQL they share is in area-sql.ts.
 */

export interface PopulationEstimate {
  /** Null when no LSOA of the area has a population on record. */
  total: number | null;
  lsoaCount: number;
  lsoasWithoutPopulation: number;
}

export interface SummaryPeriod {
  /** Counts start here: the period's first month, or the month before a one-month period. */
  windowStart: MonthNumber;
  end: MonthNumber;
}

export interface AreaSummary {
  counts: MonthCategoryCount[];
  /** Resolved crimes per month (a search reports them for its period, not per category). */
  resolvedByMonth: ReadonlyMap<MonthNumber, number>;
  population: PopulationEstimate;
}

export type { MonthCategoryCount };

/**
 * One way of drawing the search area over the store. Every method answers from aggregates with
 * GROUP BY in SQL; only the neighbourhood's boundary cells come to JavaScript, because a
 * point-in-polygon test has no portable SQL form.
 */
export interface SearchArea {
  readonly kind: RequestSearchType;
  readonly centre: LatLng;
  /**
   * Which months the forces that police the area have data for: a month a force did not report
   * is "no data" for it, not zero.
   */
  coverage(period: SummaryPeriod): Promise<Coverage>;
  /** Counts per month x category, and the residents of the area's LSOAs (docs/search.md). */
  summary(period: SummaryPeriod): Promise<AreaSummary>;
  /** Crimes of one month in the area, newest first (by id), from `offset`. */
  page(month: MonthNumber, offset: number, limit: number): Promise<CrimeRow[]>;
  /**
   * Every crime of one month in the area, newest first, read `size` rows at a time (each read
   * starts below the last id seen, so a month costs no more than its rows however long it is).
   */
  batches(month: MonthNumber, size: number): AsyncGenerator<CrimeRow[]>;
  /** The map's frame around the crimes (the label is the search's own unless one is given). */
  outline(): Promise<MapOutline | null>;
  /**
   * Located crimes of the months per location and category code. `byCell`: per grid cell, placed
   * at the cell's centre (a force-wide search reads its cell counts, not every point).
   */
  mapLocations(start: MonthNumber, end: MonthNumber): Promise<MapLocations>;
  /** Whether a location is inside the area, by the same rule the counts use. */
  contains(point: LatLng): boolean;
  /**
   * Crimes of the months in the given cells that this area may count (a force's own only); the
   * caller tests their positions. `categories`: codes to keep, null for all.
   */
  crimesInCells(
    cells: readonly number[],
    start: MonthNumber,
    end: MonthNumber,
    categories: readonly number[] | null,
  ): Promise<CrimeRow[]>;
}

/**
 * The area with its coverage and summary read once per period: a search and the area's clock
 * over the same 12 months (the default period of a radius search) would otherwise count the same
 * months twice in one request.
 */
export function readingOnce(area: SearchArea): SearchArea {
  const coverages = new Map<string, Promise<Coverage>>();
  const summaries = new Map<string, Promise<AreaSummary>>();
  const once = <T>(cache: Map<string, Promise<T>>, period: SummaryPeriod, read: () => Promise<T>) => {
    const key = `${period.windowStart}:${period.end}`;
    let reading = cache.get(key);
    if (!reading) cache.set(key, (reading = read()));
    return reading;
  };
  return {
    ...area,
    coverage: (period) => once(coverages, period, () => area.coverage(period)),
    summary: (period) => once(summaries, period, () => area.summary(period)),
  };
}

export interface MapLocation {
  lat: number;
  lng: number;
  category: number;
  crimes: number;
}

export interface MapLocations {
  byCell: boolean;
  rows: MapLocation[];
}

export type CrimeRow = {
  id: unknown;
  force_id: string;
  month: unknown;
  category: unknown;
  crime_ref: string | null;
  lat: number | null;
  lng: number | null;
  street: string | null;
  lsoa_code: string | null;
  outcome: string | null;
};

/** Centre of England and Wales, for an area with nothing better to say. */
export const ENGLAND_AND_WALES_CENTRE: LatLng = { lat: 52.56, lng: -1.46 };
