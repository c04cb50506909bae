import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../shared/api.ts';
import { fetchAdminCheck, loginFailureMessage, requestLogin } from './adminApi.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

function respondWith(response: Response | Error) {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async () => {
      if (response instanceof Error) throw response;
      return response;
    }),
  );
}

describe('loginFailureMessage', () => {
  it('prefers the server error text, else "Invalid credentials"', () => {
    expect(
      loginFailureMessage(
        new ApiError(
          401,
          'Unauthorized',
          '{"success":false,"error":"Account locked","code":"INVALID_CREDENTIALS"}',
        ),
      ),
    ).toBe('Account locked');
    expect(loginFailureMessage(new ApiError(401, 'Unauthorized', ''))).toBe('Invalid credentials');
  });

  it('uses a thrown error message, else "Login failed"', () => {
    expect(loginFailureMessage(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
    expect(loginFailureMessage(new Error(''))).toBe('Login failed');
    expect(loginFailureMessage('weird')).toBe('Login failed');
  });
});

describe('requestLogin', () => {
  it('resolves to the admin the server names', async () => {
    respondWith(Response.json({ success: true, admin: { username: 'admin', email: 'a@example.org' } }));
    await expect(requestLogin({ username: 'admin', password: 'pw' })).resolves.toEqual({
      username: 'admin',
      email: 'a@example.org',
    });
  });

  it("rejects a success that is not the contract's answer as one it could not read", async () => {
    respondWith(Response.json({ success: false, error: 'Wrong password' }));
    await expect(requestLogin({ username: 'admin', password: 'x' })).rejects.toThrow(
      'The server sent an answer the page could not read.',
    );
    respondWith(Response.json({ success: true }));
    await expect(requestLogin({ username: 'admin', password: 'x' })).rejects.toThrow(
      'The server sent an answer the page could not read.',
    );
  });

  it('rejects with the server error text of a failed request', async () => {
    respondWith(Response.json({ error: 'Invalid credentials' }, { status: 401 }));
    await expect(requestLogin({ username: 'admin', password: 'x' })).rejects.toThrow('Invalid credentials');
  });

  it('rejects with the network error message when the request throws', async () => {
    respondWith(new TypeError('Failed to fetch'));
    await expect(requestLogin({ username: 'admin', password: 'x' })).rejects.toThrow('Failed to fetch');
  });
});

describe('fetchAdminCheck', () => {
  it('reports an admin only when the server says isAdmin true', async () => {
    respondWith(Response.json({ isAdmin: true }));
    await expect(fetchAdminCheck()).resolves.toMatchObject({ isAdmin: true });
    respondWith(Response.json({ isAdmin: false }));
    await expect(fetchAdminCheck()).resolves.toMatchObject({ isAdmin: false });
    respondWith(new Response('', { status: 401 }));
    await expect(fetchAdminCheck()).resolves.toMatchObject({ isAdmin: false });
  });
});
