import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * What a partner API key looks like: `cck_` followed by 32 random bytes in base64url (256 bits,
 * 43 characters). Only sha256(key) is stored, with the first characters as a visible prefix so
 * admins can tell keys apart; the key itself is shown once, when it is created.
 */
export const API_KEY_PREFIX = 'cck_';
const RANDOM_BYTES = 32;
/** `cck_` plus six characters of the random part. */
export const VISIBLE_PREFIX_LENGTH = API_KEY_PREFIX.length + 6;
const KEY_PATTERN = /^cck_[A-Za-z0-9_-]{43}$/;

export function generateApiKey(): string {
  return API_KEY_PREFIX + randomBytes(RANDOM_BYTES).toString('base64url');
}

/** True when the text could be a key this product issued (cheap test before touching the database). */
export function looksLikeApiKey(text: string): boolean {
  return KEY_PATTERN.test(text);
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

export function visiblePrefixOf(key: string): string {
  return key.slice(0, VISIBLE_PREFIX_LENGTH);
}

/** Constant-time comparison of two sha256 hex digests. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === 32 && right.length === 32 && timingSafeEqual(left, right);
}
