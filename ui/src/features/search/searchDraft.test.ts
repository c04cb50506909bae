import { describe, expect, it } from 'vitest';
import { draftReducer, needsAdvancedOptions } from './searchDraft.ts';
import { draftFromUrl, type SearchDraft } from './searchParams.ts';

const start: SearchDraft = draftFromUrl({});

describe('draftReducer', () => {
  it('starts as a radius search over 3 months', () => {
    expect(start).toMatchObject({ searchType: 'radius', period: '3months', postcode: '' });
  });

  it('upper-cases the postcode', () => {
    expect(draftReducer(start, { type: 'postcode', value: 'sw1a 1aa' }).postcode).toBe('SW1A 1AA');
  });

  it('forgets the neighbourhood when the force changes, not when it is chosen again', () => {
    const chosen = { ...start, forceId: 'kent', neighbourhoodId: 'n1' };
    expect(draftReducer(chosen, { type: 'force', value: 'kent' })).toBe(chosen);
    expect(draftReducer(chosen, { type: 'force', value: 'essex' })).toMatchObject({
      forceId: 'essex',
      neighbourhoodId: '',
    });
  });

  it('clears single and range months when a preset is chosen', () => {
    const months = { ...start, singleMonth: '2025-01', fromMonth: '2025-02', toMonth: '2025-03' };
    expect(draftReducer(months, { type: 'period', value: '12months' })).toMatchObject({
      period: '12months',
      singleMonth: '',
      fromMonth: '',
      toMonth: '',
    });
  });

  it('clears the range when single is chosen, and the single month when range is chosen', () => {
    const months = { ...start, singleMonth: '2025-01', fromMonth: '2025-02', toMonth: '2025-03' };
    expect(draftReducer(months, { type: 'period', value: 'single' })).toMatchObject({
      singleMonth: '2025-01',
      fromMonth: '',
      toMonth: '',
    });
    expect(draftReducer(months, { type: 'period', value: 'range' })).toMatchObject({
      singleMonth: '',
      fromMonth: '2025-02',
      toMonth: '2025-03',
    });
  });

  it('returns to a radius search without force or neighbourhood when the options collapse', () => {
    const force = {
      ...start,
      searchType: 'neighbourhood' as const,
      forceId: 'kent',
      neighbourhoodId: 'n1',
      period: 'all' as const,
    };
    expect(draftReducer(force, { type: 'collapseAdvanced' })).toEqual({
      ...force,
      searchType: 'radius',
      forceId: '',
      neighbourhoodId: '',
    });
  });
});

describe('needsAdvancedOptions', () => {
  it('opens the options for anything but a radius search over the default period', () => {
    expect(needsAdvancedOptions(start)).toBe(false);
    expect(needsAdvancedOptions({ ...start, searchType: 'force' })).toBe(true);
    expect(needsAdvancedOptions({ ...start, period: 'single' })).toBe(true);
  });
});
