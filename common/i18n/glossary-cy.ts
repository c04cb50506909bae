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
/**
 * The Welsh forces' own Welsh names, by data.police.uk force id. Only those four: every other
 * force keeps its name on a Welsh page (see the file's comment and docs/i18n.md).
 */
export const FORCE_TERMS: readonly (GlossaryTerm & { readonly forceId: string })[] = glossary.forces;

const categoryBySlug = new Map(CATEGORY_TERMS.map((term) => [term.slug, term]));
const outcomeByName = new Map(OUTCOME_TERMS.map((term) => [term.en.toLowerCase(), term]));
const forceTermById = new Map(FORCE_TERMS.map((term) => [term.forceId, term]));

/** The Welsh name of a crime category (glossary-cy.json); none for a slug it does not list. */
export function welshCategoryName(slug: string): string | undefined {
  return categoryBySlug.get(slug)?.cy;
}

/** The Welsh of a police.uk "last outcome category", matched as the archive writes it. */
export function welshOutcomeName(outcome: string): string | undefined {
  return outcomeByName.get(outcome.trim().toLowerCase())?.cy;
}

/**
 * A force's Welsh name, by its data.police.uk id ("south-wales" → "Heddlu De Cymru"); undefined
 * for a force whose name is kept as it is on Welsh pages. Pages name forces through
 * common/police/force-name.ts, which falls back to the English name.
 */
export function welshForceName(forceId: string): string | undefined {
  return forceTermById.get(forceId)?.cy;
}

/** Terms no Welsh speaker has checked yet: listed so they can be reviewed. */
export function termsAwaitingReview(): readonly GlossaryTerm[] {
  return [...CATEGORY_TERMS, ...OUTCOME_TERMS, ...FORCE_TERMS].filter((term) => term.needsReview);
}
