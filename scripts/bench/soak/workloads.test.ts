import { describe, expect, it } from 'vitest';
import { validateSearchCriteria } from '../../../common/search/request.ts';
import { parsePeriod } from '../../../common/search/period.ts';
import type { SearchRequestBody } from '../../../common/search/types.ts';
import { Rng } from '../../data-sample/random.ts';
import { CookieJar } from './http-client.ts';
import {
  ADMIN_ROUND,
  adminRequest,
  assetsOf,
  drawAutocomplete,
  drawPartnerSearch,
  drawPeriod,
  drawSearch,
  limitedKeyAllowance,
  type StorePlaces,
} from './workloads.ts';

const places: StorePlaces = {
  postcodes: ['SW1A 1AA', 'M1 1AA', 'B33 8TH'],
  forces: ['metropolitan', 'west-midlands'],
  neighbourhoods: [{ forceId: 'metropolitan', id: 'E05000644' }],
  months: ['2025-09', '2025-08', '2025-07', '2025-06', '2025-05', '2025-04'],
};

describe('the soak requests', () => {
  it('draws searches the API accepts, of every kind, with valid periods', () => {
    const rng = new Rng(1);
    const kinds = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const plan = drawSearch(rng, places);
      const body = plan.body as SearchRequestBody;
      kinds.add(body.searchType!);
      expect(plan).toMatchObject({ method: 'POST', path: '/api/crimes/search' });
      expect(plan.route).toBe(`POST /api/crimes/search (${body.searchType})`);
      expect(validateSearchCriteria({ ...body, searchType: body.searchType! })).toBeNull();
      expect(parsePeriod(body.startMonth, body.endMonth).ok).toBe(true);
      if (body.endMonth) expect(body.startMonth! <= body.endMonth).toBe(true);
    }
    expect(kinds).toEqual(new Set(['radius', 'force', 'neighbourhood']));
  });

  it('is deterministic for a seed, and draws presets when no month is known', () => {
    const a = Array.from({ length: 20 }, (_, i) => drawSearch(new Rng(i), places));
    const b = Array.from({ length: 20 }, (_, i) => drawSearch(new Rng(i), places));
    expect(a).toEqual(b);
    const rng = new Rng(7);
    for (let i = 0; i < 50; i++) expect(drawPeriod(rng, []).kind).toBe('preset');
    expect(() => drawSearch(rng, { postcodes: [], forces: [], neighbourhoods: [], months: [] })).toThrow();
  });

  it('types 2 to 5 characters of a known postcode, and sends partners postcode searches', () => {
    const rng = new Rng(3);
    for (let i = 0; i < 100; i++) {
      const q = decodeURIComponent(drawAutocomplete(rng, places).path.split('q=')[1]!);
      expect(q.length).toBeGreaterThanOrEqual(2);
      expect(q.length).toBeLessThanOrEqual(5);
      expect(places.postcodes.some((p) => p.replace(' ', '').startsWith(q))).toBe(true);
      const partner = drawPartnerSearch(rng, places);
      expect(places.postcodes).toContain(partner.postcode);
      expect(parsePeriod(partner.startMonth, partner.endMonth).ok).toBe(true);
    }
  });

  it('walks the admin round, revoking only a key it created', () => {
    expect(ADMIN_ROUND).toContain('smtp-save');
    for (const [n, step] of ADMIN_ROUND.entries()) {
      const plan = adminRequest(step, n, 42);
      expect(plan).toBeDefined();
      expect(plan!.path.startsWith('/api/')).toBe(true);
    }
    expect(adminRequest('key-revoke', 0, undefined)).toBeUndefined();
    expect(adminRequest('key-revoke', 0, 42)).toMatchObject({
      method: 'DELETE',
      path: '/api/admin/api-keys/42',
    });
    expect(adminRequest('smtp-save', 3, undefined)!.body).toMatchObject({ port: 465, secure: true });
  });

  it('finds the assets of a page and sizes the limited key below its share of calls', () => {
    const html =
      '<script type="module" crossorigin src="/assets/index-AbC.js"></script><link rel="stylesheet" href="/assets/index-x.css"><link rel="icon" href="/favicon.svg"><script src="/assets/index-AbC.js"></script>';
    expect(assetsOf(html)).toEqual(['/assets/index-AbC.js', '/assets/index-x.css']);
    expect(limitedKeyAllowance(600)).toBe(150);
    expect(limitedKeyAllowance(3)).toBe(5);
  });
});

describe('cookie jar', () => {
  it('keeps the session cookie and drops it when the server clears it', () => {
    const jar = new CookieJar();
    expect(jar.header()).toBeUndefined();
    jar.take({ 'set-cookie': ['cc_session=abc; Path=/; HttpOnly; SameSite=Strict', 'other=1; Path=/'] });
    expect(jar.header()).toBe('cc_session=abc; other=1');
    jar.take({ 'set-cookie': ['cc_session=; Max-Age=0; Path=/'] });
    jar.take({ 'set-cookie': ['other=; Expires=Thu, 01 Jan 1970 00:00:00 GMT'] });
    expect(jar.header()).toBeUndefined();
  });
});
