import type { IntlShape } from 'react-intl';
import { isPublicErrorCode } from '../../../common/contracts/errors.ts';
import type { Locale } from '../../../common/i18n/locale.ts';
import type { MessageId } from '../../../common/i18n/messages.ts';
import { ApiError } from './api.ts';

/** One sentence of a failure, as a message id and its values. */
export interface FailurePart {
  id: MessageId;
  values?: Record<string, number>;
}

/**
 * What went wrong, in message ids rather than words: the API answers in English with a stable
 * `code`, and the page words that code in its own language (common/contracts/errors.ts lists the
 * public codes; each has `errors.code.<CODE>` in every language). A refusal for too many requests
 * adds when to try again. An unknown code, or no answer at all, is worded from what is known.
 */
export function failureMessage(error: unknown): FailurePart[] {
  if (error instanceof ApiError) {
    const { code, retryAfterSeconds } = error;
    if (code && isPublicErrorCode(code)) {
      const parts: FailurePart[] = [{ id: `errors.code.${code}` }];
      if (retryAfterSeconds !== undefined) {
        parts.push({
          id: 'errors.tryAgainIn',
          values: { minutes: Math.max(1, Math.ceil(retryAfterSeconds / 60)) },
        });
      }
      return parts;
    }
    return [
      {
        id: error.status >= 500 ? 'errors.serverFailed' : 'errors.refused',
        values: { status: error.status },
      },
    ];
  }
  if (error instanceof DOMException && error.name === 'AbortError') return [{ id: 'errors.cancelled' }];
  // fetch() rejects with a TypeError when no answer came at all ("Failed to fetch", "Load failed").
  if (error instanceof TypeError) return [{ id: 'errors.network' }];
  // An answer that is not JSON (a proxy's HTML page with status 200), or not the contract's.
  if (error instanceof SyntaxError) return [{ id: 'errors.unreadable' }];
  return [{ id: 'errors.unknown' }];
}

/** A failure in the page's language, for a toast or an alert. */
export function describeFailure(intl: IntlShape, error: unknown): string {
  return failureMessage(error)
    .map(({ id, values }) => intl.formatMessage({ id }, values))
    .join(' ');
}

/**
 * A failure as a page shows it: on an English page the API's own sentence when it has one (it can
 * name the exact place: "BT1 5GS is in Northern Ireland, outside England and Wales"), on a Welsh
 * page the refusal's code in Welsh (the API writes English only).
 */
export function describePageFailure(intl: IntlShape, error: unknown, locale: Locale): string {
  if (locale === 'en' && error instanceof ApiError && error.serverMessage) return error.serverMessage;
  return describeFailure(intl, error);
}
