import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody } from '../../../common/contracts/errors.ts';
import { isDatabaseUnavailable } from '../db/availability.ts';

/** Thrown by services for failures the caller can act on; the status and message reach the client. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
    /** Something to try instead (the error body's `suggestion`). */
    readonly suggestion?: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, code = 'BAD_REQUEST') => new HttpError(400, code, message);
export const notFound = (message: string, code = 'NOT_FOUND') => new HttpError(404, code, message);
export const unauthorized = (message = 'Authentication required', code = 'UNAUTHORIZED') =>
  new HttpError(401, code, message);
export const forbidden = (message: string, code = 'FORBIDDEN') => new HttpError(403, code, message);

/** The wait of a 429 in seconds, from its Retry-After; nothing for other errors. */
function retryAfterOf(error: HttpError): { retryAfterSeconds?: number } {
  const seconds = Number(error.headers['retry-after']);
  return error.statusCode === 429 && Number.isInteger(seconds) && seconds >= 0
    ? { retryAfterSeconds: seconds }
    : {};
}

function statusCodeOf(error: FastifyError | HttpError): number {
  if (error instanceof HttpError) return error.statusCode;
  if (isDatabaseUnavailable(error)) return 503;
  const status = error.statusCode;
  return typeof status === 'number' && status >= 400 && status < 600 ? status : 500;
}

/**
 * Real messages for client errors (in English: public pages word the stable `code` in their own
 * language, common/contracts/errors.ts), a fixed text for server errors: a stack or SQL never reaches
 * a client. An unreachable database is a 503 the client can retry, not a 500. Sets the error's
 * own headers (Retry-After…) on the reply; the caller sends the body.
 */
export function errorAnswer(
  error: FastifyError | HttpError,
  request: FastifyRequest,
  reply: FastifyReply,
): { status: number; body: ErrorBody } {
  const status = statusCodeOf(error);
  let body: ErrorBody;
  if ('validation' in error && error.validation) {
    const details = error.validation.map((v) => {
      const where = v.instancePath ? v.instancePath.slice(1).replaceAll('/', '.') : '';
      const field =
        where || (v.params as { missingProperty?: string }).missingProperty || error.validationContext;
      return `${field ?? 'request'} ${v.message ?? 'is invalid'}`;
    });
    body = {
      success: false,
      error: `Invalid request: ${details.join('; ')}`,
      code: 'VALIDATION_ERROR',
      details,
    };
  } else if (error instanceof HttpError) {
    body = {
      success: false,
      error: error.message,
      code: error.code,
      ...retryAfterOf(error),
      ...(error.suggestion === undefined ? {} : { suggestion: error.suggestion }),
    };
    reply.headers(error.headers);
  } else if (status === 503) {
    // Expected during an outage and repeated for every request: one short line each, no stack.
    const cause = error as Error & { code?: string; parent?: { code?: string } };
    request.log.warn(
      { cause: { name: cause.name, code: cause.code ?? cause.parent?.code, message: cause.message } },
      'database unavailable',
    );
    body = {
      success: false,
      error:
        'The service is temporarily unavailable (the database cannot be reached). Please try again shortly.',
      code: 'SERVICE_UNAVAILABLE',
    };
    reply.header('retry-after', '10');
  } else if (status >= 500) {
    request.log.error({ err: error }, 'request failed');
    body = { success: false, error: 'Internal Server Error', code: 'INTERNAL' };
  } else {
    body = { success: false, error: error.message, code: error.code ?? 'BAD_REQUEST' };
  }
  return { status, body };
}

export function errorHandler(error: FastifyError | HttpError, request: FastifyRequest, reply: FastifyReply) {
  const { status, body } = errorAnswer(error, request, reply);
  return reply.status(status).send(body);
}
