import { describe, expect, it } from 'vitest';
import { areaChoiceIssue, type AreaDraft } from './areaChoice.ts';
import { clockMessage } from './clockIntl.ts';

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

  it('says what is missing, in either language', () => {
    const say = (draft: AreaDraft, locale: 'en' | 'cy' = 'en') => {
      const issue = areaChoiceIssue(draft);
      return typeof issue === 'string' ? clockMessage(locale, issue) : issue;
    };
    expect(say({ ...blank, mode: 'postcode', postcode: '  ' })).toBe('Enter a postcode.');
    expect(say({ ...blank, mode: 'postcode', postcode: '  ' }, 'cy')).toBe('Rhowch god post.');
    expect(say({ ...blank, mode: 'postcode', postcode: 'NOPE' })).toMatch(/valid UK postcode/);
    expect(say({ ...blank, mode: 'force' })).toBe('Choose a police force.');
    expect(say({ ...blank, mode: 'neighbourhood', forceId: 'kent' })).toMatch(/neighbourhood/);
  });
});
