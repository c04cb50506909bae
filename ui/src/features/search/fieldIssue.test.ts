import { describe, expect, it } from 'vitest';
import { errorOf, fieldOfIssue } from './fieldIssue.ts';

const EMPTY_RANGE = { fromMonth: '', toMonth: '' };

describe('fieldOfIssue', () => {
  it('puts every postcode refusal on the postcode field', () => {
    for (const code of [
      'POSTCODE_REQUIRED',
      'INVALID_POSTCODE',
      'POSTCODE_NOT_FOUND',
      'INVALID_POSTCODE_PREFIX',
    ]) {
      expect(fieldOfIssue(code, EMPTY_RANGE), code).toBe('postcode');
    }
  });

  it('puts force, neighbourhood and month refusals on their own fields', () => {
    expect(fieldOfIssue('FORCE_REQUIRED', EMPTY_RANGE)).toBe('force');
    expect(fieldOfIssue('NEIGHBOURHOOD_REQUIRED', EMPTY_RANGE)).toBe('neighbourhood');
    expect(fieldOfIssue('MONTH_REQUIRED', EMPTY_RANGE)).toBe('singleMonth');
    expect(fieldOfIssue('RANGE_REVERSED', { fromMonth: '2025-09', toMonth: '2025-06' })).toBe('toMonth');
  });

  it('puts an incomplete range on the month still missing', () => {
    expect(fieldOfIssue('RANGE_INCOMPLETE', { fromMonth: '', toMonth: '2025-06' })).toBe('fromMonth');
    expect(fieldOfIssue('RANGE_INCOMPLETE', { fromMonth: '2025-06', toMonth: '' })).toBe('toMonth');
  });

  it('blames no field for a failure that is not about what was typed', () => {
    for (const code of ['INTERNAL', 'SERVICE_UNAVAILABLE', 'TOO_MANY_AT_ONCE', 'NO_DATA']) {
      expect(fieldOfIssue(code, EMPTY_RANGE), code).toBeUndefined();
    }
  });
});

describe('errorOf', () => {
  it('gives the error to its own field only', () => {
    const error = { field: 'force' as const, text: 'Choose a force' };
    expect(errorOf(error, 'force')).toBe(error);
    expect(errorOf(error, 'postcode')).toBeUndefined();
    expect(errorOf(undefined, 'force')).toBeUndefined();
  });
});
