import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateApiKey, hashApiKey, looksLikeApiKey, sameHash, visiblePrefixOf } from './key-format.ts';

describe('partner API key format', () => {
  it('is cck_ and 256 random bits in base64url, different every time', () => {
    const keys = Array.from({ length: 200 }, generateApiKey);
    for (const key of keys) {
      expect(key).toMatch(/^cck_[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(key.slice(4), 'base64url')).toHaveLength(32);
      expect(looksLikeApiKey(key)).toBe(true);
    }
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('stores sha256 in hex and shows only the first characters', () => {
    const key = generateApiKey();
    expect(hashApiKey(key)).toBe(createHash('sha256').update(key).digest('hex'));
    expect(visiblePrefixOf(key)).toBe(key.slice(0, 10));
    expect(visiblePrefixOf(key)).toMatch(/^cck_.{6}$/);
  });

  it('refuses text that cannot be a key before any lookup', () => {
    for (const text of [
      '',
      'cck_',
      'abc',
      `cck_${'A'.repeat(42)}`,
      `xyz_${'A'.repeat(43)}`,
      `cck_${'A'.repeat(42)}=`,
    ]) {
      expect(looksLikeApiKey(text)).toBe(false);
    }
  });

  it('compares hashes by their bytes', () => {
    const a = hashApiKey('one');
    expect(sameHash(a, a)).toBe(true);
    expect(sameHash(a, a.toUpperCase())).toBe(true);
    expect(sameHash(a, hashApiKey('two'))).toBe(false);
    expect(sameHash(a, a.slice(0, 62))).toBe(false);
    expect(sameHash(a, 'not hex')).toBe(false);
  });
});
