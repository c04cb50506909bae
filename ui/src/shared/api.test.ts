import { Type } from 'typebox';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DisableSecondFactor, ListMessages, RetryMessage } from '../../../common/contracts/admin.ts';
import { AdminCheck, AdminLogin, AdminLogout } from '../../../common/contracts/auth.ts';
import { MalformedAnswer } from '../../../common/contracts/checked-answer.ts';
import { endpoint } from '../../../common/contracts/endpoint.ts';
import { GetClientConfig } from '../../../common/contracts/health.ts';
import { ApiError, call, describeApiFailure, endpointUrl } from './api.ts';
import { failureMessage } from './failureMessage.ts';

function respondWith(response: Response) {
  const fetchSpy = vi.fn<typeof fetch>(async () => response);
  vi.stubGlobal('fetch', fetchSpy);
  return fetchSpy;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ApiError', () => {
  it('reads "status: body text"', () => {
    expect(new ApiError(500, 'Internal Server Error', 'database down').message).toBe('500: database down');
  });

  it('falls back to the status text when the body is empty', () => {
    expect(new ApiError(404, 'Not Found', '').message).toBe('404: Not Found');
  });

  it("offers the server error text of the API's error body, and only of that", () => {
    const refusal = '{"success":false,"error":"Invalid credentials","code":"INVALID_CREDENTIALS"}';
    expect(new ApiError(400, 'Bad Request', refusal).serverMessage).toBe('Invalid credentials');
    // Not the API's error body (common/contracts/errors.ts): a proxy's, or another server's.
    expect(new ApiError(400, 'Bad Request', '{"error":"Invalid credentials"}').serverMessage).toBeUndefined();
    expect(new ApiError(400, 'Bad Request', '{"message":"host is required"}').serverMessage).toBeUndefined();
    expect(new ApiError(502, 'Bad Gateway', '<html>').serverMessage).toBeUndefined();
  });

  it("offers the code and the wait of the API's error body", () => {
    const refusal = new ApiError(
      429,
      'Too Many Requests',
      '{"success":false,"error":"Slow down","code":"TOO_MANY_AT_ONCE","retryAfterSeconds":90}',
    );
    expect([refusal.code, refusal.retryAfterSeconds]).toEqual(['TOO_MANY_AT_ONCE', 90]);
    const page = new ApiError(502, 'Bad Gateway', '<html>');
    expect([page.code, page.retryAfterSeconds]).toEqual([undefined, undefined]);
    const odd = new ApiError(400, 'Bad Request', '{"code":7,"retryAfterSeconds":-1}');
    expect([odd.code, odd.retryAfterSeconds]).toEqual([undefined, undefined]);
  });
});

const CONFIG = {
  realtime: { url: null, port: 3001 },
  contact: { email: 'team@example.org' },
  map: { tileUrl: null, tileAttribution: '' },
  alerts: { email: true },
};

describe('call', () => {
  it('sends cookies and resolves to the checked answer', async () => {
    const fetchSpy = respondWith(Response.json({ isAdmin: true, admin: { username: 'ada' } }));
    await expect(call(AdminCheck)).resolves.toEqual({ isAdmin: true, admin: { username: 'ada' } });
    expect(fetchSpy).toHaveBeenCalledWith(
      '/api/admin/check',
      expect.objectContaining({ method: 'GET', credentials: 'include' }),
    );
  });

  it('sends a JSON body with cookies', async () => {
    const fetchSpy = respondWith(Response.json({ success: true, admin: { username: 'a' } }));
    await expect(call(AdminLogin, { body: { username: 'a', password: 'b' } })).resolves.toEqual({
      success: true,
      admin: { username: 'a' },
    });
    const init = fetchSpy.mock.calls[0]?.[1];
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBe('{"username":"a","password":"b"}');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
  });

  it('throws the generic read error on failure, a 401 included', async () => {
    respondWith(new Response('no such force', { status: 404, statusText: 'Not Found' }));
    await expect(call(GetClientConfig)).rejects.toThrow('404: no such force');
    respondWith(new Response('', { status: 401, statusText: 'Unauthorized' }));
    await expect(call(GetClientConfig)).rejects.toThrow('401: Unauthorized');
  });

  it('refuses an answer without a field the contract requires, as one the page could not read', async () => {
    const { contact: _contact, ...withoutContact } = CONFIG;
    respondWith(Response.json(withoutContact));
    const error: unknown = await call(GetClientConfig).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MalformedAnswer);
    expect(describeApiFailure(error)).toBe('The server sent an answer the page could not read.');
    expect(failureMessage(error)).toEqual([{ id: 'errors.unreadable' }]);

    respondWith(Response.json(CONFIG));
    await expect(call(GetClientConfig)).resolves.toEqual(CONFIG);
  });

  it('refuses a field of the wrong kind, and a success status the endpoint does not answer', async () => {
    respondWith(Response.json({ ...CONFIG, realtime: { url: null, port: '3001' } }));
    await expect(call(GetClientConfig)).rejects.toThrow(MalformedAnswer);
    respondWith(Response.json(CONFIG, { status: 201 }));
    await expect(call(GetClientConfig)).rejects.toThrow(MalformedAnswer);
  });

  it('takes an empty answer only from an endpoint whose answer is no body', async () => {
    const Ping = endpoint({ method: 'POST', path: '/api/ping', response: { 204: Type.Void() } });
    respondWith(new Response(null, { status: 204 }));
    await expect(call(Ping)).resolves.toBeUndefined();
    respondWith(new Response(null, { status: 200 }));
    await expect(call(AdminLogout)).rejects.toThrow(MalformedAnswer);
  });

  it('fills path parameters, appends the query and sends the body of a contract', async () => {
    // Only the request matters here: the refusal is caught.
    const fetchSpy = respondWith(new Response('', { status: 404 }));
    await call(RetryMessage, { params: { id: 7 } }).catch(() => undefined);
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
    const error = new ApiError(
      404,
      'Not Found',
      '{"success":false,"error":"Postcode not found","code":"POSTCODE_NOT_FOUND"}',
    );
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
    const error: unknown = await call(GetClientConfig).catch((e: unknown) => e);
    expect(describeApiFailure(error)).toBe('The connection to the server failed.');
  });

  it('says an unreadable answer could not be read', async () => {
    respondWith(new Response('<html>proxy</html>', { status: 200 }));
    const error: unknown = await call(GetClientConfig).catch((e: unknown) => e);
    expect(describeApiFailure(error)).toBe('The server sent an answer the page could not read.');
  });

  it("keeps the page's own messages", () => {
    expect(describeApiFailure(new Error('This link names no area the clock knows.'))).toBe(
      'This link names no area the clock knows.',
    );
  });
});
