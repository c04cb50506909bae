import { describe, expect, it } from 'vitest';
import {
  checkCsrf,
  isPageReadRoute,
  isPartnerRoute,
  isTokenRoute,
  originOf,
  type CsrfRequest,
} from './csrf.ts';

const post = (headers: CsrfRequest['headers'], extra: Partial<CsrfRequest> = {}): CsrfRequest => ({
  method: 'POST',
  host: 'crime.example',
  protocol: 'http',
  partnerRoute: false,
  headers: { 'content-type': 'application/json', 'content-length': '2', ...headers },
  ...extra,
});

describe('checkCsrf', () => {
  it('lets reads through untouched', () => {
    const get = {
      method: 'GET',
      host: 'crime.example',
      protocol: 'http',
      partnerRoute: false,
      headers: {},
    } as const;
    expect(checkCsrf(get, [])).toEqual({
      ok: true,
    });
  });

  it('accepts a JSON post from the same host, whatever the scheme the proxy used', () => {
    expect(checkCsrf(post({ origin: 'http://crime.example' }), [])).toEqual({ ok: true });
    expect(checkCsrf(post({ origin: 'https://crime.example' }), [])).toEqual({ ok: true });
    expect(checkCsrf(post({ origin: 'http://localhost' }, { host: 'localhost:80' }), [])).toEqual({
      ok: true,
    });
  });

  it('refuses a post that does not say where it comes from', () => {
    expect(checkCsrf(post({}), [])).toMatchObject({ ok: false, reason: expect.stringMatching(/Origin/) });
    expect(checkCsrf(post({ origin: 'null' }), [])).toMatchObject({ ok: false });
  });

  it('refuses another site, including a look-alike host or another port', () => {
    for (const origin of [
      'https://evil.example',
      'http://crime.example.evil.example',
      'http://crime.example:8080',
    ]) {
      expect(checkCsrf(post({ origin }), [])).toMatchObject({ ok: false });
    }
  });

  it('falls back to the Referer when there is no Origin', () => {
    expect(checkCsrf(post({ referer: 'http://crime.example/admin/smtp-settings' }), [])).toEqual({
      ok: true,
    });
    expect(checkCsrf(post({ referer: 'http://evil.example/page' }), [])).toMatchObject({ ok: false });
  });

  it('accepts configured origins exactly', () => {
    expect(checkCsrf(post({ origin: 'https://www.crime.example' }), ['https://www.crime.example'])).toEqual({
      ok: true,
    });
    expect(
      checkCsrf(post({ origin: 'http://www.crime.example' }), ['https://www.crime.example']),
    ).toMatchObject({
      ok: false,
    });
  });

  it('refuses a form-encoded or text body even from the right origin', () => {
    for (const type of [
      'application/x-www-form-urlencoded',
      'text/plain',
      'multipart/form-data; boundary=x',
    ]) {
      expect(checkCsrf(post({ origin: 'http://crime.example', 'content-type': type }), [])).toMatchObject({
        ok: false,
        reason: expect.stringMatching(/JSON/),
      });
    }
    expect(
      checkCsrf(
        post({ origin: 'http://crime.example', 'content-type': 'application/json; charset=utf-8' }),
        [],
      ),
    ).toEqual({ ok: true });
  });

  it('accepts a post with no body and no content type (logout, revoke)', () => {
    expect(
      checkCsrf(
        {
          method: 'DELETE',
          host: 'crime.example',
          protocol: 'http',
          partnerRoute: false,
          headers: { origin: 'http://crime.example' },
        },
        [],
      ),
    ).toEqual({ ok: true });
    expect(
      checkCsrf(
        {
          method: 'POST',
          host: 'crime.example',
          protocol: 'http',
          partnerRoute: false,
          headers: { origin: 'http://crime.example', 'content-length': '0' },
        },
        [],
      ),
    ).toEqual({ ok: true });
  });

  it('exempts partner calls that carry an API key', () => {
    const partner = post({ 'x-api-key': 'ck_abc', 'content-type': 'text/plain' }, { partnerRoute: true });
    expect(checkCsrf(partner, [])).toEqual({ ok: true });
  });

  it('does not let an API key exempt any other route', () => {
    const admin = post({ 'x-api-key': 'ck_abc', origin: 'https://evil.example' });
    expect(checkCsrf(admin, [])).toMatchObject({ ok: false, reason: expect.stringMatching(/evil/) });
    expect(checkCsrf(post({ 'x-api-key': 'ck_abc' }), [])).toMatchObject({ ok: false });
  });

  it('knows the partner routes by their pattern', () => {
    expect(isPartnerRoute('/api/external/crime-search')).toBe(true);
    expect(isPartnerRoute('/api/admin/api-keys')).toBe(false);
    expect(isPartnerRoute(undefined)).toBe(false);
  });
});

