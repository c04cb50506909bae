import type { IntlShape } from 'react-intl';
import type { Locale } from '../../../../common/i18n/locale.ts';
import type { MessageId } from '../../../../common/i18n/messages.ts';
import { ApiError } from '../../shared/api.ts';
import { describeFailure } from '../../shared/failureMessage.ts';

/** The sign-in refusals the login card words itself: admin codes, which the public list leaves out. */
const SIGN_IN_CODES = [
  'INVALID_CREDENTIALS',
  'SECOND_FACTOR_REQUIRED',
  'INVALID_CODE',
  'TOO_MANY_ATTEMPTS',
  'SIGN_IN_BUSY',
] as const;
type SignInCode = (typeof SIGN_IN_CODES)[number];

const isSignInCode = (code: string | undefined): code is SignInCode =>
  (SIGN_IN_CODES as readonly (string | undefined)[]).includes(code);

/**
 * Why a sign-in failed, in the page's language. An English page keeps the words requestLogin gave
 * (the server's own sentence); the API speaks English only, so a Welsh page words the refusal's code,
 * with the wait when it gives one, and any other failure as the public pages do.
 */
export function loginFailureText(intl: IntlShape, failure: unknown, locale: Locale): string {
  if (locale === 'en') {
    return failure instanceof Error && failure.message
      ? failure.message
      : intl.formatMessage({ id: 'auth.failed' });
  }
  const cause = failure instanceof Error && failure.cause !== undefined ? failure.cause : failure;
  if (cause instanceof ApiError && isSignInCode(cause.code)) {
    const id: MessageId = `auth.error.${cause.code}`;
    const words = [intl.formatMessage({ id })];
    // SIGN_IN_BUSY's own words say the wait ("a few seconds").
    if (cause.code === 'TOO_MANY_ATTEMPTS' && cause.retryAfterSeconds !== undefined) {
      const minutes = Math.max(1, Math.ceil(cause.retryAfterSeconds / 60));
      words.push(intl.formatMessage({ id: 'errors.tryAgainIn' }, { minutes }));
    }
    return words.join(' ');
  }
  return describeFailure(intl, cause);
}
