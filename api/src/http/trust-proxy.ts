import type { TrustProxy } from '../../../common/config/config.ts';

/**
 * TRUST_PROXY as Fastify's `trustProxy`. A list of proxy addresses or ranges goes as it is. A hop
 * count becomes proxy-addr's classic rule (trust the n nearest hops): Fastify itself now ignores a
 * bare number, failing closed, because a client that reaches the API directly could then write the
 * address. So a hop count is only right when nothing but the proxies can reach the API's port;
 * the addresses are the stronger setting (docs/security.md).
 */
export function trustProxyOption(
  trustProxy: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trustProxy === 'number') {
    const hops = trustProxy;
    return (_address, hop) => hop < hops;
  }
  return trustProxy;
}
