import type { FastifyReply, FastifyRequest } from 'fastify';
import { addressGroup } from './address-group.ts';
import { HttpError } from './errors.ts';
import { perAddressCount } from './per-address-count.ts';

/**
 * At most `perAddress` requests of one kind in flight from one address (on this node), for reads
 * that cost the store far more than they cost the client to ask: a force's map takes ~0.3 s of
 * the database and the API, and one address asking 30 a second (under the proxy's request rate)
 * slowed every other visitor's answers to seconds. Beyond it the request is refused at once with
 * 429 and Retry-After: 1. JavaScript admits one request at a time, so parallel requests cannot
 * all slip under it; the place is given back when the response is finished or its connection
 * closes.
 */
export function createInFlightPerAddress(options: { perAddress: number; what: string }) {
  const held = perAddressCount();

  /** A route's onRequest hook; an IPv6 /64 counts as one address. */
  async function admit(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const group = addressGroup(request.ip);
    if (held.of(group) >= options.perAddress) {
      throw new HttpError(
        429,
        'TOO_MANY_AT_ONCE',
        `At most ${options.perAddress} ${options.what} at once from one address: wait for one to finish.`,
        { 'retry-after': '1' },
      );
    }
    reply.raw.once('close', held.take(group));
  }

  return { admit, held: (address: string) => held.of(addressGroup(address)) };
}
