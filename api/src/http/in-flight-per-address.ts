import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './errors.ts';

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
  const held = new Map<string, number>();

  /** A route's onRequest hook. */
  async function admit(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const address = request.ip;
    const mine = held.get(address) ?? 0;
    if (mine >= options.perAddress) {
      throw new HttpError(
        429,
        'TOO_MANY_AT_ONCE',
        `At most ${options.perAddress} ${options.what} at once from one address: wait for one to finish.`,
        { 'retry-after': '1' },
      );
    }
    held.set(address, mine + 1);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      const left = (held.get(address) ?? 1) - 1;
      if (left > 0) held.set(address, left);
      else held.delete(address);
    };
    reply.raw.once('close', release);
  }

  return { admit, held: (address: string) => held.get(address) ?? 0 };
}
