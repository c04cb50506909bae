/**
 * Which field of the search form a refusal is about, so that field is marked invalid (and its
 * border is no longer the "valid" green) and the visitor is taken to it or to the error.
 */
import type { SearchDraft } from './searchParams.ts';

export type SearchField = 'postcode' | 'force' | 'neighbourhood' | 'singleMonth' | 'fromMonth' | 'toMonth';

/** A refused field: `text` is said under it; `describedBy` names an error shown elsewhere. */
export interface FieldError {
  field: SearchField;
  text?: string;
  describedBy?: string;
}

/** The field an error code (the form's own check or the server's answer) is about; undefined for none. */
export function fieldOfIssue(
  code: string,
  draft: Pick<SearchDraft, 'fromMonth' | 'toMonth'>,
): SearchField | undefined {
  switch (code) {
    case 'FORCE_REQUIRED':
    case 'FORCE_NOT_FOUND':
      return 'force';
    case 'NEIGHBOURHOOD_REQUIRED':
    case 'NEIGHBOURHOOD_NOT_FOUND':
    case 'BOUNDARY_NOT_FOUND':
      return 'neighbourhood';
    case 'MONTH_REQUIRED':
      return 'singleMonth';
    case 'RANGE_INCOMPLETE':
      return draft.fromMonth === '' ? 'fromMonth' : 'toMonth';
    case 'RANGE_REVERSED':
      return 'toMonth';
  }
  // Every postcode refusal, whatever its reason (required, malformed, not held, outside the area).
  return code.includes('POSTCODE') ? 'postcode' : undefined;
}

/** The error of one field, when `error` is about it. */
export function errorOf(error: FieldError | undefined, field: SearchField): FieldError | undefined {
  return error?.field === field ? error : undefined;
}
