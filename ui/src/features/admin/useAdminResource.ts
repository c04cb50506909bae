import { useSetAtom } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { ApiError, apiGet, apiUrl, type ApiKey } from '../../shared/api.ts';
import { adminSessionAtom } from '../auth/adminSession.ts';

export type Resource<T> =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: T };

/** A failure in words an admin can act on. */
export function describeFailure(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return 'Your admin session has ended. Please log in again.';
    return error.serverMessage ?? error.message;
  }
  if (error instanceof TypeError) return 'Could not reach the server. Check the connection and try again.';
  return error instanceof Error && error.message ? error.message : 'Something went wrong.';
}

/**
 * The server is the judge of who is an admin: when it answers 401 (the session expired, or was
 * signed out elsewhere), the browser stops believing it is signed in, and the admin layout shows
 * Access Denied with its way back.
 */
export function useSessionExpiry(): (error: unknown) => void {
  const setSession = useSetAtom(adminSessionAtom);
  return useCallback(
    (error: unknown) => {
      if (error instanceof ApiError && error.status === 401) setSession({ status: 'visitor' });
    },
    [setSession],
  );
}

/**
 * One read of the admin API, made when the page mounts (and again on `reload`). Like every read of
 * the product it is not retried, polled or refetched on focus (specification section 7).
 */
export function useAdminResource<T>(key: ApiKey): Resource<T> & { reload: () => void } {
  const url = apiUrl(key);
  const [state, setState] = useState<Resource<T>>({ status: 'loading' });
  const [generation, setGeneration] = useState(0);
  const onExpiry = useSessionExpiry();

  useEffect(() => {
    const controller = new AbortController();
    setState((previous) => (previous.status === 'ready' ? previous : { status: 'loading' }));
    apiGet<T>(url, { signal: controller.signal }).then(
      (data) => setState({ status: 'ready', data }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        onExpiry(error);
        setState({ status: 'error', message: describeFailure(error) });
      },
    );
    return () => controller.abort();
  }, [url, generation, onExpiry]);

  const reload = useCallback(() => setGeneration((n) => n + 1), []);
  return { ...state, reload };
}
