import type { CsewFiguresWelsh } from '../../../../common/contracts/csew-figures.ts';

/** The admin's Welsh of the survey figures' prose, as typed: a blank field has no Welsh yet. */
export interface CsewWelshForm {
  readonly surveyNote: string;
  readonly dataMethod: string;
  /** One per English warning, in its order. */
  readonly prevalenceWarnings: readonly string[];
}

/** The form for figures as they are: their Welsh where they give it, else blank. */
export function welshForm(figures: {
  readonly prevalenceWarnings: readonly string[];
  readonly cy?: CsewFiguresWelsh;
}): CsewWelshForm {
  return {
    surveyNote: figures.cy?.surveyNote ?? '',
    dataMethod: figures.cy?.dataMethod ?? '',
    prevalenceWarnings: figures.prevalenceWarnings.map((_, i) => figures.cy?.prevalenceWarnings?.[i] ?? ''),
  };
}

/**
 * The document's `cy` block from the form (undefined: no Welsh at all), or what is wrong with it.
 * The warnings go together (the document takes the Welsh of all of them or of none), so a page
 * never mixes the languages within the one list.
 */
export function welshBlock(
  form: CsewWelshForm,
): { ok: true; cy: CsewFiguresWelsh | undefined } | { ok: false; problem: string } {
  const warnings = form.prevalenceWarnings.map((w) => w.trim());
  const given = warnings.filter((w) => w !== '').length;
  if (given > 0 && given < warnings.length) {
    return { ok: false, problem: 'Give the Welsh of every prevalence warning, or of none.' };
  }
  const surveyNote = form.surveyNote.trim();
  const dataMethod = form.dataMethod.trim();
  const cy: CsewFiguresWelsh = {
    ...(surveyNote ? { surveyNote } : {}),
    ...(dataMethod ? { dataMethod } : {}),
    ...(given > 0 ? { prevalenceWarnings: warnings } : {}),
  };
  return { ok: true, cy: Object.keys(cy).length > 0 ? cy : undefined };
}
