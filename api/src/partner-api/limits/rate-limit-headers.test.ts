import { describe, expect, it } from 'vitest';
import { rateLimitFields } from './rate-limit-headers.ts';

describe('rate limit fields', () => {
  it('states the daily policy and what is left of it, as the draft and X-RateLimit-* spell them', () => {
    expect(
      rateLimitFields({ limit: 1000, remaining: 997, resetAt: 1_752_624_000, retryAfter: 43_200 }),
    ).toEqual({
      'ratelimit-policy': '"daily";q=1000;w=86400',
      ratelimit: '"daily";r=997;t=43200',
      'x-ratelimit-limit': '1000',
      'x-ratelimit-remaining': '997',
      'x-ratelimit-reset': '1752624000',
    });
  });
});
