import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { Static, TSchema } from 'typebox';
import type { Endpoint, ResponseOf } from '../../../common/contracts/endpoint.ts';
import { declaredCopySerializerCompiler } from './schema-serializer.ts';

type Part<S> = S extends TSchema ? Static<S> : unknown;

/** A request to the endpoint, typed from its contract's schemas (validated before the handler runs). */
export type ContractRequest<E extends Endpoint> = FastifyRequest<{
  Params: Part<E['params']>;
  Querystring: Part<E['querystring']>;
  Body: Part<E['body']>;
}>;

/** Answers the contract's success body, or sends through `reply` (another status, a 304). */
export type ContractHandler<E extends Endpoint> = (
  request: ContractRequest<E>,
  reply: FastifyReply,
) => Promise<ResponseOf<E> | FastifyReply>;

/** What a route adds to its contract: hooks, limits, config, and words for the OpenAPI document. */
export interface ContractRouteOptions extends Omit<RouteShorthandOptions, 'schema'> {
  schema?: Omit<FastifySchema, 'body' | 'querystring' | 'params' | 'response'> & {
    description?: string;
    summary?: string;
    tags?: string[];
    operationId?: string;
    security?: unknown[];
  };
  /**
   * What the OpenAPI document shows beside the contract's answers: error bodies, and for a status
   * the contract answers, its headers and examples (the contract's schema is kept).
   */
  responseDocs?: Record<number, object>;
}

// The instance is any Fastify app: plugins receive theirs with their own type provider.
type AnyFastify = FastifyInstance<any, any, any, any, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * Registers the route of a contract endpoint (common/contracts): its method and path, and its
 * params, query, body and response schemas, so the route validates, serializes and is documented
 * by the same objects the UI and the realtime server are typed and checked with. The plugin's
 * prefix is taken off the contract's whole path ('/api/crimes/search' in a plugin under '/api' is
 * '/crimes/search'); a path outside the prefix is a programming error and fails at start-up.
 */
export function contractRoute<E extends Endpoint>(
  app: AnyFastify,
  endpoint: E,
  options: ContractRouteOptions,
  handler: ContractHandler<E>,
): void {
  const { schema: words, responseDocs, ...routeOptions } = options;
  const response: Record<number, object> = { ...responseDocs };
  for (const [status, answer] of Object.entries(endpoint.response)) {
    const docs = response[Number(status)];
    response[Number(status)] = docs ? { ...docs, ...answer } : answer;
  }
  const schema: FastifySchema & Record<string, unknown> = { ...words, response };
  if (endpoint.params) schema.params = endpoint.params;
  if (endpoint.querystring) schema.querystring = endpoint.querystring;
  if (endpoint.body) schema.body = endpoint.body;
  app.route({
    // The answer is written as its schema declares it (schema-serializer.ts), cheaper than the
    // fast-json-stringify Fastify would compile from it; a route may still give its own.
    serializerCompiler: declaredCopySerializerCompiler,
    ...routeOptions,
    method: endpoint.method,
    url: pathWithin(app.prefix, endpoint.path),
    schema,
    handler: handler as unknown as RouteHandlerMethod,
  });
}

/** The contract's whole path as a plugin registered under `prefix` names it. */
export function pathWithin(prefix: string, path: string): string {
  if (!path.startsWith(`${prefix}/`)) {
    throw new Error(`The contract path ${path} is not under the plugin's prefix ${prefix || '/'}`);
  }
  return path.slice(prefix.length);
}
