import { isIPv6 } from 'node:net';

/**
 * The unit a per-address limit counts: an IPv4 address, or the /64 an IPv6 address is in (one
 * subscriber's network: a host can take any of its 2^64 addresses, so counting them one by one
 * would give a single client unlimited shares). IPv4-mapped IPv6 counts as the IPv4 address.
 */
export function addressGroup(address: string): string {
  const plain = address.toLowerCase().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
  if (!isIPv6(plain)) return plain;
  return `${expandIPv6(plain).slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, without leading zeros. */
function expandIPv6(address: string): string[] {
  const [head = '', tail] = address.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // A trailing dotted IPv4 part counts as two groups.
  const last = (tail === undefined ? left : right).at(-1) ?? '';
  if (last.includes('.')) {
    const [a, b, c, d] = last.split('.').map(Number) as [number, number, number, number];
    const groups = [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
    (tail === undefined ? left : right).splice(-1, 1, ...groups);
  }
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((g) =>
    (parseInt(g, 16) || 0).toString(16),
  );
}
