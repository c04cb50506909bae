import { Value } from 'typebox/value';
import {
  endpointUrl,
  type Endpoint,
  type RequestOf,
  type ResponseOf,
} from '../../../common/contracts/endpoint.ts';
import { ErrorBody } from '../../../common/contracts/errors.ts';

/** What the API answered a read: its success body checked against the contract, or its error. */
export type ApiAnswer<E extends Endpoint> =
  | { ok: true; status: number; body: ResponseOf<E> }
  /** `error` is the API's ErrorBody, or undefined when the answer was not one (e.g. a proxy's page). */
  | { ok: false; status: number; error: ErrorBody | undefined };

/** A success answer that does not match the contract's response schema: the API is not trusted. */
export class MalformedAnswer extends Error {}

export interface ApiReaderOptions {
  /** The API's base URL. */
  apiUrl: string;
  fetch?: typeof fetch;
  /**
   * Headers sent with every read, asked for at each read: the realtime server's token
   * (server-common/security/realtime-reads.ts) once the API's key is known.
   */
  headers?: () => Record<string, string>;
}

/**
 * Reads the API through its contracts (common/contracts): the path comes from the endpoint, and a
 * success answer is checked against the endpoint's response schema before anyone uses it, so a
 * wrong or half-deployed API cannot put a malformed definition into the clocks.
 */
export function createApiReader(options: ApiReaderOptions) {
  const doFetch = options.fetch ?? fetch;
  return async function read<E extends Endpoint & { method: 'GET' }>(
    endpoint: E,
    request: RequestOf<E> | undefined,
    timeoutMs: number,
  ): Promise<ApiAnswer<E>> {
    const res = await doFetch(`${options.apiUrl}${endpointUrl(endpoint, request)}`, {
      signal: AbortSignal.timeout(timeoutMs),
      headers: options.headers?.() ?? {},
    });
    const body: unknown = await res.json().catch(() => undefined);
    if (!res.ok) {
      return { ok: false, status: res.status, error: Value.Check(ErrorBody, body) ? body : undefined };
    }
    const schema = endpoint.response[res.status];
    if (!schema) throw new MalformedAnswer(`HTTP ${res.status}, which ${endpoint.path} does not answer`);
    if (!Value.Check(schema, body)) {
      const problems = Value.Errors(schema, body)
        .slice(0, 3)
        .map((e) => `${e.instancePath || '/'} ${e.message}`);
      throw new MalformedAnswer(`malformed answer from ${endpoint.path}: ${problems.join('; ')}`);
    }
    // Checked above against this very schema; TypeScript cannot follow a schema picked by status.
    return { ok: true, status: res.status, body: body as ResponseOf<E> };
  };
}

export type ApiReader = ReturnType<typeof createApiReader>;
