import type { MessageId } from '../../../../common/i18n/messages.ts';
import { ApiError } from '../../shared/api.ts';

/**
 * The message (alerts.json) for a failed alerts call, in the page's language: the alerts routes'
 * refusals by their `code`, then what kind of failure it was. The server words its refusals in
 * English only (the partner API reads them too), so the page words them itself.
 */
const BY_CODE: Record<string, MessageId> = {
  INVALID_EMAIL: 'alerts.error.email',
  INVALID_AREA: 'alerts.error.area',
  INVALID_CATEGORIES: 'alerts.error.categories',
  TOO_MANY_ALERT_REQUESTS: 'alerts.error.tooMany',
  UNKNOWN_TOKEN: 'alerts.error.unknownToken',
  EMAIL_UNAVAILABLE: 'alerts.error.unavailable',
  AREA_NOT_PUBLISHED: 'alerts.error.silent',
};

export function alertFailureMessage(error: unknown): MessageId {
  if (error instanceof ApiError) {
    const known = BY_CODE[error.code ?? ''];
    if (known) return known;
    if (error.status === 429) return 'alerts.error.tooMany';
    if (error.status >= 500) return 'alerts.error.server';
    return 'alerts.error.other';
  }
  // fetch() rejects with a TypeError when no answer came at all.
  if (error instanceof TypeError) return 'alerts.error.network';
  return 'alerts.error.other';
}
