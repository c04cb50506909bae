import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../../common/i18n/messages.ts';
import { ApiError } from '../../shared/api.ts';
import { failureMessage } from '../../shared/failureMessage.ts';
import { failureWords } from './clockWords.ts';

const { en, cy } = MESSAGES;
const refusal = (status: number, code: string, more: object = {}) =>
  new ApiError(status, 'x', JSON.stringify({ success: false, error: 'English words', code, ...more }));

describe('a failure in the words the embed carries', () => {
  it('words the clocks’ refusals by their code, in Welsh and in English', () => {
    for (const code of ['NO_POLICE_DATA', 'NO_DATA', 'NEIGHBOURHOOD_NOT_FOUND', 'POSTCODE_NOT_FOUND']) {
      const parts = failureMessage(refusal(404, code));
      expect(failureWords(parts, 'cy'), code).toBe(cy[`errors.code.${code}` as keyof typeof cy]);
      expect(failureWords(parts, 'en'), code).toBe(en[`errors.code.${code}` as keyof typeof en]);
    }
    expect(failureWords([{ id: 'errors.code.INVALID_AREA' }], 'cy')).toBe(cy['errors.code.INVALID_AREA']);
  });

  it('says when to try again with the Welsh plural', () => {
    const parts = failureMessage(refusal(429, 'TOO_MANY_AT_ONCE', { retryAfterSeconds: 120 }));
    expect(failureWords(parts, 'cy')).toBe(
      `${cy['errors.code.TOO_MANY_AT_ONCE']} Rhowch gynnig arall arni ymhen 2 funud.`,
    );
    expect(failureWords(parts, 'en')).toBe(
      `${en['errors.code.TOO_MANY_AT_ONCE']} Please try again in 2 minutes.`,
    );
  });

  it('words a failure without a code: no answer, an unreadable one, a bare status', () => {
    expect(failureWords(failureMessage(new TypeError('Failed to fetch')), 'cy')).toBe(cy['errors.network']);
    expect(failureWords(failureMessage(new SyntaxError('bad JSON')), 'cy')).toBe(cy['errors.unreadable']);
    expect(failureWords(failureMessage(new ApiError(502, 'Bad Gateway', '<html>')), 'cy')).toBe(
      'Ni atebodd y gweinydd (gwall 502).',
    );
  });

  it('says "something went wrong" for a code no clock answers with, never its id', () => {
    const parts = failureMessage(refusal(400, 'INVALID_EMAIL'));
    expect(parts).toEqual([{ id: 'errors.code.INVALID_EMAIL' }]);
    expect(failureWords(parts, 'cy')).toBe(cy['errors.unknown']);
  });
});
