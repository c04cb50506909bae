/**
 * How the search form's fields change one another: a new force forgets the
 * neighbourhood of the old one; a preset period clears the single and range months, single clears
 * range and range clears single; collapsing the advanced options returns to a radius search.
 */
import { DEFAULT_PERIOD_CHOICE, type TimePeriodChoice } from '../../../../common/search/period.ts';
import type { SearchType } from '../../../../common/search/types.ts';
import type { SearchDraft } from './searchParams.ts';

export type DraftAction =
  | { type: 'searchType'; value: SearchType }
  | { type: 'postcode'; value: string }
  | { type: 'force'; value: string }
  | { type: 'neighbourhood'; value: string }
  | { type: 'period'; value: TimePeriodChoice }
  | { type: 'singleMonth'; value: string }
  | { type: 'fromMonth'; value: string }
  | { type: 'toMonth'; value: string }
  | { type: 'collapseAdvanced' }
  | { type: 'reset'; draft: SearchDraft };

export function draftReducer(draft: SearchDraft, action: DraftAction): SearchDraft {
  switch (action.type) {
    case 'searchType':
      return { ...draft, searchType: action.value };
    case 'postcode':
      return { ...draft, postcode: action.value.toUpperCase() };
    case 'force':
      return action.value === draft.forceId
        ? draft
        : { ...draft, forceId: action.value, neighbourhoodId: '' };
    case 'neighbourhood':
      return { ...draft, neighbourhoodId: action.value };
    case 'period':
      if (action.value === 'single') return { ...draft, period: 'single', fromMonth: '', toMonth: '' };
      if (action.value === 'range') return { ...draft, period: 'range', singleMonth: '' };
      return { ...draft, period: action.value, singleMonth: '', fromMonth: '', toMonth: '' };
    case 'singleMonth':
      return { ...draft, singleMonth: action.value };
    case 'fromMonth':
      return { ...draft, fromMonth: action.value };
    case 'toMonth':
      return { ...draft, toMonth: action.value };
    case 'collapseAdvanced':
      return { ...draft, searchType: 'radius', forceId: '', neighbourhoodId: '' };
    case 'reset':
      return action.draft;
  }
}

/** The advanced options start open when the URL's search needs them to be understood. */
export function needsAdvancedOptions(draft: SearchDraft): boolean {
  return draft.searchType !== 'radius' || draft.period !== DEFAULT_PERIOD_CHOICE;
}
