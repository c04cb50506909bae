import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { errorDocsAnchor } from '../../../../common/contracts/errors.ts';
import { DEVELOPERS_PATH, type PartnerProblem } from '../../../../common/contracts/partner.ts';
import { errorAnswer, type HttpError } from '../../http/errors.ts';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** The `type` of a partner error: the developers page's section on the code (error-<CODE>). */
export function problemType(origin: string, code: string): string {
  return `${origin}${DEVELOPERS_PATH}#${errorDocsAnchor(code)}`;
}

/**
 * A partner error as RFC 9457 problem details. `type` is absolute, as the RFC advises: the
 * developers page under PUBLIC_ORIGIN when it is set, else under the host the request was sent to.
 */
export function partnerProblemHandler(publicOrigin: string | undefined) {
  return (error: FastifyError | HttpError, request: FastifyRequest, reply: FastifyReply) => {
    const { status, body } = errorAnswer(error, request, reply);
    const origin = publicOrigin ?? `${request.protocol}://${request.host}`;
    const problem: PartnerProblem = {
      type: problemType(origin, body.code),
      title: STATUS_CODES[status] ?? 'Error',
      status,
      detail: body.error,
      ...body,
    };
    return reply.status(status).type(PROBLEM_CONTENT_TYPE).send(problem);
  };
}
