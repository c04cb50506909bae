import { createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * The one way a visitor's network address is kept (throttles, the outbox's sender, logs of
 * security events): HMAC-SHA256 under a key derived from SECRET_KEY. An unkeyed hash of an IPv4
 * address is reversed by hashing all 2^32 addresses; without the key, these cannot be.
 * The key is derived (HKDF) rather than SECRET_KEY itself, which also encrypts stored secrets.
 */

const derivedKeys = new WeakMap<Buffer, Buffer>();

function addressKeyOf(secretKey: Buffer): Buffer {
  let key = derivedKeys.get(secretKey);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secretKey, Buffer.alloc(0), 'crime-clock address hash v1', 32));
    derivedKeys.set(secretKey, key);
  }
  return key;
}

/** The keyed hash of an address, 64 hex characters; equal addresses hash equal under one key. */
export function addressHash(address: string, secretKey: Buffer): string {
  return createHmac('sha256', addressKeyOf(secretKey)).update(address, 'utf8').digest('hex');
}

/**
 * A key for apps built without SECRET_KEY (tests): random per process, so hashes are not
 * comparable between processes. The API server always passes its real key.
 */
export function ephemeralAddressKey(): Buffer {
  return randomBytes(32);
}
