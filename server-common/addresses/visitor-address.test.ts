import { describe, expect, it } from 'vitest';
import { trustProxyOption, visitorAddresses } from './visitor-address.ts';

const forwardedFor = (xff?: string) => (xff === undefined ? {} : { 'x-forwarded-for': xff });

describe('visitorAddresses: who the visitor is, on both servers', () => {
  it('is the peer, normalised, unless proxies are trusted', () => {
    expect(visitorAddresses(false).of('::ffff:127.0.0.1', forwardedFor('1.2.3.4'))).toBe('127.0.0.1');
    expect(visitorAddresses(false).of('10.0.0.2', forwardedFor('1.2.3.4'))).toBe('10.0.0.2');
    expect(visitorAddresses(false).of(undefined)).toBe('unknown');
  });

  it('reads X-Forwarded-For from the right, as many hops as trusted', () => {
    expect(visitorAddresses(1).of('10.0.0.2', forwardedFor('forged, 203.0.113.7'))).toBe('203.0.113.7');
    expect(visitorAddresses(2).of('10.0.0.2', forwardedFor('forged, 203.0.113.7, 10.0.0.1'))).toBe(
      '203.0.113.7',
    );
    expect(visitorAddresses(1).of('10.0.0.2')).toBe('10.0.0.2');
  });

  it('skips only the listed proxies and ranges', () => {
    const visitors = visitorAddresses(['10.0.0.0/8']);
    expect(visitors.of('10.0.0.2', forwardedFor('forged, 203.0.113.7, 10.0.0.1'))).toBe('203.0.113.7');
    expect(visitors.of('198.51.100.1', forwardedFor('forged'))).toBe('198.51.100.1');
  });

  it('writes a forwarded IPv4-mapped address as the IPv4 address', () => {
    expect(visitorAddresses(1).of('10.0.0.2', forwardedFor('::FFFF:192.0.2.1'))).toBe('192.0.2.1');
  });

  it('knows the proxies by their addresses; with a hop count any peer may be one', () => {
    const listed = visitorAddresses(['10.0.0.0/8', '::1']);
    expect(listed.isProxy('10.1.2.3')).toBe(true);
    expect(listed.isProxy('::ffff:10.1.2.3')).toBe(true);
    expect(listed.isProxy('::1')).toBe(true);
    expect(listed.isProxy('11.0.0.1')).toBe(false);
    expect(visitorAddresses(false).isProxy('10.1.2.3')).toBe(false);
    expect(visitorAddresses(1).isProxy('203.0.113.7')).toBe(true);
  });
});

describe('trustProxyOption: TRUST_PROXY as Fastify reads it', () => {
  it('passes false and a list on, and makes a hop count proxy-addr’s rule', () => {
    expect(trustProxyOption(false)).toBe(false);
    expect(trustProxyOption(['10.0.0.0/8'])).toEqual(['10.0.0.0/8']);
    const hops = trustProxyOption(2);
    if (typeof hops !== 'function') throw new Error('a hop count is a rule');
    expect([hops('203.0.113.7', 0), hops('203.0.113.7', 1), hops('203.0.113.7', 2)]).toEqual([
      true,
      true,
      false,
    ]);
  });
});
