import { describe, expect, it } from 'vitest';
import { perAddressCount } from './per-address-count.ts';

describe('perAddressCount', () => {
  it('counts what each address holds and forgets an address that holds nothing', () => {
    const count = perAddressCount();
    const first = count.take('203.0.113.7');
    const second = count.take('203.0.113.7');
    count.take('198.51.100.1');
    expect(count.of('203.0.113.7')).toBe(2);
    expect(count.addresses()).toBe(2);
    first();
    expect(count.of('203.0.113.7')).toBe(1);
    second();
    expect(count.of('203.0.113.7')).toBe(0);
    expect(count.addresses()).toBe(1);
  });

  it('gives a place back once however often its release is called', () => {
    const count = perAddressCount();
    const release = count.take('a');
    count.take('a');
    release();
    release();
    expect(count.of('a')).toBe(1);
  });
});
