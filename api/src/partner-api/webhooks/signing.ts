import { createHmac, randomBytes } from 'node:crypto';

/**
 * Standard Webhooks signatures (https://www.standardwebhooks.com, "Signature scheme"): the secret
 * is `whsec_` and the base64 of its bytes; a delivery carries `webhook-id`, `webhook-timestamp`
 * (epoch seconds) and `webhook-signature: v1,<base64 of HMAC-SHA256 over "<id>.<timestamp>.<body>"
 * keyed with the secret's bytes>`, so any Standard Webhooks library verifies it.
 */

export const SECRET_PREFIX = 'whsec_';
const SECRET_BYTES = 32;

/** A new signing secret: 32 random bytes. */
export function generateWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString('base64')}`;
}

/** A new `webhook-id`: unique per event, the same on each retry (receivers deduplicate by it). */
export function generateMessageId(): string {
  return `msg_${randomBytes(16).toString('base64url')}`;
}

function secretBytes(secret: string): Buffer {
  if (!secret.startsWith(SECRET_PREFIX)) throw new Error('A webhook secret starts with whsec_.');
  return Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
}

export function signWebhook(input: { id: string; timestamp: number; body: string; secret: string }): string {
  const mac = createHmac('sha256', secretBytes(input.secret))
    .update(`${input.id}.${input.timestamp}.${input.body}`)
    .digest('base64');
  return `v1,${mac}`;
}

/** The three headers of a delivery made at `timestampSeconds`. */
export function webhookHeaders(input: {
  id: string;
  timestampSeconds: number;
  body: string;
  secret: string;
}): Record<string, string> {
  return {
    'webhook-id': input.id,
    'webhook-timestamp': String(input.timestampSeconds),
    'webhook-signature': signWebhook({
      id: input.id,
      timestamp: input.timestampSeconds,
      body: input.body,
      secret: input.secret,
    }),
  };
}
