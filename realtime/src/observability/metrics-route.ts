import type { Logger } from 'pino';
import type { TemplatedApp } from 'uWebSockets.js';
import {
  METRICS_AUTH_CHALLENGE,
  metricsAccessAllowed,
} from '../../../common/observability/metrics-access.ts';
import type { RealtimeMetrics } from './metrics.ts';

/**
 * GET /metrics on the realtime port, in the Prometheus text format: only with METRICS_TOKEN set,
 * and then with `Authorization: Bearer <token>`, as the API's.
 */
export function serveMetrics(
  app: TemplatedApp,
  { registry }: RealtimeMetrics,
  options: { token: string | undefined; logger: Logger },
): void {
  app.get('/metrics', (res, req) => {
    // Off unless a token is set, as on the API: a node reachable from outside shows nothing.
    if (options.token === undefined) {
      res.cork(() => {
        res
          .writeStatus('404 Not Found')
          .writeHeader('content-type', 'application/json')
          .end(
            JSON.stringify({
              success: false,
              error: 'Metrics are off: set METRICS_TOKEN to serve them.',
              code: 'NOT_FOUND',
            }),
          );
      });
      return;
    }
    // uWS request headers can only be read now, before anything asynchronous.
    if (!metricsAccessAllowed(req.getHeader('authorization') || undefined, options.token)) {
      res.cork(() => {
        res
          .writeStatus('401 Unauthorized')
          .writeHeader('www-authenticate', METRICS_AUTH_CHALLENGE)
          .writeHeader('content-type', 'application/json')
          .end(
            JSON.stringify({
              success: false,
              error: 'The metrics need a valid bearer token.',
              code: 'UNAUTHORIZED',
            }),
          );
      });
      return;
    }
    let aborted = false;
    res.onAborted(() => {
      aborted = true;
    });
    registry.metrics().then(
      (text) => {
        if (aborted) return;
        res.cork(() => {
          res
            .writeHeader('content-type', registry.contentType)
            .writeHeader('cache-control', 'no-store')
            .end(text);
        });
      },
      (error: unknown) => {
        options.logger.error({ err: error }, 'metrics could not be collected');
        if (aborted) return;
        res.cork(() => {
          res.writeStatus('500 Internal Server Error').end();
        });
      },
    );
  });
}
