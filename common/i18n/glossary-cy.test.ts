import { describe, expect, it } from 'vitest';
import { CRIME_CATEGORIES } from '../crime/categories.ts';
import { RESOLVED_OUTCOMES, UNRESOLVED_OUTCOMES } from '../search/outcomes.ts';
import { CATEGORY_TERMS, OUTCOME_TERMS, welshCategoryName, welshOutcomeName } from './glossary-cy.ts';

describe('the Welsh glossary of police.uk terms', () => {
  it('has every crime category, under the name the product shows', () => {
    for (const category of CRIME_CATEGORIES) {
      const term = CATEGORY_TERMS.find((t) => t.slug === category.slug);
      expect(term?.en, category.slug).toBe(category.label);
      expect(welshCategoryName(category.slug), category.slug).toBeTruthy();
    }
    expect(CATEGORY_TERMS).toHaveLength(CRIME_CATEGORIES.length);
  });

  it('has every outcome the search knows', () => {
    for (const outcome of [...RESOLVED_OUTCOMES, ...UNRESOLVED_OUTCOMES]) {
      expect(welshOutcomeName(outcome), outcome).toBeTruthy();
    }
    expect(welshOutcomeName(' under INVESTIGATION ')).toBe('Yn destun ymchwiliad');
  });

  it('gives each term a source, and marks as awaiting review every term whose source is not a published one', () => {
    for (const term of [...CATEGORY_TERMS, ...OUTCOME_TERMS]) {
      expect(term.source.trim(), term.en).not.toBe('');
      expect(term.cy, term.en).not.toBe(term.en);
      // A term is verified only with a checkable address or publication in its source.
      if (!/https?:\/\/|\bISBN\b/.test(term.source)) expect(term.needsReview, term.en).toBe(true);
    }
  });
});
