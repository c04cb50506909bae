import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** The label of requests no route matched (404s, the UI shell): one series and log value, whatever the URL. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * Asked every few seconds by scrapers and health checks, and every second by each realtime node
 * without Redis (86,400 lines a day each): their lines would drown the rest at info.
 */
const ROUTINE_ROUTES = new Set(['/metrics', '/api/health', '/api/clock-data-version']);

/** The route's pattern (`/api/forces/:forceId/people`), never the raw URL: bounded, and free of visitors' data. */
export function routeOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? UNMATCHED_ROUTE;
}

/**
 * Fastify's own request lines, replaced by one line per completed request with its method,
 * route pattern, path (without the query, where searches put postcodes and positions), status and
 * duration. Written through the request's logger, so it carries `reqId`. Health checks, scrapes
 * and the realtime servers' data-version reads log at debug. Fastify's other lines (stream errors, ...) are kept.
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const route = routeOf(request);
    const details = {
      method: request.method,
      route,
      path: request.url.split('?')[0],
      statusCode: reply.statusCode,
      durationMs: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) request.log.error({ ...details, err: error }, 'request errored');
    else if (ROUTINE_ROUTES.has(route)) request.log.debug(details, 'request completed');
    else request.log.info(details, 'request completed');
  }
}
