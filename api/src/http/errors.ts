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

/**
 * Fastify's own refusals, in our codes and words: its `FST_ERR_*` codes and messages name its
 * internals, and a caller programs against the codes the developers page documents.
 */
const FASTIFY_REFUSALS: Readonly<Record<string, { status: number; code: string; message: string }>> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'The body must be JSON, sent with Content-Type: application/json.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: 'BODY_TOO_LARGE',
    message: 'The request body is too large.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: 'BAD_REQUEST',
    message: 'The request body does not have the length its Content-Length header gives.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: 'INVALID_JSON',
    message: 'The body is empty although its Content-Type is application/json.',
  },
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: 'INVALID_JSON',
    message: 'The body is not valid JSON.',
  },
  FST_ERR_MAX_PARAM_LENGTH: {
    status: 414,
    code: 'URL_TOO_LONG',
    message: 'A part of the address is too long.',
  },
  FST_ERR_BAD_URL: {
    status: 400,
    code: 'INVALID_URL_ENCODING',
    message: 'The address contains a percent-encoding that does not decode.',
  },
};

/** The code of a refusal that carries none of ours: Fastify's, a parser's, a plugin's. */
function ownCodeOf(status: number): string {
  if (status === 404) return 'NOT_FOUND';
  if (status === 413) return 'BODY_TOO_LARGE';
  if (status === 414 || status === 431) return 'URL_TOO_LONG';
  if (status === 415) return 'UNSUPPORTED_MEDIA_TYPE';
  if (status === 403) return 'FORBIDDEN';
  return 'BAD_REQUEST';
}

/** A Fastify refusal as our own error; any other error as it is. */
function ownError(error: FastifyError | HttpError): FastifyError | HttpError {
  if (error instanceof HttpError) return error;
  const refusal = error.code ? FASTIFY_REFUSALS[error.code] : undefined;
  if (refusal) return new HttpError(refusal.status, refusal.code, refusal.message);
  // A body that JSON.parse refused (secure-json-parse): a SyntaxError Fastify marks 400.
  if (error instanceof SyntaxError && error.statusCode === 400) {
    return new HttpError(400, 'INVALID_JSON', 'The body is not valid JSON.');
  }
  return error;
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
  thrown: FastifyError | HttpError,
  request: FastifyRequest,
  reply: FastifyReply,
): { status: number; body: ErrorBody } {
  const error = ownError(thrown);
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
    // A 4xx of a library that carries no code of ours: its own code (FST_…, ERR_…) stays in the log.
    request.log.info({ cause: { code: error.code, message: error.message } }, 'request refused');
    body = { success: false, error: error.message, code: ownCodeOf(status) };
  }
  return { status, body };
}

export function errorHandler(error: FastifyError | HttpError, request: FastifyRequest, reply: FastifyReply) {
  const { status, body } = errorAnswer(error, request, reply);
  return reply.status(status).send(body);
}
