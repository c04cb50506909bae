import { createHash } from 'node:crypto';

/**
 * The one way a visitor's address is kept: a hash that tells the same address again (to count its
 * messages and sign-in attempts, or to show it in the security log) without storing the address.
 * Every caller goes through here, so making it keyed changes every use at once.
 */
export function hashAddress(address: string): string {
  return createHash('sha256').update('crime-clock outbox sender\0').update(address).digest('hex');
}
