import { describe, expect, it } from 'vitest';
import { realtimeUrl } from './realtimeUrl.ts';

const page = { protocol: 'https:', hostname: 'clock.example.org', origin: 'https://clock.example.org' };

describe('realtimeUrl', () => {
  it('uses this host on the realtime port when no public URL is configured', () => {
    expect(realtimeUrl({ realtime: { url: null, port: 3001 } }, page, false)).toBe(
      'https://clock.example.org:3001',
    );
  });

  it('uses the configured public URL', () => {
    expect(realtimeUrl({ realtime: { url: 'wss://live.example.org', port: 3001 } }, page, false)).toBe(
      'wss://live.example.org',
    );
  });

  it('uses the page origin under the development server, which proxies /socket.io', () => {
    expect(realtimeUrl({ realtime: { url: 'wss://live.example.org', port: 3001 } }, page, true)).toBe(
      'https://clock.example.org',
    );
  });

  it('keeps an IPv6 host usable with a port', () => {
    const v6 = { protocol: 'http:', hostname: '[::1]', origin: 'http://[::1]:3000' };
    expect(realtimeUrl({ realtime: { url: null, port: 3001 } }, v6, false)).toBe('http://[::1]:3001');
  });
});
