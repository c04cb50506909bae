import {
  ConfirmAlert,
  SubscribeToAlerts,
  UnsubscribeFromAlerts,
  type SubscribeToAlertsBody,
} from '../../../../common/contracts/alerts.ts';
import { call } from '../../shared/api.ts';

export const subscribeToAlerts = (body: SubscribeToAlertsBody) => call(SubscribeToAlerts, { body });
export const confirmAlert = (token: string) => call(ConfirmAlert, { body: { token } });
export const unsubscribeFromAlerts = (token: string) => call(UnsubscribeFromAlerts, { query: { token } });

/** The token of a confirmation or unsubscribe link (`?token=`), kept as the mail wrote it. */
export function validateTokenSearch(raw: Record<string, unknown>): { token?: string } {
  const token = raw.token;
  return typeof token === 'string' && /^[A-Za-z0-9_-]{1,100}$/.test(token) ? { token } : {};
}
