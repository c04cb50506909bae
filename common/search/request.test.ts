import { describe, expect, it } from 'vitest';
import { SEARCH_ISSUES, validateSearchCriteria } from './request.ts';

describe('validateSearchCriteria', () => {
  it('needs a postcode for a radius search', () => {
    expect(validateSearchCriteria({ searchType: 'radius', postcode: '  ' })).toBe(
      SEARCH_ISSUES.POSTCODE_REQUIRED,
    );
    expect(validateSearchCriteria({ searchType: 'radius' })).toBe(SEARCH_ISSUES.POSTCODE_REQUIRED);
  });

  it('needs a valid UK postcode for a radius search', () => {
    for (const bad of ['SW1A', '12345', 'SW1A 1AAA', "SW1A 1AA' OR 1=1", 'QQ1 1CI']) {
      expect(validateSearchCriteria({ searchType: 'radius', postcode: bad })).toBe(
        SEARCH_ISSUES.INVALID_POSTCODE,
      );
    }
    for (const good of ['SW1A 1AA', 'sw1a1aa', 'M1 1AA', ' B33 8TH ']) {
      expect(validateSearchCriteria({ searchType: 'radius', postcode: good })).toBeNull();
    }
  });

  it('needs force and neighbourhood for a neighbourhood search', () => {
    expect(validateSearchCriteria({ searchType: 'neighbourhood', forceId: 'metropolitan' })).toBe(
      SEARCH_ISSUES.NEIGHBOURHOOD_REQUIRED,
    );
    expect(validateSearchCriteria({ searchType: 'neighbourhood', neighbourhoodId: 'E05000138' })).toBe(
      SEARCH_ISSUES.NEIGHBOURHOOD_REQUIRED,
    );
    expect(
      validateSearchCriteria({
        searchType: 'neighbourhood',
        forceId: 'metropolitan',
        neighbourhoodId: 'E05000138',
      }),
    ).toBeNull();
  });

  it('needs a force for a force-wide search, and ignores the postcode there', () => {
    expect(validateSearchCriteria({ searchType: 'force', postcode: 'SW1A 1AA' })).toBe(
      SEARCH_ISSUES.FORCE_REQUIRED,
    );
    expect(validateSearchCriteria({ searchType: 'force', forceId: 'kent', postcode: 'nonsense' })).toBeNull();
  });

  it('carries the spec toast texts and durations', () => {
    expect(SEARCH_ISSUES.INVALID_POSTCODE).toMatchObject({
      title: 'Invalid Postcode Format',
      text: 'Please enter a valid UK postcode like SW1A 1AA, M1 1AA, or B33 8TH',
      durationMs: 5000,
    });
    expect(SEARCH_ISSUES.POSTCODE_REQUIRED.durationMs).toBe(4000);
    expect(SEARCH_ISSUES.FORCE_REQUIRED.text).toBe('Please select a police force for force-wide search');
  });
});
