import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../shared/api.ts';
import { fetchPostcodeSuggestions, searchErrorMessage } from './searchApi.ts';

afterEach(() => vi.unstubAllGlobals());

describe('searchErrorMessage', () => {
  it("shows the server's error text", () => {
    const error = new ApiError(
      404,
      'Not Found',
      JSON.stringify({ success: false, error: 'Postcode not found', code: 'X' }),
    );
    expect(searchErrorMessage(error)).toBe('Postcode not found');
  });

  it('falls back to "HTTP {status}: Failed to fetch crime data" when the body says nothing readable', () => {
    expect(searchErrorMessage(new ApiError(502, 'Bad Gateway', ''))).toBe(
      'HTTP 502: Failed to fetch crime data',
    );
    expect(
      searchErrorMessage(new ApiError(502, 'Bad Gateway', '<html><body>Bad gateway</body></html>')),
    ).toBe('HTTP 502: Failed to fetch crime data');
    expect(searchErrorMessage(new ApiError(503, 'Service Unavailable', 'Try again later'))).toBe(
      'Try again later',
    );
  });

  it('shows the message of a network failure', () => {
    expect(searchErrorMessage(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
  });
});

describe('fetchPostcodeSuggestions', () => {
  it('asks for the prefix with the limit and keeps at most that many', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () =>
      Response.json({ result: ['SW1A 0AA', 'SW1A 0PW', 'SW1A 1AA', 7] }),
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
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('offline');
    });
    expect(await fetchPostcodeSuggestions('SW', 8, new AbortController().signal)).toEqual([]);
  });
});
