import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { PUBLIC_ERROR_CODES } from '../../../common/contracts/errors.ts';
import { INTL_LOCALE } from '../../../common/i18n/locale.ts';
import { MESSAGES } from '../../../common/i18n/messages.ts';
import { ApiError } from './api.ts';
import { describeFailure, describePageFailure, failureMessage } from './failureMessage.ts';

const problem = (status: number, code: string, more: object = {}) =>
  new ApiError(status, 'x', JSON.stringify({ success: false, error: 'English words', code, ...more }));

const intlFor = (locale: 'en' | 'cy') =>
  createIntl({ locale: INTL_LOCALE[locale], messages: MESSAGES[locale] });

describe('failureMessage', () => {
  it('words a public code by its code, never by the server text', () => {
    expect(failureMessage(problem(404, 'POSTCODE_NOT_FOUND'))).toEqual([
      { id: 'errors.code.POSTCODE_NOT_FOUND' },
    ]);
  });

  it('adds when to try again to a refusal for too many requests', () => {
    expect(failureMessage(problem(429, 'TOO_MANY_ALERT_REQUESTS', { retryAfterSeconds: 3600 }))).toEqual([
      { id: 'errors.code.TOO_MANY_ALERT_REQUESTS' },
      { id: 'errors.tryAgainIn', values: { minutes: 60 } },
    ]);
    // A wait under a minute still reads as one minute.
    expect(failureMessage(problem(429, 'TOO_MANY_AT_ONCE', { retryAfterSeconds: 1 }))[1]?.values).toEqual({
      minutes: 1,
    });
  });

  it('falls back to the status for an unknown code or a body that is no problem', () => {
    expect(failureMessage(problem(401, 'API_KEY_MISSING'))).toEqual([
      { id: 'errors.refused', values: { status: 401 } },
    ]);
    expect(failureMessage(new ApiError(502, 'Bad Gateway', '<html>'))).toEqual([
      { id: 'errors.serverFailed', values: { status: 502 } },
    ]);
  });

  it('names failures with no answer', () => {
    expect(failureMessage(new TypeError('Failed to fetch'))).toEqual([{ id: 'errors.network' }]);
    expect(failureMessage(new DOMException('x', 'AbortError'))).toEqual([{ id: 'errors.cancelled' }]);
    expect(failureMessage(new SyntaxError('Unexpected token'))).toEqual([{ id: 'errors.unreadable' }]);
    expect(failureMessage(new Error('boom'))).toEqual([{ id: 'errors.unknown' }]);
  });
});

describe('describeFailure', () => {
  it('says every public code in Welsh on a Welsh page', () => {
    const welsh = intlFor('cy');
    const english = intlFor('en');
    for (const code of PUBLIC_ERROR_CODES) {
      const said = describeFailure(welsh, problem(400, code));
      expect(said, code).not.toBe(describeFailure(english, problem(400, code)));
      expect(said, code).not.toContain('English words');
    }
  });

  it('uses Welsh plural forms for the wait', () => {
    const refused = (seconds: number) => problem(429, 'TOO_MANY_MESSAGES', { retryAfterSeconds: seconds });
    expect(describeFailure(intlFor('cy'), refused(120))).toBe(
      'Rydych wedi anfon sawl neges mewn amser byr. Rhowch gynnig arall arni ymhen 2 funud.',
    );
    expect(describeFailure(intlFor('en'), refused(300))).toBe(
      'You have sent several messages in a short time. Please try again in 5 minutes.',
    );
  });
});

describe('describePageFailure', () => {
  const intlOf = (locale: 'en' | 'cy') =>
    createIntl({ locale: INTL_LOCALE[locale], messages: MESSAGES[locale] });
  const refusal = new ApiError(
    404,
    'Not Found',
    JSON.stringify({ success: false, error: 'BT1 5GS is in Northern Ireland', code: 'POSTCODE_NOT_FOUND' }),
  );

  it("shows the API's own sentence on an English page, the code's Welsh on a Welsh one", () => {
    expect(describePageFailure(intlOf('en'), refusal, 'en')).toBe('BT1 5GS is in Northern Ireland');
    expect(describePageFailure(intlOf('cy'), refusal, 'cy')).toBe(
      MESSAGES.cy['errors.code.POSTCODE_NOT_FOUND'],
    );
  });

  it('words a failure without a sentence of the API by what is known, in either language', () => {
    expect(describePageFailure(intlOf('en'), new TypeError('Failed to fetch'), 'en')).toBe(
      MESSAGES.en['errors.network'],
    );
  });
});
