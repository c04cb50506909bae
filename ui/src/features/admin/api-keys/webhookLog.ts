import type { WebhookDeliveryView } from '../../../../../common/contracts/webhooks.ts';

/** The words and badge tone of a delivery's status on the API keys screen. */
export function deliveryStatus(delivery: Pick<WebhookDeliveryView, 'status'>): {
  label: string;
  tone: 'ok' | 'warn' | 'bad' | 'neutral';
} {
  switch (delivery.status) {
    case 'delivered':
      return { label: 'delivered', tone: 'ok' };
    case 'pending':
      return { label: 'retrying', tone: 'warn' };
    case 'failed':
      return { label: 'failed', tone: 'bad' };
    case 'cancelled':
      return { label: 'cancelled', tone: 'neutral' };
  }
}

/** The receiver's answer as a short text: its status code, or why there was none. */
export function responseText(delivery: Pick<WebhookDeliveryView, 'responseCode' | 'lastError' | 'attempts'>) {
  if (delivery.responseCode !== null) return String(delivery.responseCode);
  if (delivery.attempts === 0) return 'not tried yet';
  return delivery.lastError ?? 'no answer';
}
