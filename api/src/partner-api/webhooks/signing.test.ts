import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateWebhookSecret, signWebhook, webhookHeaders } from './signing.ts';

describe('Standard Webhooks signing', () => {
  // A fixed secret, message and time; the expected value is computed here from the spec's formula.
  const secretBytes = Buffer.from('000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f', 'hex');
  const secret = `whsec_${secretBytes.toString('base64')}`;
  const id = 'msg_p5jXN8AQM9LWM0D4loKWxJek';
  const timestamp = 1614265330;
  const body = '{"type":"data.month_imported","month":"2025-06","dataVersion":"v42"}';

  it('signs "<id>.<timestamp>.<body>" with HMAC-SHA256 keyed by the decoded secret', () => {
    const expected = createHmac('sha256', secretBytes).update(`${id}.${timestamp}.${body}`).digest('base64');
    expect(signWebhook({ id, timestamp, body, secret })).toBe(`v1,${expected}`);
  });

  it('changes with any part of the message', () => {
    const base = signWebhook({ id, timestamp, body, secret });
    expect(signWebhook({ id: `${id}x`, timestamp, body, secret })).not.toBe(base);
    expect(signWebhook({ id, timestamp: timestamp + 1, body, secret })).not.toBe(base);
    expect(signWebhook({ id, timestamp, body: `${body} `, secret })).not.toBe(base);
    expect(signWebhook({ id, timestamp, body, secret: generateWebhookSecret() })).not.toBe(base);
  });

  it('matches the specification example (svix and standardwebhooks test vector)', () => {
    // From the Standard Webhooks reference libraries' tests.
    const specSecret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const specBody = '{"test": 2432232314}';
    expect(
      signWebhook({
        id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
        timestamp: 1614265330,
        body: specBody,
        secret: specSecret,
      }),
    ).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('makes secrets of 32 random bytes in the whsec_ form', () => {
    const made = generateWebhookSecret();
    expect(made).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(made.slice(6), 'base64')).toHaveLength(32);
    expect(generateWebhookSecret()).not.toBe(made);
  });

  it('puts the id, the timestamp in seconds and the signature in the headers', () => {
    const headers = webhookHeaders({ id, timestampSeconds: timestamp, body, secret });
    expect(headers).toEqual({
      'webhook-id': id,
      'webhook-timestamp': '1614265330',
      'webhook-signature': signWebhook({ id, timestamp, body, secret }),
    });
  });
});
