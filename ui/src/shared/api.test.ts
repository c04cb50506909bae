import { afterEach, describe, expect, it, vi } from 'vitest';
import { DisableSecondFactor, ListMessages, RetryMessage } from '../../../common/contracts/admin.ts';
import { ApiError, apiGet, apiPost, apiUrl, call, describeApiFailure, endpointUrl } from './api.ts';

function respondWith(response: Response) {
  const fetchSpy = vi.fn<typeof fetch>(async () => response);
  vi.stubGlobal('fetch', fetchSpy);
  return fetchSpy;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiUrl', () => {
  it('joins key segments with slashes and encodes the ones after the first', () => {
    expect(apiUrl(['/api/forces', 'metropolitan', 'neighbourhoods'])).toBe(
      '/api/forces/metropolitan/neighbourhoods',
    );
    expect(apiUrl(['/api/admin/api-keys', 42])).toBe('/api/admin/api-keys/42');
    expect(apiUrl(['/api/forces', 'a/b c'])).toBe('/api/forces/a%2Fb%20c');
    expect(apiUrl('/api/health')).toBe('/api/health');
  });
});

describe('ApiError', () => {
  it('reads "status: body text"', () => {
    expect(new ApiError(500, 'Internal Server Error', 'database down').message).toBe('500: database down');
  });

  it('falls back to the status text when the body is empty', () => {
    expect(new ApiError(404, 'Not Found', '').message).toBe('404: Not Found');
  });

  it('offers the server error text of a JSON body', () => {
    expect(new ApiError(400, 'Bad Request', '{"error":"Invalid credentials"}').serverMessage).toBe(
      'Invalid credentials',
    );
    expect(new ApiError(400, 'Bad Request', '{"message":"host is required"}').serverMessage).toBe(
      'host is required',
    );
    expect(new ApiError(502, 'Bad Gateway', '<html>').serverMessage).toBeUndefined();
  });
});

describe('apiGet', () => {
  it('sends cookies and parses the JSON body', async () => {
    const fetchSpy = respondWith(Response.json({ isAdmin: true }));
    await expect(apiGet('/api/admin/check')).resolves.toEqual({ isAdmin: true });
    expect(fetchSpy).toHaveBeenCalledWith(
      '/api/admin/check',
      expect.objectContaining({ credentials: 'include' }),
    );
  });

  it('throws the generic read error on failure', async () => {
    respondWith(new Response('no such force', { status: 404, statusText: 'Not Found' }));
    await expect(apiGet(['/api/forces', 'nowhere'])).rejects.toThrow('404: no such force');
  });

  it('throws on 401 by default and yields null when asked to', async () => {
    respondWith(new Response('', { status: 401, statusText: 'Unauthorized' }));
    await expect(apiGet('/api/smtp/settings')).rejects.toThrow('401: Unauthorized');
    respondWith(new Response('', { status: 401, statusText: 'Unauthorized' }));
    await expect(apiGet('/api/smtp/settings', { on401: 'null' })).resolves.toBeNull();
  });
});

describe('apiPost', () => {
  it('sends a JSON body with cookies', async () => {
    const fetchSpy = respondWith(Response.json({ success: true }));
    await expect(apiPost('/api/admin/login', { username: 'a', password: 'b' })).resolves.toEqual({
      success: true,
    });
    const init = fetchSpy.mock.calls[0]?.[1];
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBe('{"username":"a","password":"b"}');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
  });

  it('resolves to undefined for an empty success body', async () => {
    respondWith(new Response(null, { status: 204 }));
    await expect(apiPost('/api/admin/logout')).resolves.toBeUndefined();
  });
});

describe('call', () => {
  it('fills path parameters, appends the query and sends the body of a contract', async () => {
    const fetchSpy = respondWith(Response.json({ success: true, message: { id: 7 } }));
    await call(RetryMessage, { params: { id: 7 } });
    expect(fetchSpy.mock.calls[0]?.[0]).toBe('/api/admin/messages/7/retry');
    expect(fetchSpy.mock.calls[0]?.[1]?.method).toBe('POST');

    expect(endpointUrl(ListMessages, { query: { limit: 25, offset: 0, status: undefined } })).toBe(
      '/api/admin/messages?limit=25&offset=0',
    );

    const saveSpy = respondWith(Response.json({ success: true }));
    await call(DisableSecondFactor, { body: { code: '123456' } });
    expect(saveSpy.mock.calls[0]?.[1]?.body).toBe('{"code":"123456"}');
  });
});

describe('describeApiFailure', () => {
  it("keeps the API's own error message as it is", () => {
    const error = new ApiError(404, 'Not Found', '{"success":false,"error":"Postcode not found"}');
    expect(describeApiFailure(error)).toBe('Postcode not found');
  });

  it('says in plain words that the server failed, not what its error page said', () => {
    expect(describeApiFailure(new ApiError(500, 'Internal Server Error', '<html>oops</html>'))).toBe(
      'The server did not answer (error 500).',
    );
    expect(describeApiFailure(new ApiError(503, 'Service Unavailable', ''))).toBe(
      'The server did not answer (error 503).',
    );
    expect(describeApiFailure(new ApiError(404, 'Not Found', '<html>no</html>'))).toBe(
      'The server refused the request (error 404).',
    );
  });

  it('says the connection failed when no answer came', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const error: unknown = await apiGet('/api/config').catch((e: unknown) => e);
    expect(describeApiFailure(error)).toBe('The connection to the server failed.');
  });

  it('says an unreadable answer could not be read', async () => {
    respondWith(new Response('<html>proxy</html>', { status: 200 }));
    const error: unknown = await apiGet('/api/config').catch((e: unknown) => e);
    expect(describeApiFailure(error)).toBe('The server sent an answer the page could not read.');
  });

  it("keeps the page's own messages", () => {
    expect(describeApiFailure(new Error('This link names no area the clock knows.'))).toBe(
      'This link names no area the clock knows.',
    );
  });
});
