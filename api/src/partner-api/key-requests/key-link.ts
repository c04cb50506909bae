import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * The link that shows an approved key once. The key is sealed with AES-256-GCM under a key
 * derived from the link's random token, and only the token's hash is stored: the stored row alone
 * cannot open the key, and the token leaves the server only in the partner's mail.
 */

/** 256 random bits, base64url (43 characters): the link's `?token=`. */
export const newLinkToken = () => randomBytes(32).toString('base64url');

/** How the row is found from a presented token (hex SHA-256). */
export const linkTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

function sealingKey(token: string): Buffer {
  return createHash('sha256').update('crime-clock key link\0').update(token).digest();
}

/** iv (12 bytes) | tag (16) | ciphertext, base64url: 108 characters for a 40-character key. */
export function sealKey(apiKey: string, token: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(token), iv);
  const sealed = Buffer.concat([cipher.update(apiKey, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

/** The key, or null when the token does not open the seal. */
export function openKey(sealed: string, token: string): string | null {
  const bytes = Buffer.from(sealed, 'base64url');
  try {
    const decipher = createDecipheriv('aes-256-gcm', sealingKey(token), bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
