import { QueryClient, keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Endpoint, RequestOf } from '../../../common/contracts/endpoint.ts';
import { callEndpoint } from './api.ts';

/**
 * The app's one query cache. Like every read of the product, a failed read is not retried, and
 * nothing is refetched on focus or reconnect: a read happens when a
 * screen mounts, when its key changes and after a change the screen made.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false },
      mutations: { retry: false },
    },
  });
}

/** The cache key of a read: the endpoint's path first, so one invalidation reaches every page of it. */
export function endpointKey<E extends Endpoint>(endpoint: E, request?: RequestOf<E>) {
  return [endpoint.method, endpoint.path, request ?? {}] as const;
}

/** A read of a GET endpoint; the previous page stays on screen while the next one loads. */
export function useEndpointQuery<E extends Endpoint>(endpoint: E, request?: RequestOf<E>) {
  return useQuery({
    queryKey: endpointKey(endpoint, request),
    queryFn: ({ signal }) => callEndpoint(endpoint, request, { signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * A change through an endpoint, as TanStack's mutation object: a screen shows its isPending, error
 * and data rather than copies of its own. Every read of `invalidates` is fetched again once it
 * succeeded; `onError` hears each failure, even one that ends after the screen has gone.
 */
export function useEndpointMutation<E extends Endpoint>(
  endpoint: E,
  invalidates: readonly Endpoint[],
  onError?: (error: Error) => void,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: RequestOf<E>) => callEndpoint(endpoint, request),
    onSuccess: () =>
      Promise.all(
        invalidates.map((read) => client.invalidateQueries({ queryKey: [read.method, read.path] })),
      ),
    ...(onError ? { onError } : {}),
  });
}
