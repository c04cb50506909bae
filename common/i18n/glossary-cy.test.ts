import { describe, expect, it } from 'vitest';
import { CRIME_CATEGORIES } from '../crime/categories.ts';
import { POLICE_FORCES } from '../police/forces.ts';
import { RESOLVED_OUTCOMES, UNRESOLVED_OUTCOMES } from '../search/outcomes.ts';
import {
  CATEGORY_TERMS,
  FORCE_TERMS,
  OUTCOME_TERMS,
  welshCategoryName,
  welshForceName,
  welshOutcomeName,
} from './glossary-cy.ts';

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

  it("has the four Welsh forces' own Welsh names, and no name for any other force", () => {
    expect(welshForceName('south-wales')).toBe('Heddlu De Cymru');
    expect(welshForceName('north-wales')).toBe('Heddlu Gogledd Cymru');
    expect(welshForceName('dyfed-powys')).toBe('Heddlu Dyfed-Powys');
    expect(welshForceName('gwent')).toBe('Heddlu Gwent');
    for (const force of POLICE_FORCES) {
      const term = FORCE_TERMS.find((t) => t.forceId === force.id);
      // England's forces (and BTP, PSNI) keep their names: none is made up for them.
      if (force.area !== 'wales') expect(welshForceName(force.id), force.id).toBeUndefined();
      else expect(term?.en, force.id).toBe(force.name);
    }
    expect(FORCE_TERMS).toHaveLength(4);
    expect(welshForceName('South Wales Police')).toBeUndefined();
  });

  it("names, for each Welsh force's name taken as verified, a page of the force's own site", () => {
    for (const term of FORCE_TERMS.filter((t) => !t.needsReview)) {
      const address = /https:\/\/([^/\s]+)\/\S+/.exec(term.source);
      expect(address?.[1], term.en).toMatch(/\.police\.uk$/);
      expect(term.source, term.en).toContain(term.cy);
    }
  });

  it('gives each term a source, and marks as awaiting review every term whose source is not a published one', () => {
    for (const term of [...CATEGORY_TERMS, ...OUTCOME_TERMS, ...FORCE_TERMS]) {
      expect(term.source.trim(), term.en).not.toBe('');
      expect(term.cy, term.en).not.toBe(term.en);
      // A term is verified only with a checkable address or publication in its source.
      if (!/https?:\/\/|\bISBN\b/.test(term.source)) expect(term.needsReview, term.en).toBe(true);
    }
  });
});
