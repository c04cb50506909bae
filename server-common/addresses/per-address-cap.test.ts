import { describe, expect, it } from 'vitest';
import { perAddressCap } from './per-address-cap.ts';

describe('perAddressCap', () => {
  it('takes places per address group up to the cap, and gives each back once', () => {
    const cap = perAddressCap(2);
    const first = cap.take('2001:db8:1:2::1');
    expect(cap.take('2001:db8:1:2::ffff')).toBeTypeOf('function');
    expect(cap.isFull('2001:db8:1:2:aaaa::9')).toBe(true);
    expect(cap.take('2001:db8:1:2:aaaa::9')).toBeUndefined();
    expect(cap.take('2001:db8:1:3::1')).toBeTypeOf('function');
    expect(cap.groups()).toBe(2);
    first?.();
    first?.();
    expect(cap.of('2001:db8:1:2::77')).toBe(1);
    expect(cap.isFull('2001:db8:1:2::77')).toBe(false);
  });

  it('counts an IPv4-mapped address as its IPv4 address', () => {
    const cap = perAddressCap(1);
    cap.take('192.0.2.1');
    expect(cap.take('::ffff:192.0.2.1')).toBeUndefined();
    expect(cap.of('192.0.2.1')).toBe(1);
  });
});
