import {
  endpointUrl,
  type Endpoint,
  type RequestOf,
  type ResponseOf,
} from '../../../common/contracts/endpoint.ts';

export { endpointUrl };

/**
 * The one way the UI talks to its own API. Every call sends the session cookie, and every failure
 * surfaces as an ApiError whose message follows the specification's generic read error:
 * `${status}: ${body text, or the status text when the body is empty}`.
 */

export type ApiKey = string | readonly (string | number)[];

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly bodyText: string,
  ) {
    super(`${status}: ${bodyText || statusText}`);
  }

  /** The `error` (or else `message`) field of a JSON error body, for screens that show the server's words. */
  get serverMessage(): string | undefined {
    const body = parseJson(this.bodyText);
    if (body && typeof body === 'object') {
      const { error, message } = body as { error?: unknown; message?: unknown };
      if (typeof error === 'string' && error) return error;
      if (typeof message === 'string' && message) return message;
    }
    return undefined;
  }
}

/**
 * A failed call in words a visitor can read: the server's own message when its body is the API's
 * JSON error (`{ error: '…' }`), else what went wrong in plain English. The raw status line and
 * body (an HTML error page, "Failed to fetch") are for logs, not for screens.
 */
export function describeApiFailure(error: unknown): string {
  if (error instanceof ApiError) {
    const server = error.serverMessage;
    if (server) return server;
    if (error.status >= 500) return `The server did not answer (error ${error.status}).`;
    return `The server refused the request (error ${error.status}).`;
  }
  if (error instanceof DOMException && error.name === 'AbortError') return 'The request was cancelled.';
  // fetch() rejects with a TypeError when no answer came at all ("Failed to fetch", "Load failed").
  if (error instanceof TypeError) return 'The connection to the server failed.';
  // An answer that is not JSON, e.g. a proxy's HTML page with status 200.
  if (error instanceof SyntaxError) return 'The server sent an answer the page could not read.';
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong.';
}

/** Joins a key's segments with slashes; segments after the first are path-encoded. */
export function apiUrl(key: ApiKey): string {
  if (typeof key === 'string') return key;
  return key.map((segment, index) => (index === 0 ? String(segment) : encodeURIComponent(segment))).join('/');
}

export interface GetOptions {
  /** By default a 401 throws like any other failure; 'null' lets a screen treat it as "no data". */
  on401?: 'throw' | 'null';
  signal?: AbortSignal;
}

export async function apiGet<T>(key: ApiKey, options: GetOptions & { on401: 'null' }): Promise<T | null>;
export async function apiGet<T>(key: ApiKey, options?: GetOptions): Promise<T>;
export async function apiGet<T>(key: ApiKey, options: GetOptions = {}): Promise<T | null> {
  const response = await fetch(apiUrl(key), {
    method: 'GET',
    credentials: 'include',
    headers: { Accept: 'application/json' },
    signal: options.signal,
  });
  if (response.status === 401 && options.on401 === 'null') return null;
  return readJson<T>(response);
}

export interface SendOptions {
  signal?: AbortSignal;
}

export function apiPost<T>(key: ApiKey, body?: unknown, options: SendOptions = {}): Promise<T> {
  return send<T>('POST', key, body, options);
}

export function apiDelete<T>(key: ApiKey, options: SendOptions = {}): Promise<T> {
  return send<T>('DELETE', key, undefined, options);
}

async function send<T>(method: string, key: ApiKey, body: unknown, options: SendOptions): Promise<T> {
  const hasBody = body !== undefined;
  const response = await fetch(apiUrl(key), {
    method,
    credentials: 'include',
    headers: hasBody
      ? { Accept: 'application/json', 'Content-Type': 'application/json' }
      : { Accept: 'application/json' },
    body: hasBody ? JSON.stringify(body) : undefined,
    signal: options.signal,
  });
  return readJson<T>(response);
}

/** A request's parts, `{}` or omitted for an endpoint that takes none. */
type CallArgs<E extends Endpoint> =
  object extends RequestOf<E>
    ? [request?: RequestOf<E>, options?: SendOptions]
    : [request: RequestOf<E>, options?: SendOptions];

/**
 * Calls an endpoint of common/contracts: what it sends and what it answers are typed from the same
 * TypeBox schemas the API validates with, so a change on one side fails the other's typecheck.
 */
export function call<E extends Endpoint>(
  endpoint: E,
  ...[request, options = {}]: CallArgs<E>
): Promise<ResponseOf<E>> {
  return callEndpoint(endpoint, request, options);
}

/** `call` for code generic over the endpoint (a query helper), where the request may be absent. */
export function callEndpoint<E extends Endpoint>(
  endpoint: E,
  request: RequestOf<E> | undefined,
  options: SendOptions = {},
): Promise<ResponseOf<E>> {
  const url = endpointUrl(endpoint, request);
  if (endpoint.method === 'GET') return apiGet<ResponseOf<E>>(url, options);
  const body = (request as { body?: unknown } | undefined)?.body;
  return send<ResponseOf<E>>(endpoint.method, url, body, options);
}

async function readJson<T>(response: Response): Promise<T> {
  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, response.statusText, text);
  // A 204 or an empty 200 carries nothing to parse; callers that expect no body type T as void.
  if (!text) return undefined as T;
  return JSON.parse(text) as T;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
