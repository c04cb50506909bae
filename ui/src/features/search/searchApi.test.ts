import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchPostcodeSuggestions } from './searchApi.ts';

afterEach(() => vi.unstubAllGlobals());

describe('fetchPostcodeSuggestions', () => {
  it('asks for the prefix with the limit and keeps at most that many', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () =>
      Response.json({ status: 200, result: ['SW1A 0AA', 'SW1A 0PW', 'SW1A 1AA'] }),
    );
    vi.stubGlobal('fetch', fetchMock);
    expect(await fetchPostcodeSuggestions('SW1A', 2, new AbortController().signal)).toEqual([
      'SW1A 0AA',
      'SW1A 0PW',
    ]);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/postcodes/autocomplete?q=SW1A&limit=2');
  });

  it('answers no suggestions when the call fails', async () => {
    vi.stubGlobal('fetch', async () => new Response('nope', { status: 500 }));
    expect(await fetchPostcodeSuggestions('SW', 8, new AbortController().signal)).toEqual([]);
    // An answer that is not the contract's (a suggestion that is no text) is no answer.
    vi.stubGlobal('fetch', async () => Response.json({ status: 200, result: ['SW1A 0AA', 7] }));
    expect(await fetchPostcodeSuggestions('SW', 8, new AbortController().signal)).toEqual([]);
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('offline');
    });
    expect(await fetchPostcodeSuggestions('SW', 8, new AbortController().signal)).toEqual([]);
  });
});
