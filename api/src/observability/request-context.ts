import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { REQUEST_ID_HEADER } from './request-id.ts';

/**
 * The request being handled, reachable from services shared by the whole process (the
 * data.police.uk and postcode clients) without passing it down every call: their log lines then
 * carry the request's `reqId`, and their calls out forward its id.
 */
interface RequestContext {
  id: string;
  log: FastifyBaseLogger;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** The log methods the shared clients use. */
export interface ScopedLogger {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
  debug(details: object, message: string): void;
}

/**
 * Logs through the current request's logger (so the line carries `reqId`) while a request is
 * being handled, and through `fallback` otherwise (start-up, background work).
 */
export function requestScopedLogger(fallback: ScopedLogger): ScopedLogger {
  const current = () => storage.getStore()?.log ?? fallback;
  return {
    error: (details, message) => current().error(details, message),
    warn: (details, message) => current().warn(details, message),
    info: (details, message) => current().info(details, message),
    debug: (details, message) => current().debug(details, message),
  };
}

/** Headers for a call made on behalf of the current request: its id, so the callee can log it too. */
export function forwardedRequestHeaders(): Record<string, string> {
  const id = storage.getStore()?.id;
  return id === undefined ? {} : { [REQUEST_ID_HEADER]: id };
}

/**
 * Enters the request's context for the rest of its hooks and its handler (a body read later from
 * the socket stays in it too; a test guards that).
 */
export function registerRequestContext(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    storage.run({ id: request.id, log: request.log }, done);
  });
}
