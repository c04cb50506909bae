import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { INTL_LOCALE } from '../../../../common/i18n/locale.ts';
import { MESSAGES } from '../../../../common/i18n/messages.ts';
import { ApiError } from '../../shared/api.ts';
import { loginFailureMessage } from './adminApi.ts';
import { loginFailureText } from './loginFailure.ts';

const intlFor = (locale: 'en' | 'cy') =>
  createIntl({ locale: INTL_LOCALE[locale], messages: MESSAGES[locale] });

/** A refusal as requestLogin rejects with it: the server's sentence, the API's answer as the cause. */
const refused = (status: number, code: string, error: string, more: object = {}) => {
  const answer = new ApiError(status, 'x', JSON.stringify({ success: false, error, code, ...more }));
  return new Error(loginFailureMessage(answer), { cause: answer });
};

describe('loginFailureText', () => {
  it("keeps the server's sentence on an English page", () => {
    expect(
      loginFailureText(intlFor('en'), refused(401, 'INVALID_CREDENTIALS', 'Invalid credentials'), 'en'),
    ).toBe('Invalid credentials');
  });

  it('words the refusal by its code on a Welsh page, never in the English it came with', () => {
    const cy = intlFor('cy');
    expect(loginFailureText(cy, refused(401, 'INVALID_CREDENTIALS', 'Invalid credentials'), 'cy')).toBe(
      MESSAGES.cy['auth.error.INVALID_CREDENTIALS'],
    );
    expect(loginFailureText(cy, refused(401, 'INVALID_CODE', 'That code does not match.'), 'cy')).toBe(
      "Nid yw'r cod hwnnw'n cyfateb.",
    );
    expect(
      loginFailureText(
        cy,
        refused(429, 'TOO_MANY_ATTEMPTS', 'Too many sign-in attempts.', { retryAfterSeconds: 600 }),
        'cy',
      ),
    ).toBe('Bu gormod o ymdrechion i fewngofnodi. Rhowch gynnig arall arni ymhen 10 munud.');
  });

  it('words any other failure as the public pages do', () => {
    const cy = intlFor('cy');
    expect(loginFailureText(cy, refused(403, 'CSRF', 'CSRF token missing'), 'cy')).toBe(
      MESSAGES.cy['errors.code.CSRF'],
    );
    expect(loginFailureText(cy, new Error('x', { cause: new TypeError('Failed to fetch') }), 'cy')).toBe(
      MESSAGES.cy['errors.network'],
    );
  });
});
