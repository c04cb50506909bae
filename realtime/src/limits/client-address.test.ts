import { describe, expect, it } from 'vitest';
import { clientAddress } from './connection-limits.ts';

const req = (remote: string, xff?: string) => ({
  connection: { remoteAddress: remote },
  headers: xff === undefined ? {} : { 'x-forwarded-for': xff },
});

describe('clientAddress', () => {
  it('uses the connection address unless proxies are trusted', () => {
    expect(clientAddress(req('::ffff:127.0.0.1', '1.2.3.4'))).toBe('127.0.0.1');
    expect(clientAddress(req('10.0.0.2', '1.2.3.4'), false)).toBe('10.0.0.2');
  });

  it('reads X-Forwarded-For from the right, as many hops as trusted', () => {
    expect(clientAddress(req('10.0.0.2', 'forged, 203.0.113.7'), 1)).toBe('203.0.113.7');
    expect(clientAddress(req('10.0.0.2', 'forged, 203.0.113.7, 10.0.0.1'), 2)).toBe('203.0.113.7');
    expect(clientAddress(req('10.0.0.2'), 1)).toBe('10.0.0.2');
  });

  it('skips only the listed proxies and ranges', () => {
    const trusted = ['10.0.0.0/8'];
    expect(clientAddress(req('10.0.0.2', 'forged, 203.0.113.7, 10.0.0.1'), trusted)).toBe('203.0.113.7');
    expect(clientAddress(req('198.51.100.1', 'forged'), trusted)).toBe('198.51.100.1');
  });
});
