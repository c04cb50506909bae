import proxyaddr from '@fastify/proxy-addr';
import type { TrustProxy } from '../../common/config/config.ts';
import { normaliseAddress } from './address-group.ts';

/** proxy-addr's rule: is the `hop`-th nearest hop (0: the peer), at `address`, a trusted proxy? */
export type TrustsHop = (address: string, hop: number) => boolean;

/**
 * TRUST_PROXY as Fastify's `trustProxy`. A list of proxy addresses or ranges goes as it is. A hop
 * count becomes proxy-addr's classic rule (trust the n nearest hops): Fastify itself now ignores a
 * bare number, failing closed, because a client that reaches the API directly could then write the
 * address. So a hop count is only right when nothing but the proxies can reach the port; the
 * addresses are the stronger setting (docs/security.md).
 */
export function trustProxyOption(trustProxy: TrustProxy): false | string[] | TrustsHop {
  if (typeof trustProxy === 'number') {
    const hops = trustProxy;
    return (_address, hop) => hop < hops;
  }
  return trustProxy;
}

/**
 * Who a visitor is, the one way both servers read it (the API's `request.ip` comes from the same
 * `trustProxyOption`): the connection's peer, or, behind the proxies TRUST_PROXY names, the nearest
 * untrusted hop of X-Forwarded-For counted from the right; its left end is the visitor's to write,
 * never believed. Addresses come back normalised (normaliseAddress).
 */
export function visitorAddresses(trustProxy: TrustProxy) {
  const option = trustProxyOption(trustProxy);
  // proxy-addr takes `false` as "trust everyone" (the left-most address): never pass it on.
  const trusts: TrustsHop =
    option === false ? () => false : typeof option === 'function' ? option : proxyaddr.compile(option);
  return {
    /**
     * Whether a connection's peer is one of the proxies (every visitor comes through them). With a
     * hop count, any peer may be.
     */
    isProxy: (peer: string) => trusts(normaliseAddress(peer), 0),

    /** The visitor's address behind the trusted proxies, from the peer and the request's headers. */
    of(peer: string | undefined, headers: Record<string, string | string[] | undefined> = {}): string {
      const request = { headers, socket: { remoteAddress: peer ?? 'unknown' } };
      return normaliseAddress(proxyaddr(request as never, trusts));
    },
  };
}
