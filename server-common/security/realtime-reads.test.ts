import { describe, expect, it } from 'vitest';
import { addressHash } from './address-hash.ts';
import { realtimeReadCheck, realtimeReadToken } from './realtime-reads.ts';

const KEY = Buffer.alloc(32, 7);

describe("the realtime server's read token", () => {
  it('is the same for one key, differs between keys and is neither the key nor an address hash', () => {
    const token = realtimeReadToken(KEY);
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(realtimeReadToken(Buffer.alloc(32, 7))).toBe(token);
    expect(realtimeReadToken(Buffer.alloc(32, 8))).not.toBe(token);
    expect(token).not.toBe(KEY.toString('hex'));
    expect(token).not.toBe(addressHash('', KEY));
  });

  it('is accepted only exactly, from one header value', () => {
    const isRealtime = realtimeReadCheck(KEY);
    const token = realtimeReadToken(KEY);
    expect(isRealtime(token)).toBe(true);
    expect(isRealtime(undefined)).toBe(false);
    expect(isRealtime('')).toBe(false);
    expect(isRealtime(token.toUpperCase())).toBe(false);
    expect(isRealtime(`${token} `)).toBe(false);
    expect(isRealtime(token.slice(0, 63))).toBe(false);
    expect(isRealtime([token, token])).toBe(false);
    expect(isRealtime(realtimeReadToken(Buffer.alloc(32, 8)))).toBe(false);
  });
});
