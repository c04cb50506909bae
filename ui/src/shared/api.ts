import { checkedAnswer } from '../../../common/contracts/checked-answer.ts';
import {
  endpointUrl,
  type Endpoint,
  type RequestOf,
  type ResponseOf,
} from '../../../common/contracts/endpoint.ts';
import { ErrorBody } from '../../../common/contracts/errors.ts';
import { matchesSchema } from '../../../common/contracts/schema-check.ts';

export { endpointUrl };

/**
 * The one way the UI talks to its own API: through the endpoints of common/contracts. Every call
 * sends the session cookie; a refusal surfaces as an ApiError whose message follows the
 * specification's generic read error: `${status}: ${body text, or the status text when the body
 * is empty}`, and a success answer the page cannot read (no JSON, or not what the contract says)
 * as a SyntaxError.
 */

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly bodyText: string,
  ) {
    super(`${status}: ${bodyText || statusText}`);
  }

  /** The API's JSON error body (common/contracts/errors.ts), when the body is one. */
  get body(): ErrorBody | undefined {
    const body = parseJson(this.bodyText);
    return isErrorBody(body) ? body : undefined;
  }

  /** The `error` of the API's error body, for screens that show the server's words. */
  get serverMessage(): string | undefined {
    return this.body?.error || undefined;
  }

  /** The `code` of the API's error body, the refusal's stable name. */
  get code(): string | undefined {
    return this.body?.code;
  }

  /** A refusal for too many requests: the wait the API's error body names, in seconds. */
  get retryAfterSeconds(): number | undefined {
    return this.body?.retryAfterSeconds;
  }

  /** Something the API offers to try instead (the nearest held postcode of POSTCODE_NOT_HELD). */
  get suggestion(): string | undefined {
    return this.body?.suggestion;
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
  // An answer that is not JSON (a proxy's HTML page with status 200), or not the contract's
  // (MalformedAnswer, common/contracts/checked-answer.ts).
  if (error instanceof SyntaxError) return 'The server sent an answer the page could not read.';
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong.';
}

export interface SendOptions {
  signal?: AbortSignal;
}

/** A request's parts, `{}` or omitted for an endpoint that takes none. */
type CallArgs<E extends Endpoint> =
  object extends RequestOf<E>
    ? [request?: RequestOf<E>, options?: SendOptions]
    : [request: RequestOf<E>, options?: SendOptions];

/**
 * Calls an endpoint of common/contracts: what it sends and what it answers are typed from the same
 * TypeBox schemas the API validates with, so a change on one side fails the other's typecheck,
 * and the answer is checked against the endpoint's response schema before the page sees it.
 */
export function call<E extends Endpoint>(
  endpoint: E,
  ...[request, options = {}]: CallArgs<E>
): Promise<ResponseOf<E>> {
  return callEndpoint(endpoint, request, options);
}

/** `call` for code generic over the endpoint (a query helper), where the request may be absent. */
export async function callEndpoint<E extends Endpoint>(
  endpoint: E,
  request: RequestOf<E> | undefined,
  options: SendOptions = {},
): Promise<ResponseOf<E>> {
  const body =
    typeof request === 'object' && request !== null && 'body' in request ? request.body : undefined;
  const hasBody = body !== undefined;
  const response = await fetch(endpointUrl(endpoint, request), {
    method: endpoint.method,
    credentials: 'include',
    headers: hasBody
      ? { Accept: 'application/json', 'Content-Type': 'application/json' }
      : { Accept: 'application/json' },
    body: hasBody ? JSON.stringify(body) : undefined,
    signal: options.signal,
  });
  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, response.statusText, text);
  // A 204 or an empty 200 carries nothing: it is checked as `undefined`, which only a schema
  // for no body accepts. A body that is no JSON throws SyntaxError, as a malformed one does.
  const answer: unknown = text ? JSON.parse(text) : undefined;
  return checkedAnswer(endpoint, response.status, answer, matchesSchema);
}

// The check realtime makes with TypeBox's Value.Check (api-reader.ts), with the page's checker.
const isErrorBody = (value: unknown): value is ErrorBody => matchesSchema(ErrorBody, value);

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
