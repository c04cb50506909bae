import { describe, expect, it } from 'vitest';
import { areaChoiceIssue, type AreaDraft } from './areaChoice.ts';

const blank: AreaDraft = { mode: 'national', postcode: '', forceId: '', neighbourhoodId: '' };

describe('the clock location card', () => {
  it('names the national clock, or the area chosen', () => {
    expect(areaChoiceIssue(blank)).toBeNull();
    expect(areaChoiceIssue({ ...blank, mode: 'postcode', postcode: 'sw1a 1aa' })).toEqual({
      kind: 'postcode',
      postcode: 'SW1A1AA',
    });
    expect(areaChoiceIssue({ ...blank, mode: 'force', forceId: 'kent' })).toEqual({
      kind: 'force',
      forceId: 'kent',
    });
    expect(
      areaChoiceIssue({ ...blank, mode: 'neighbourhood', forceId: 'kent', neighbourhoodId: 'MW01' }),
    ).toEqual({
      kind: 'neighbourhood',
      forceId: 'kent',
      neighbourhoodId: 'MW01',
    });
  });

  it('says what is missing', () => {
    expect(areaChoiceIssue({ ...blank, mode: 'postcode', postcode: '  ' })).toBe('Enter a postcode.');
    expect(areaChoiceIssue({ ...blank, mode: 'postcode', postcode: 'NOPE' })).toMatch(/valid UK postcode/);
    expect(areaChoiceIssue({ ...blank, mode: 'force' })).toBe('Choose a police force.');
    expect(areaChoiceIssue({ ...blank, mode: 'neighbourhood', forceId: 'kent' })).toMatch(/neighbourhood/);
  });
});
