import { atom, type createStore } from 'jotai';
import {
  fetchAdminCheck,
  requestLogin,
  requestLogout,
  type AdminIdentity,
  type LoginCredentials,
} from './adminApi.ts';

export type AdminSessionStatus = 'unknown' | 'admin' | 'visitor';

export interface AdminSession {
  status: AdminSessionStatus;
  /** Present once the server has named the admin (login always does; the session check may not). */
  admin?: AdminIdentity;
}

/** What the browser believes about the session. The server enforces access on its own. */
export const adminSessionAtom = atom<AdminSession>({ status: 'unknown' });

/** The session once the start-up check has answered (at once if it already has). */
export function settledAdminSession(store: ReturnType<typeof createStore>): Promise<AdminSession> {
  return new Promise((resolve) => {
    const settle = () => {
      const session = store.get(adminSessionAtom);
      if (session.status === 'unknown') return false;
      resolve(session);
      return true;
    };
    if (settle()) return;
    const stop = store.sub(adminSessionAtom, () => {
      if (settle()) stop();
    });
  });
}

/** Run once at start-up: a failed check is logged and treated as "not an admin". */
export const checkAdminSessionAtom = atom(null, async (_get, set) => {
  try {
    const { isAdmin, admin } = await fetchAdminCheck();
    set(adminSessionAtom, isAdmin ? { status: 'admin', admin } : { status: 'visitor' });
  } catch (error) {
    console.warn('Admin session check failed', error);
    set(adminSessionAtom, { status: 'visitor' });
  }
});

export const loginAtom = atom(null, async (_get, set, credentials: LoginCredentials) => {
  const admin = await requestLogin(credentials);
  set(adminSessionAtom, { status: 'admin', admin });
  return admin;
});

/** Local admin state is cleared even when the server call fails: the visitor asked to leave. */
export const logoutAtom = atom(null, async (_get, set) => {
  try {
    await requestLogout();
  } catch (error) {
    console.warn('Logout request failed', error);
  } finally {
    set(adminSessionAtom, { status: 'visitor' });
  }
});
