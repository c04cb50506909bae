import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { tooManyRequests } from '../security/rate-limit.ts';
import { errorAnswer, notFound } from './errors.ts';

/** A reply that records the headers the answer sets; the request is only logged to. */
function fakes() {
  const headers: Record<string, string> = {};
  const reply = {
    headers: (more: Record<string, string>) => Object.assign(headers, more),
    header: (name: string, value: string) => Object.assign(headers, { [name]: value }),
  } as unknown as FastifyReply;
  const request = { log: { warn: () => {}, error: () => {} } } as unknown as FastifyRequest;
  return { headers, reply, request };
}

describe('errorAnswer', () => {
  it('gives a refusal for too many requests its wait in the body, for a page to word in its language', () => {
    const { headers, reply, request } = fakes();
    const { status, body } = errorAnswer(
      tooManyRequests('TOO_MANY_MESSAGES', 'Too many.', 240),
      request,
      reply,
    );
    expect(status).toBe(429);
    expect(body).toMatchObject({ code: 'TOO_MANY_MESSAGES', retryAfterSeconds: 240 });
    expect(headers['retry-after']).toBe('240');
  });

  it('gives other errors no wait', () => {
    const { reply, request } = fakes();
    const { body } = errorAnswer(notFound('Postcode not found', 'POSTCODE_NOT_FOUND'), request, reply);
    expect(body).toEqual({ success: false, error: 'Postcode not found', code: 'POSTCODE_NOT_FOUND' });
  });
});
