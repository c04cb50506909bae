import ipaddr from 'ipaddr.js';

/**
 * A peer's address as both servers count and log it: an IPv4-mapped IPv6 address (how a
 * dual-stack socket reports an IPv4 peer) as the IPv4 address, IPv6 in its one short form;
 * anything that is no address (e.g. 'unknown') lower-cased as it is.
 */
export function normaliseAddress(address: string): string {
  if (!ipaddr.isValid(address)) return address.toLowerCase();
  return ipaddr.process(address).toString();
}

/**
 * The unit a per-address limit counts, on the API and the realtime server alike: an IPv4 address,
 * or the /64 an IPv6 address is in (one subscriber's network: a host can take any of its 2^64
 * addresses, so counting them one by one would give a single client unlimited shares).
 * IPv4-mapped IPv6 counts as the IPv4 address.
 */
export function addressGroup(address: string): string {
  if (!ipaddr.isValid(address)) return address.toLowerCase();
  const parsed = ipaddr.process(address);
  if (!(parsed instanceof ipaddr.IPv6)) return parsed.toString();
  return `${parsed.parts
    .slice(0, 4)
    .map((part) => part.toString(16))
    .join(':')}::/64`;
}
