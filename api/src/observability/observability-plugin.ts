import type { FastifyInstance } from 'fastify';
import {
  METRICS_AUTH_CHALLENGE,
  metricsAccessAllowed,
} from '../../../common/observability/metrics-access.ts';
import { HttpError } from '../http/errors.ts';
import { sharedPlugin } from '../security/shared-plugin.ts';
import type { ApiMetrics } from './metrics.ts';
import { registerRequestContext } from './request-context.ts';
import { routeOf } from './request-log.ts';

export interface ObservabilityOptions {
  /** The API's metrics (observability/metrics.ts), built once by the composition root. */
  metrics: ApiMetrics;
}

/**
 * What operators see of the API, for every route: the request's context (its id reaches the
 * services' log lines and their calls out), request durations by route pattern, and `/metrics` in
 * the Prometheus text format, only when METRICS_TOKEN is set and only to requests carrying it. Register before the routes; the
 * one log line per request is RequestLogController's, given to Fastify as its `logController`.
 */
export const observabilityPlugin = sharedPlugin(
  'crime-clock-observability',
  async (app: FastifyInstance, { metrics }: ObservabilityOptions) => {
    registerRequestContext(app);

    app.addHook('onResponse', (request, reply, done) => {
      metrics.observeRequest({
        method: request.method,
        route: routeOf(request),
        statusCode: reply.statusCode,
        durationSeconds: reply.elapsedTime / 1000,
      });
      done();
    });

    // The check is the handler's own, not a path rule: whatever spelling reaches this route
    // ("/%6detrics" is decoded to it by the router) meets it. "//metrics" and "/metrics/" are
    // other paths to the router, and answer no metrics.
    app.get('/metrics', async (request, reply) => {
      if (app.config.metricsToken === undefined) {
        throw new HttpError(404, 'NOT_FOUND', 'Metrics are off: set METRICS_TOKEN to serve them.');
      }
      if (!metricsAccessAllowed(request.headers.authorization, app.config.metricsToken)) {
        throw new HttpError(401, 'UNAUTHORIZED', 'The metrics need a valid bearer token.', {
          'www-authenticate': METRICS_AUTH_CHALLENGE,
        });
      }
      const text = await metrics.registry.metrics();
      return reply.type(metrics.registry.contentType).header('cache-control', 'no-store').send(text);
    });
  },
);
