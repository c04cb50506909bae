import type { Static, TSchema } from 'typebox';

/** What a request to an endpoint is: its method and path, and the schemas of its parts. */
export interface EndpointRequest {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly path: string;
  readonly params?: TSchema;
  readonly querystring?: TSchema;
  readonly body?: TSchema;
}

/**
 * One HTTP endpoint as both sides see it: the Fastify route validates and documents with these
 * schemas, and the UI client is typed from them. `path` is the whole path the browser requests,
 * with `:name` for a path parameter.
 */
export interface Endpoint extends EndpointRequest {
  /** The answers by status code; errors answer with ErrorBody (errors.ts). */
  readonly response: { readonly [status: number]: TSchema };
}

/** Keeps the literal schema types, so route handlers and the client infer the exact shapes. */
export function endpoint<const E extends Endpoint>(definition: E): E {
  return definition;
}

/**
 * An endpoint that answers no JSON (a file download, a feed, an image): its request is on
 * contract like any other's, its answer is named by content type only. It has no `response`, so
 * it is not in ENDPOINTS (index.ts), whose answers the contract test reads as JSON.
 */
export interface FileEndpoint extends EndpointRequest {
  readonly method: 'GET';
  /** The content types the answer may have (without parameters such as charset). */
  readonly produces: readonly string[];
}

/** As `endpoint`, for an endpoint that answers no JSON. */
export function fileEndpoint<const E extends FileEndpoint>(definition: E): E {
  return definition;
}

type SuccessStatus = 200 | 201 | 202;
type SuccessSchema<E extends Endpoint> = E['response'][Extract<keyof E['response'], SuccessStatus>];

/** What a successful answer of the endpoint carries. */
export type ResponseOf<E extends Endpoint> =
  SuccessSchema<E> extends TSchema ? Static<SuccessSchema<E>> : never;
export type BodyOf<E extends EndpointRequest> = E['body'] extends TSchema ? Static<E['body']> : never;
export type QueryOf<E extends EndpointRequest> = E['querystring'] extends TSchema
  ? Static<E['querystring']>
  : never;
export type ParamsOf<E extends EndpointRequest> = E['params'] extends TSchema ? Static<E['params']> : never;

/** The parts of a request the endpoint takes: each one required exactly when it has a schema. */
export type RequestOf<E extends EndpointRequest> = (E['params'] extends TSchema
  ? { params: ParamsOf<E> }
  : unknown) &
  (E['querystring'] extends TSchema ? { query: Partial<QueryOf<E>> } : unknown) &
  (E['body'] extends TSchema ? { body: BodyOf<E> } : unknown);

/** The URL of a request to the endpoint: path parameters filled in, the query appended. */
export function endpointUrl<E extends EndpointRequest>(endpoint: E, request?: RequestOf<E>): string {
  const { params, query } = (request ?? {}) as {
    params?: Record<string, unknown>;
    query?: Record<string, unknown>;
  };
  const path = endpoint.path.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(String(params?.[name])),
  );
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** Whether a value is an endpoint definition (to list a contract module's endpoints). */
export function isEndpoint(value: unknown): value is Endpoint {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Endpoint).method === 'string' &&
    typeof (value as Endpoint).path === 'string' &&
    typeof (value as Endpoint).response === 'object'
  );
}
