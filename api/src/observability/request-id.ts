import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { REQUEST_ID_HEADER, saneRequestId } from '../../../common/observability/request-id.ts';

export { REQUEST_ID_HEADER, saneRequestId };

/**
 * Fastify's `genReqId`: the id the reverse proxy gave the request, so one id follows it through
 * proxy, API and the services the API calls; a fresh UUID when there is none or it is not sane.
 */
export function requestIdOf(request: IncomingMessage): string {
  return saneRequestId(request.headers[REQUEST_ID_HEADER]) ?? randomUUID();
}
