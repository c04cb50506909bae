import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminSessionAtom, checkAdminSessionAtom, loginAtom, logoutAtom } from './adminSession.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function serve(handler: (url: string) => Response | Error) {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => {
      const result = handler(String(input));
      if (result instanceof Error) throw result;
      return result;
    }),
  );
}

describe('adminSessionAtom transitions', () => {
  it('starts unknown and becomes admin when the check says so', async () => {
    const store = createStore();
    expect(store.get(adminSessionAtom)).toEqual({ status: 'unknown' });
    serve(() => Response.json({ isAdmin: true, admin: { username: 'admin' } }));
    await store.set(checkAdminSessionAtom);
    expect(store.get(adminSessionAtom)).toEqual({ status: 'admin', admin: { username: 'admin' } });
  });

  it('treats a failed check as a visitor', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const store = createStore();
    serve(() => new Response('down', { status: 503 }));
    await store.set(checkAdminSessionAtom);
    expect(store.get(adminSessionAtom)).toEqual({ status: 'visitor' });
  });

  it('becomes admin on a successful login and stays visitor on a failed one', async () => {
    const store = createStore();
    store.set(adminSessionAtom, { status: 'visitor' });
    serve(() => Response.json({ error: 'Invalid credentials' }, { status: 401 }));
    await expect(store.set(loginAtom, { username: 'admin', password: 'bad' })).rejects.toThrow();
    expect(store.get(adminSessionAtom)).toEqual({ status: 'visitor' });

    serve(() => Response.json({ success: true, admin: { username: 'admin' } }));
    await store.set(loginAtom, { username: 'admin', password: 'good' });
    expect(store.get(adminSessionAtom)).toEqual({ status: 'admin', admin: { username: 'admin' } });
  });

  it('clears the admin on logout even when the server call fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const store = createStore();
    store.set(adminSessionAtom, { status: 'admin', admin: { username: 'admin' } });
    serve(() => new TypeError('Failed to fetch'));
    await store.set(logoutAtom);
    expect(store.get(adminSessionAtom)).toEqual({ status: 'visitor' });
  });
});
