/**
 * The crime search API contract (spec section 3), shared by the server that builds it and the
 * page that reads it. Crimes keep the data.police.uk street-crime shape so either source reads
 * the same way.
 */
import type { ClockApiResponse } from '../clock/types.ts';
import type { CrimeCategorySlug } from '../crime/categories.ts';
import type { PeriodPreset } from './period.ts';
import type { Trend, TrendDirection } from './trend.ts';

export const SEARCH_TYPES = ['radius', 'neighbourhood', 'force'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];
/**
 * What the search call accepts: the form's types, and "default", the whole store (the police
 * clock's own search, spec section 7).
 */
export const REQUEST_SEARCH_TYPES = [...SEARCH_TYPES, 'default'] as const;
export type RequestSearchType = (typeof REQUEST_SEARCH_TYPES)[number];

/** The radius search is fixed at one mile (spec section 9). */
export const SEARCH_RADIUS_MILES = 1;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

/** Body of POST /api/crimes/search. */
export interface SearchRequestBody {
  searchType?: RequestSearchType;
  postcode?: string;
  radius?: number;
  /** A period preset (RECENT_3_MONTHS...) or a month YYYY-MM. */
  startMonth?: string;
  /** Empty with a preset; YYYY-MM for a single month or range. */
  endMonth?: string;
  forceId?: string;
  neighbourhoodId?: string;
  page?: number;
  pageSize?: number;
}

export interface ApiCrime {
  /** Row id in this store; stable while the force-month is not re-imported. */
  id: number;
  category: CrimeCategorySlug;
  /** YYYY-MM */
  month: string;
  /** Null for crimes the police published without a location. */
  location: { latitude: string; longitude: string; street: { name: string | null } } | null;
  /** The archive gives the last outcome without its date, so `date` is null. */
  outcome_status: { category: string; date: string | null } | null;
  /** Empty for anti-social behaviour, as on data.police.uk. */
  persistent_id: string;
  force_id: string;
  lsoa_code: string | null;
}

export interface CrimeTypeStat {
  category: CrimeCategorySlug;
  name: string;
  count: number;
  color: string;
  /** Share of all crimes in the result, percent to 1 decimal. */
  percentage: number;
  /** Crimes of this type per 1,000 residents over `crimeRates.months`; null when the population is unknown. */
  rate: number | null;
  /** Between the two months of `monthOverMonthChange.comparisonMonths`. */
  trend: Trend;
}

export interface MonthlyBreakdownEntry {
  /** YYYY-MM */
  month: string;
  /** Null when no force of the area has data for the month: "no data", not zero. */
  totalCrimes: number | null;
  crimeTypes: Partial<Record<CrimeCategorySlug, number>>;
  hasData: boolean;
  /** Some, not all, forces of the area have data for the month. */
  incomplete: boolean;
}

export interface MonthOverMonthChange {
  percentage: number;
  direction: TrendDirection;
  /** False on fewer than MIN_CRIMES_TO_COMPARE crimes in the two months (common/search/trend.ts). */
  comparable: boolean;
  /** The two months compared, earlier first, YYYY-MM. */
  comparisonMonths: [string, string];
}

export interface SearchStats {
  /** Null when the store has no data for any month of the period in this area. */
  totalCrimes: number | null;
  crimeTypes: CrimeTypeStat[];
  /** Percent to 1 decimal of crimes that can carry an outcome (see docs/search.md). */
  resolvedPercentage: number | null;
  resolvedCrimes: number;
  outcomeEligibleCrimes: number;
  population: {
    /** Residents of the LSOAs holding the area's crime locations (docs/search.md); null when none is known. */
    total: number | null;
    lsoaCount: number;
    lsoasWithoutPopulation: number;
    dataSource: string;
  };
  crimeRates: {
    /** Crimes per 1,000 residents over `months` only: months without data add no crimes and no time. */
    overallRate: number | null;
    /** The months (YYYY-MM) the rates are computed over: those of the period with data. */
    months: string[];
  };
  monthOverMonthChange: MonthOverMonthChange | null;
  monthlyBreakdown: MonthlyBreakdownEntry[];
}

export interface ForceWithoutData {
  id: string;
  name: string;
  /** YYYY-MM months of the period the store has no street data for. */
  months: string[];
}

export interface SearchDataInfo {
  searchType: RequestSearchType;
  timeRange: { start: string; end: string; label: string; preset: PeriodPreset | null };
  totalMonths: number;
  /** Miles, for radius searches; null otherwise. */
  radius: number | null;
  area: { label: string; postcode: string | null; forceId: string | null; neighbourhoodId: string | null };
  /** Months of the period for which no force of the area has data. */
  monthsWithoutData: string[];
  forcesWithoutData: ForceWithoutData[];
  /**
   * Forces whose street data the store holds for some month of the period, in this area: whose
   * crimes the search counts. Optional: answers made before it was added lack it.
   */
  forcesWithData?: { id: string; name: string }[];
  /** True when any data in the result comes from the generated sample, not data.police.uk. */
  synthetic: boolean;
  /** The version of the police data the answer was read from; it changes with every import. */
  dataVersion: string;
  /** YYYY-MM: the newest month of street crime the store holds, for any force. */
  latestMonth: string;
}

export interface Pagination {
  page: number;
  pageSize: number;
  total: number;
  pages: number;
}

export interface SearchResponse {
  success: true;
  data: ApiCrime[];
  pagination: Pagination;
  coordinates: { latitude: number; longitude: number };
  stats: SearchStats;
  dataInfo: SearchDataInfo;
  /**
   * The police clock of the searched area (the whole store for "default"): its rate over the last
   * 12 months with data, at this instant, with what a screen needs to keep it ticking. Null when
   * the area has no data in those months.
   */
  clockData: ClockApiResponse | null;
}

export interface AvailableDate {
  /** YYYY-MM */
  date: string;
  label: string;
  /** Forces the store holds street crime for in the month. */
  forces: number;
  synthetic: boolean;
}

export interface AvailableDatesResponse {
  dates: AvailableDate[];
  /** "June 2025"; null when nothing has been imported. */
  latestDateFormatted: string | null;
}
