import { addressGroup } from './address-group.ts';
import { perAddressCount } from './per-address-count.ts';

/**
 * At most `max` of something open per address group (an IPv4 address, or an IPv6 /64): the
 * connection caps of both servers. Checking and taking happen in one synchronous call, so
 * parallel connections cannot all slip under the cap.
 */
export function perAddressCap(max: number) {
  const open = perAddressCount();
  return {
    /** What the address's group holds now. */
    of: (address: string) => open.of(addressGroup(address)),
    /** True when the address's group holds `max`: one more would be refused. */
    isFull: (address: string) => open.of(addressGroup(address)) >= max,
    /** A place for the address's group, or undefined at the cap; its release gives it back once. */
    take(address: string): (() => void) | undefined {
      const group = addressGroup(address);
      return open.of(group) >= max ? undefined : open.take(group);
    },
    /** Groups holding anything. */
    groups: () => open.addresses(),
  };
}