describe('originOf', () => {
  it('normalises and refuses non-web schemes', () => {
    expect(originOf('HTTPS://Crime.Example:443/path')).toBe('https://crime.example');
    expect(originOf('javascript:alert(1)')).toBeNull();
    expect(originOf('not a url')).toBeNull();
  });

  it('lets the one-click unsubscribe route take a form post without Origin: its token is the authority', () => {
    const oneClick = post(
      { 'content-type': 'application/x-www-form-urlencoded', 'content-length': '26' },
      { tokenRoute: isTokenRoute('/api/alerts/unsubscribe') },
    );
    expect(checkCsrf(oneClick, [])).toEqual({ ok: true });
    // Only that route pattern.
    expect(isTokenRoute('/api/alerts/confirm')).toBe(false);
    expect(isTokenRoute('/api/alerts')).toBe(false);
    expect(checkCsrf({ ...oneClick, tokenRoute: isTokenRoute('/api/alerts') }, [])).toMatchObject({
      ok: false,
    });
  });

  describe("a page read (the area clock): a GET only the product's own pages may send from a browser", () => {
    const read = (headers: CsrfRequest['headers']): CsrfRequest => ({
      method: 'GET',
      host: 'crime.example',
      protocol: 'http',
      partnerRoute: false,
      pageReadRoute: isPageReadRoute('/api/area-clock'),
      headers,
    });

    it('knows its routes by their pattern', () => {
      expect(isPageReadRoute('/api/area-clock')).toBe(true);
      expect(isPageReadRoute('/api/police-clock')).toBe(false);
      expect(isPageReadRoute(undefined)).toBe(false);
    });

    it("accepts the product's pages, a typed address and a client that is no browser", () => {
      const referer = 'http://crime.example/police-crime-clock?area=force:kent';
      expect(checkCsrf(read({ 'sec-fetch-site': 'same-origin', referer }), [])).toEqual({ ok: true });
      expect(checkCsrf(read({ origin: 'https://crime.example' }), [])).toEqual({ ok: true });
      expect(checkCsrf(read({ origin: 'http://dev.example:5173' }), ['http://dev.example:5173'])).toEqual({
        ok: true,
      });
      expect(checkCsrf(read({ 'sec-fetch-site': 'none' }), [])).toEqual({ ok: true });
      // The realtime server, a script: nothing says which page, and nothing here can hold them.
      expect(checkCsrf(read({}), [])).toEqual({ ok: true });
    });

    it("refuses another site's page: by its Origin, its Sec-Fetch-Site or its Referer", () => {
      for (const headers of [
        { origin: 'https://evil.example' },
        { origin: 'http://crime.example.evil.example' },
        { origin: 'null' },
        { 'sec-fetch-site': 'cross-site' },
        { 'sec-fetch-site': 'same-site' },
        { 'sec-fetch-site': 'cross-site', referer: 'http://crime.example/' },
        { referer: 'https://evil.example/page' },
      ]) {
        expect(checkCsrf(read(headers), []), JSON.stringify(headers)).toMatchObject({ ok: false });
      }
    });

    it('leaves every other read alone', () => {
      const other = { ...read({ origin: 'https://evil.example' }), pageReadRoute: false };
      expect(checkCsrf(other, [])).toEqual({ ok: true });
    });
  });
});
