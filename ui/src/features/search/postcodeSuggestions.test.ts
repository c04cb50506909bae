import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchPostcodeSuggestions } from './postcodeSuggestions.ts';

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

  it('rejects when the call fails, so no failure is kept as "no suggestions"', async () => {
    vi.stubGlobal('fetch', async () => new Response('nope', { status: 500 }));
    await expect(fetchPostcodeSuggestions('SW', 8, new AbortController().signal)).rejects.toThrow();
    // An answer that is not the contract's (a suggestion that is no text) is no answer.
    vi.stubGlobal('fetch', async () => Response.json({ status: 200, result: ['SW1A 0AA', 7] }));
    await expect(fetchPostcodeSuggestions('SW', 8, new AbortController().signal)).rejects.toThrow();
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('offline');
    });
    await expect(fetchPostcodeSuggestions('SW', 8, new AbortController().signal)).rejects.toThrow();
  });
});
