/**
 * Stop-and-search outcome groups for the card's totals. The archive's outcome texts changed over
 * the years (e.g. "Suspect arrested" became "Arrest"; "Nothing found - no further action" became
 * "A no further action disposal"), so both spellings are listed.
 */
export const ARREST_OUTCOMES: readonly string[] = ['Arrest', 'Suspect arrested'];

export const NO_ACTION_OUTCOMES: readonly string[] = [
  'A no further action disposal',
  'Nothing found - no further action',
  'Suspect released without charge',
];

/** Rows of the card: up to 10 incidents and 5 ethnicity rows. */
export const STOP_SEARCH_RECORD_LIMIT = 10;
export const STOP_SEARCH_ETHNICITY_ROWS = 5;

/** Shown for a stop whose ethnicity or outcome field is empty. */
export const NOT_STATED = 'Not stated';
