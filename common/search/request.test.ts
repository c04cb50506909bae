import { describe, expect, it } from 'vitest';
import { SEARCH_ISSUES, validatePeriodDraft, validateSearchCriteria } from './request.ts';

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

describe('validatePeriodDraft', () => {
  const name = (month: string) => `<${month}>`;
  const draft = { period: 'range', singleMonth: '', fromMonth: '2025-06', toMonth: '2025-01' };

  it('refuses a reversed range, naming both months and the fix', () => {
    const issue = validatePeriodDraft(draft, name);
    expect(issue?.code).toBe('RANGE_REVERSED');
    expect(issue?.text).toBe(
      'The To month (<2025-01>) is before the From month (<2025-06>): choose a To month on or after the From month',
    );
  });

  it('asks for the missing month of a single month or a range', () => {
    expect(validatePeriodDraft({ ...draft, toMonth: '' }, name)?.code).toBe('RANGE_INCOMPLETE');
    expect(validatePeriodDraft({ ...draft, period: 'single' }, name)?.code).toBe('MONTH_REQUIRED');
  });

  it('accepts a forward or one-month range, a chosen month and any preset', () => {
    expect(validatePeriodDraft({ ...draft, toMonth: '2025-06' }, name)).toBeNull();
    expect(validatePeriodDraft({ ...draft, fromMonth: '2024-12' }, name)).toBeNull();
    expect(validatePeriodDraft({ ...draft, period: 'single', singleMonth: '2025-03' }, name)).toBeNull();
    expect(validatePeriodDraft({ ...draft, period: 'recent3' }, name)).toBeNull();
  });
});
