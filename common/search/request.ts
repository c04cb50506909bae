/**
 * The search form's submit rules, shared so the browser's toasts and the
 * server's 400 answers come from one place. The browser shows `title` and `text` as a destructive
 * toast for `durationMs`; the server answers 400 with `text` as the error and `code`.
 */
import { isValidPostcode } from '../postcode/postcode.ts';
import type { RequestSearchType } from './types.ts';

export type SearchIssueCode =
  | 'POSTCODE_REQUIRED'
  | 'INVALID_POSTCODE'
  | 'NEIGHBOURHOOD_REQUIRED'
  | 'FORCE_REQUIRED'
  | 'MONTH_REQUIRED'
  | 'RANGE_INCOMPLETE'
  | 'RANGE_REVERSED';

type CriteriaIssueCode =
  'POSTCODE_REQUIRED' | 'INVALID_POSTCODE' | 'NEIGHBOURHOOD_REQUIRED' | 'FORCE_REQUIRED';

export interface SearchIssue {
  code: SearchIssueCode;
  title: string;
  text: string;
  durationMs: number;
}

export const SEARCH_ISSUES: Readonly<Record<CriteriaIssueCode, SearchIssue>> = {
  POSTCODE_REQUIRED: {
    code: 'POSTCODE_REQUIRED',
    title: 'Postcode Required',
    text: 'Please enter a UK postcode for radius search',
    durationMs: 4000,
  },
  INVALID_POSTCODE: {
    code: 'INVALID_POSTCODE',
    title: 'Invalid Postcode Format',
    text: 'Please enter a valid UK postcode like SW1A 1AA, M1 1AA, or B33 8TH',
    durationMs: 5000,
  },
  NEIGHBOURHOOD_REQUIRED: {
    code: 'NEIGHBOURHOOD_REQUIRED',
    title: 'Neighbourhood Required',
    text: 'Please select a police force and neighbourhood for boundary search',
    durationMs: 4000,
  },
  FORCE_REQUIRED: {
    code: 'FORCE_REQUIRED',
    title: 'Police Force Required',
    text: 'Please select a police force for force-wide search',
    durationMs: 4000,
  },
};

const PERIOD_ISSUES = {
  MONTH_REQUIRED: {
    code: 'MONTH_REQUIRED',
    title: 'Month Required',
    text: 'Choose the month to search in the Month list, or pick another time period',
    durationMs: 5000,
  },
  RANGE_INCOMPLETE: {
    code: 'RANGE_INCOMPLETE',
    title: 'Date Range Incomplete',
    text: 'Choose both a From month and a To month for a date range',
    durationMs: 5000,
  },
} as const satisfies Record<string, SearchIssue>;

/** The period fields of the form: a preset choice, or a single month, or a From-To range (YYYY-MM). */
export interface PeriodDraft {
  period: string;
  singleMonth: string;
  fromMonth: string;
  toMonth: string;
}

/**
 * The first rule the form's period breaks, or null. A reversed range names both months and the
 * fix, and is caught here, before any request.
 */
export function validatePeriodDraft(
  draft: PeriodDraft,
  monthName: (month: string) => string,
): SearchIssue | null {
  if (draft.period === 'single') return draft.singleMonth === '' ? PERIOD_ISSUES.MONTH_REQUIRED : null;
  if (draft.period !== 'range') return null;
  if (draft.fromMonth === '' || draft.toMonth === '') return PERIOD_ISSUES.RANGE_INCOMPLETE;
  if (draft.toMonth < draft.fromMonth) {
    return {
      code: 'RANGE_REVERSED',
      title: 'Date Range Reversed',
      text: `The To month (${monthName(draft.toMonth)}) is before the From month (${monthName(draft.fromMonth)}): choose a To month on or after the From month`,
      durationMs: 6000,
    };
  }
  return null;
}

export interface SearchCriteria {
  searchType: RequestSearchType;
  postcode?: string | null;
  forceId?: string | null;
  neighbourhoodId?: string | null;
}

const blank = (value: string | null | undefined) => (value ?? '').trim() === '';

/** The first rule the criteria break, or null when a search may run. */
export function validateSearchCriteria(criteria: SearchCriteria): SearchIssue | null {
  switch (criteria.searchType) {
    case 'radius':
      if (blank(criteria.postcode)) return SEARCH_ISSUES.POSTCODE_REQUIRED;
      if (!isValidPostcode(criteria.postcode!.trim())) return SEARCH_ISSUES.INVALID_POSTCODE;
      return null;
    case 'neighbourhood':
      return blank(criteria.forceId) || blank(criteria.neighbourhoodId)
        ? SEARCH_ISSUES.NEIGHBOURHOOD_REQUIRED
        : null;
    case 'force':
      return blank(criteria.forceId) ? SEARCH_ISSUES.FORCE_REQUIRED : null;
    case 'default':
      return null;
  }
}
