import { hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * How the API tells the realtime server's reads from a visitor's. A visitor's read of an area
 * clock takes one of the address's search places; the realtime server's must not (it reads for
 * every followed area, bounds its own reads, and may share an address with visitors on one host).
 * It proves who it is with a token only a holder of SECRET_KEY (or the API's key file) can make:
 * derived from the key (HKDF, its own label), never the key itself, so the header reveals nothing
 * of the key, and a forged or stale header only makes the read a visitor's.
 */
export const REALTIME_READ_HEADER = 'x-crime-clock-realtime';

const derived = new WeakMap<Buffer, string>();

/** The token of the realtime server's reads under `secretKey`: 64 hex characters. */
export function realtimeReadToken(secretKey: Buffer): string {
  let token = derived.get(secretKey);
  if (!token) {
    const bytes = hkdfSync('sha256', secretKey, Buffer.alloc(0), 'crime-clock realtime reads v1', 32);
    token = Buffer.from(bytes).toString('hex');
    derived.set(secretKey, token);
  }
  return token;
}

/** Whether a request's header value is the realtime server's token under `secretKey`. */
export function realtimeReadCheck(secretKey: Buffer): (header: string | string[] | undefined) => boolean {
  const expected = Buffer.from(realtimeReadToken(secretKey), 'utf8');
  return (header) => {
    if (typeof header !== 'string') return false;
    const given = Buffer.from(header, 'utf8');
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
}
