import { Value } from 'typebox/value';
import {
  endpointUrl,
  type Endpoint,
  type RequestOf,
  type ResponseOf,
} from '../../../common/contracts/endpoint.ts';
import { ErrorBody } from '../../../common/contracts/errors.ts';
import {
  checkedAnswer,
  MalformedAnswer,
  type ExplainProblems,
  type SchemaCheck,
} from '../../../common/contracts/checked-answer.ts';

/** What the API answered a read: its success body checked against the contract, or its error. */
export type ApiAnswer<E extends Endpoint> =
  | { ok: true; status: number; body: ResponseOf<E> }
  /** `error` is the API's ErrorBody, or undefined when the answer was not one (e.g. a proxy's page). */
  | { ok: false; status: number; error: ErrorBody | undefined };

/**
 * A success answer the contract does not take, with its body as it came (undefined when no JSON),
 * for a caller that must tell another version of the API from something else answering.
 */
export class MalformedApiAnswer extends MalformedAnswer {
  constructor(
    message: string,
    readonly body: unknown,
  ) {
    super(message);
  }
}

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
 * success answer is checked against the endpoint's response schema before anyone uses it
 * (checkedAnswer; MalformedApiAnswer, a MalformedAnswer, when it fails), so a wrong or
 * half-deployed API cannot put a malformed definition into the clocks.
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
    try {
      return {
        ok: true,
        status: res.status,
        body: checkedAnswer(endpoint, res.status, body, check, explain),
      };
    } catch (error) {
      throw error instanceof MalformedAnswer ? new MalformedApiAnswer(error.message, body) : error;
    }
  };
}

const check: SchemaCheck = (schema, value) => Value.Check(schema, value);

const explain: ExplainProblems = (schema, value) =>
  Value.Errors(schema, value)
    .slice(0, 3)
    .map((e) => `${e.instancePath || '/'} ${e.message}`);

export type ApiReader = ReturnType<typeof createApiReader>;
