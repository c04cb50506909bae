import { describe, expect, it } from 'vitest';
import { addressGroup, normaliseAddress } from './address-group.ts';

describe('address groups for per-address limits', () => {
  it('counts an IPv4 address as itself, also when written as IPv4-mapped IPv6', () => {
    expect(addressGroup('203.0.113.7')).toBe('203.0.113.7');
    expect(addressGroup('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressGroup('::FFFF:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts every address of one IPv6 /64 as one, however it is written', () => {
    const group = addressGroup('2001:db8:1:2::1');
    expect(group).toBe('2001:db8:1:2::/64');
    for (const same of [
      '2001:db8:1:2:ffff:ffff:ffff:ffff',
      '2001:0db8:0001:0002::abcd',
      '2001:DB8:1:2:0:0:0:9',
    ])
      expect(addressGroup(same)).toBe(group);
    expect(addressGroup('2001:db8:1:3::1')).not.toBe(group);
    expect(addressGroup('::1')).toBe('0:0:0:0::/64');
    expect(addressGroup('2001:db8::192.0.2.1')).toBe('2001:db8:0:0::/64');
  });

  it('keeps what is no address as it is, lower-cased, rather than throwing', () => {
    expect(addressGroup('unknown')).toBe('unknown');
    expect(addressGroup('UNKNOWN')).toBe('unknown');
  });
});

describe('normaliseAddress', () => {
  it('writes an IPv4-mapped address as IPv4 and IPv6 in its one short form', () => {
    expect(normaliseAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(normaliseAddress('::FFFF:203.0.113.7')).toBe('203.0.113.7');
    expect(normaliseAddress('2001:0DB8:0:0:0:0:0:1')).toBe('2001:db8::1');
    expect(normaliseAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(normaliseAddress('Unknown')).toBe('unknown');
  });
});
