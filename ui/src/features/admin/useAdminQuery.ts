import { useSetAtom } from 'jotai';
import { useCallback, useEffect } from 'react';
import type { Endpoint, RequestOf, ResponseOf } from '../../../../common/contracts/endpoint.ts';
import { ApiError } from '../../shared/api.ts';
import { useEndpointMutation, useEndpointQuery } from '../../shared/queries.ts';
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
 * A read of the admin API through the app's query cache: made when the page mounts, when the
 * request changes (the previous page stays meanwhile), on `reload`, and after a change made with
 * useAdminMutation; never retried or polled.
 */
export function useAdminQuery<E extends Endpoint>(
  endpoint: E,
  request?: RequestOf<E>,
): Resource<ResponseOf<E>> & { reload: () => void } {
  const query = useEndpointQuery(endpoint, request);
  const onExpiry = useSessionExpiry();
  const { error, refetch } = query;
  useEffect(() => {
    if (error) onExpiry(error);
  }, [error, onExpiry]);
  const reload = useCallback(() => void refetch(), [refetch]);

  if (query.status === 'error' && !query.isFetching) {
    return { status: 'error', message: describeFailure(query.error), reload };
  }
  if (query.status === 'success') return { status: 'ready', data: query.data, reload };
  return { status: 'loading', reload };
}

/**
 * A change through the admin API, as TanStack's mutation object (isPending, error, data, reset:
 * what the screen shows of the request); what `invalidates` lists is read again after it
 * succeeded, and a 401 ends the browser's admin session (useSessionExpiry).
 */
export function useAdminMutation<E extends Endpoint>(endpoint: E, invalidates: readonly Endpoint[]) {
  return useEndpointMutation(endpoint, invalidates, useSessionExpiry());
}
