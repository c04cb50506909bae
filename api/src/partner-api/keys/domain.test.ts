import { describe, expect, it } from 'vitest';
import { normaliseDomain, originAllowed } from './domain.ts';

describe('key domain', () => {
  it.each([
    ['', null],
    ['   ', null],
    [' Partner.Example.COM ', 'partner.example.com'],
    ['example.com.', 'example.com'],
    ['localhost', 'localhost'],
    ['bücher.de', 'xn--bcher-kva.de'],
  ])('normalises %j to %j', (input, expected) => {
    expect(normaliseDomain(input)).toEqual({ ok: true, domain: expected });
  });

  it('treats an absent domain as none', () => {
    expect(normaliseDomain(null)).toEqual({ ok: true, domain: null });
    expect(normaliseDomain(undefined)).toEqual({ ok: true, domain: null });
  });

  it.each([
    'https://example.com',
    'example.com/path',
    'example.com:8080',
    'user@example.com',
    'exa mple.com',
    '-bad.example.com',
    'bad-.example.com',
    'a..b',
    `${'a'.repeat(64)}.com`,
    'under_score.com',
  ])('refuses %j', (input) => {
    const result = normaliseDomain(input);
    expect(result.ok).toBe(false);
  });

  it('accepts the host and its subdomains on any scheme and port, and calls without Origin', () => {
    expect(originAllowed('example.com', 'https://example.com')).toBe(true);
    expect(originAllowed('example.com', 'http://example.com:8080')).toBe(true);
    expect(originAllowed('example.com', 'https://www.example.com')).toBe(true);
    expect(originAllowed('example.com', 'https://a.b.example.com')).toBe(true);
    expect(originAllowed('example.com', undefined)).toBe(true);
  });

  it('refuses other hosts, look-alikes and opaque origins', () => {
    expect(originAllowed('example.com', 'https://badexample.com')).toBe(false);
    expect(originAllowed('example.com', 'https://example.com.evil.net')).toBe(false);
    expect(originAllowed('www.example.com', 'https://example.com')).toBe(false);
    expect(originAllowed('example.com', 'null')).toBe(false);
    expect(originAllowed('example.com', 'file://example.com')).toBe(false);
    expect(originAllowed('example.com', 'garbage')).toBe(false);
  });

  it('lets a key without a domain be used from anywhere', () => {
    expect(originAllowed(null, 'https://anywhere.example')).toBe(true);
    expect(originAllowed(null, 'null')).toBe(true);
  });
});
