/**
 * The search as it lives in the URL (`/search?type=radius&postcode=SW1A+1AA&period=6months`), so a
 * search can be bookmarked, shared and reloaded, and Back returns to the previous one. The URL
 * holds what the visitor chose; the request body for the API is derived from it.
 */
import { CRIME_CATEGORY_SLUGS, type CrimeCategorySlug } from '../../../../common/crime/categories.ts';
import { parseCategoryList, parseMarkId } from '../../../../common/map/marks.ts';
import { isMonthText } from '../../../../common/search/months.ts';
import {
  DEFAULT_PERIOD_CHOICE,
  PERIOD_PRESETS,
  dateRangeForChoice,
  type TimePeriodChoice,
} from '../../../../common/search/period.ts';
import { validateSearchCriteria } from '../../../../common/search/request.ts';
import {
  DEFAULT_PAGE_SIZE,
  SEARCH_RADIUS_MILES,
  SEARCH_TYPES,
  type SearchRequestBody,
  type SearchType,
} from '../../../../common/search/types.ts';
import { parsePostcode } from '../../../../common/postcode/postcode.ts';

export interface SearchUrl {
  /** Present once a search has been submitted; its absence is the "No Search Performed" state. */
  type?: SearchType;
  postcode?: string;
  force?: string;
  neighbourhood?: string;
  /** Omitted for the default, 3 months. */
  period?: TimePeriodChoice;
  month?: string;
  from?: string;
  to?: string;
  /** Omitted for page 1. */
  page?: number;
  /** Crime categories hidden on the map (comma-separated slugs, in the product's order). */
  hide?: string;
  /** The map mark whose crimes the incident table shows (common/map/marks.ts ids). */
  at?: string;
}

const PERIOD_CHOICES: readonly TimePeriodChoice[] = [
  ...PERIOD_PRESETS.map((p) => p.choice),
  'single',
  'range',
];
const MAX_TEXT = 128;

// The router parses values that look like JSON, so an all-digit neighbourhood id arrives as a number.
function text(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' || trimmed.length > MAX_TEXT ? undefined : trimmed;
}

function month(value: unknown): string | undefined {
  const t = text(value);
  return t !== undefined && isMonthText(t) ? t : undefined;
}

function oneOf<T extends string>(values: readonly T[], value: unknown): T | undefined {
  return values.find((v) => v === value);
}

/** `validateSearch` of the route: keeps what it understands and drops the rest, never throws. */
export function validateSearchUrl(raw: Record<string, unknown>): SearchUrl {
  const url: SearchUrl = {};
  const type = oneOf(SEARCH_TYPES, raw.type);
  if (type) url.type = type;
  const postcode = text(raw.postcode);
  if (postcode) url.postcode = postcode.toUpperCase();
  const force = text(raw.force);
  if (force) url.force = force;
  const neighbourhood = text(raw.neighbourhood);
  if (neighbourhood) url.neighbourhood = neighbourhood;
  const period = oneOf(PERIOD_CHOICES, raw.period);
  if (period && period !== DEFAULT_PERIOD_CHOICE) url.period = period;
  const single = month(raw.month);
  if (single && period === 'single') url.month = single;
  const from = month(raw.from);
  const to = month(raw.to);
  if (from && period === 'range') url.from = from;
  if (to && period === 'range') url.to = to;
  const page = Number(raw.page);
  if (Number.isSafeInteger(page) && page > 1) url.page = page;
  const hidden =
    typeof raw.hide === 'string' ? hiddenCategoriesText(parseCategoryList(raw.hide).categories) : '';
  if (hidden) url.hide = hidden;
  const at = typeof raw.at === 'string' ? raw.at.trim() : undefined;
  if (at && parseMarkId(at)) url.at = at;
  return url;
}

/** The `hide` parameter for a set of categories: the product's order, so one state has one URL. */
export function hiddenCategoriesText(hidden: Iterable<CrimeCategorySlug>): string {
  const set = new Set(hidden);
  return CRIME_CATEGORY_SLUGS.filter((slug) => set.has(slug)).join(',');
}

export function hiddenCategories(url: SearchUrl): Set<CrimeCategorySlug> {
  return new Set(url.hide ? parseCategoryList(url.hide).categories : []);
}

/** What the form edits: every field of the search, including ones the current type ignores. */
export interface SearchDraft {
  searchType: SearchType;
  postcode: string;
  forceId: string;
  neighbourhoodId: string;
  period: TimePeriodChoice;
  singleMonth: string;
  fromMonth: string;
  toMonth: string;
}

export function draftFromUrl(url: SearchUrl): SearchDraft {
  return {
    searchType: url.type ?? 'radius',
    postcode: url.postcode ?? '',
    forceId: url.force ?? '',
    neighbourhoodId: url.neighbourhood ?? '',
    period: url.period ?? DEFAULT_PERIOD_CHOICE,
    singleMonth: url.month ?? '',
    fromMonth: url.from ?? '',
    toMonth: url.to ?? '',
  };
}

/**
 * The URL of a submitted draft, page 1. Fields the search type does not use are left out, as the
 * specification's request leaves them out, so the URL says exactly what was searched.
 */
export function urlFromDraft(draft: SearchDraft): SearchUrl {
  const url: SearchUrl = { type: draft.searchType };
  if (draft.searchType === 'radius') {
    const postcode = draft.postcode.trim();
    if (postcode) url.postcode = parsePostcode(postcode)?.canonical ?? postcode.toUpperCase();
  } else {
    if (draft.forceId) url.force = draft.forceId;
    if (draft.searchType === 'neighbourhood' && draft.neighbourhoodId)
      url.neighbourhood = draft.neighbourhoodId;
  }
  if (draft.period !== DEFAULT_PERIOD_CHOICE) url.period = draft.period;
  if (draft.period === 'single' && draft.singleMonth) url.month = draft.singleMonth;
  if (draft.period === 'range') {
    if (draft.fromMonth) url.from = draft.fromMonth;
    if (draft.toMonth) url.to = draft.toMonth;
  }
  return url;
}

/**
 * The API request for the URL, or null when the URL holds no runnable search (nothing submitted,
 * or criteria a search may not run with, e.g. a hand-edited invalid postcode).
 */
export function requestFromUrl(url: SearchUrl): SearchRequestBody | null {
  if (!url.type) return null;
  const criteria = {
    searchType: url.type,
    postcode: url.type === 'radius' ? (url.postcode ?? '') : '',
    forceId: url.type === 'radius' ? undefined : url.force,
    neighbourhoodId: url.type === 'neighbourhood' ? url.neighbourhood : undefined,
  };
  if (validateSearchCriteria(criteria)) return null;
  const request: SearchRequestBody = {
    postcode: criteria.postcode,
    radius: SEARCH_RADIUS_MILES,
    searchType: url.type,
    page: url.page ?? 1,
    pageSize: DEFAULT_PAGE_SIZE,
  };
  if (criteria.forceId) request.forceId = criteria.forceId;
  if (criteria.neighbourhoodId) request.neighbourhoodId = criteria.neighbourhoodId;
  // Single or range without their months build no date range: the server's default period applies.
  const range = dateRangeForChoice(url.period ?? DEFAULT_PERIOD_CHOICE, {
    single: url.month,
    from: url.from,
    to: url.to,
  });
  if (range) Object.assign(request, range);
  return request;
}

/** Identifies a search regardless of the page shown, so paging keeps its results. */
export function searchKey(request: SearchRequestBody): string {
  const { page: _page, pageSize: _pageSize, ...criteria } = request;
  return JSON.stringify(criteria);
}
