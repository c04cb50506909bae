import glossary from './glossary-cy.json' with { type: 'json' };

/** One police.uk term in both languages, where the Welsh came from, and whether it awaits review. */
export interface GlossaryTerm {
  readonly en: string;
  readonly cy: string;
  readonly source: string;
  readonly needsReview: boolean;
}

export const CATEGORY_TERMS: readonly (GlossaryTerm & { readonly slug: string })[] = glossary.categories;
export const OUTCOME_TERMS: readonly GlossaryTerm[] = glossary.outcomes;

const categoryBySlug = new Map(CATEGORY_TERMS.map((term) => [term.slug, term]));
const outcomeByName = new Map(OUTCOME_TERMS.map((term) => [term.en.toLowerCase(), term]));

/** The Welsh name of a crime category (glossary-cy.json); none for a slug it does not list. */
export function welshCategoryName(slug: string): string | undefined {
  return categoryBySlug.get(slug)?.cy;
}

/** The Welsh of a police.uk "last outcome category", matched as the archive writes it. */
export function welshOutcomeName(outcome: string): string | undefined {
  return outcomeByName.get(outcome.trim().toLowerCase())?.cy;
}

/** Terms no Welsh speaker has checked yet: listed so they can be reviewed. */
export function termsAwaitingReview(): readonly GlossaryTerm[] {
  return [...CATEGORY_TERMS, ...OUTCOME_TERMS].filter((term) => term.needsReview);
}
