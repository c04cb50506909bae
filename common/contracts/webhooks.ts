import { Type, type Static } from 'typebox';
import { endpoint } from './endpoint.ts';
import { Nullable } from './errors.ts';
import { YearMonth } from './month.ts';

/**
 * Partner webhooks (api/src/partner-api/webhooks/): one URL per API key, told of each newly
 * imported month by a POST signed as Standard Webhooks sign (https://www.standardwebhooks.com).
 */

/** The longest URL a webhook may have (the column holds it; longer URLs are refused with 400). */
export const WEBHOOK_URL_MAX_LENGTH = 2048;

export const WebhookRegistration = Type.Object({
  url: Type.String({
    description: `Where the deliveries go: an https URL of a public host, without credentials, at most ${WEBHOOK_URL_MAX_LENGTH} characters.`,
    // Checked by the service, which names the field; the schema only bounds the work.
    maxLength: 4096,
  }),
});
export type WebhookRegistration = Static<typeof WebhookRegistration>;

export const RegisteredWebhook = Type.Object(
  {
    url: Type.String(),
    secret: Type.String({
      description:
        'The signing secret, shown this once: `whsec_` and the base64 of 32 random bytes. Verify each delivery with it (Standard Webhooks).',
    }),
  },
  { title: 'RegisteredWebhook' },
);
export type RegisteredWebhook = Static<typeof RegisteredWebhook>;

/** The body of a delivery when a month has been imported. */
export const MonthImportedEvent = Type.Object(
  {
    type: Type.Literal('data.month_imported'),
    month: YearMonth(),
    dataVersion: Type.String(),
  },
  { title: 'MonthImportedEvent' },
);
export type MonthImportedEvent = Static<typeof MonthImportedEvent>;

/** PUT: registers (or replaces) the key's webhook; a new secret each time. */
export const PutWebhook = endpoint({
  method: 'PUT',
  path: '/api/external/webhook',
  body: WebhookRegistration,
  response: { 200: RegisteredWebhook },
});

/** DELETE: removes the key's webhook; deliveries not yet made are cancelled. */
export const DeleteWebhook = endpoint({
  method: 'DELETE',
  path: '/api/external/webhook',
  response: { 200: Type.Object({ success: Type.Literal(true), removed: Type.Boolean() }) },
});

export const WebhookDeliveryStatus = Type.Union([
  Type.Literal('pending'),
  Type.Literal('delivered'),
  Type.Literal('failed'),
  Type.Literal('cancelled'),
]);
export type WebhookDeliveryStatus = Static<typeof WebhookDeliveryStatus>;

export const WebhookDeliveryView = Type.Object({
  id: Type.Integer(),
  /** The `webhook-id` the receiver saw. */
  messageId: Type.String(),
  type: Type.String(),
  status: WebhookDeliveryStatus,
  attempts: Type.Integer(),
  /** The HTTP status of the last attempt; null when it got no answer (refused, timed out). */
  responseCode: Nullable(Type.Integer()),
  lastError: Nullable(Type.String()),
  createdAt: Type.String(),
  lastAttemptAt: Nullable(Type.String()),
  nextAttemptAt: Nullable(Type.String()),
});
export type WebhookDeliveryView = Static<typeof WebhookDeliveryView>;

export const WEBHOOK_DELIVERIES_SHOWN = 20;

/** Admin: the key's webhook URL (if any) and its last deliveries, newest first. */
export const ListWebhookDeliveries = endpoint({
  method: 'GET',
  path: '/api/admin/api-keys/:id/webhook',
  params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) }),
  response: {
    200: Type.Object({
      url: Nullable(Type.String()),
      deliveries: Type.Array(WebhookDeliveryView),
    }),
  },
});
