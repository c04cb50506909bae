import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addressHash } from './address-hash.ts';

const KEY = Buffer.alloc(32, 7);

describe('addressHash', () => {
  it('is stable for one key and differs between keys and addresses', () => {
    expect(addressHash('203.0.113.5', KEY)).toBe(addressHash('203.0.113.5', KEY));
    expect(addressHash('203.0.113.5', KEY)).toMatch(/^[0-9a-f]{64}$/);
    expect(addressHash('203.0.113.6', KEY)).not.toBe(addressHash('203.0.113.5', KEY));
    expect(addressHash('203.0.113.5', Buffer.alloc(32, 8))).not.toBe(addressHash('203.0.113.5', KEY));
  });

  it('cannot be recomputed without the key: not a plain hash, nor an HMAC under SECRET_KEY itself', () => {
    const hash = addressHash('203.0.113.5', KEY);
    expect(hash).not.toBe(createHash('sha256').update('203.0.113.5').digest('hex'));
    expect(hash).not.toBe(createHmac('sha256', KEY).update('203.0.113.5').digest('hex'));
  });
});
