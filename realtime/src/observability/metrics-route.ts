import type { Logger } from 'pino';
import {
  METRICS_AUTH_CHALLENGE,
  metricsAccessAllowed,
} from '../../../common/observability/metrics-access.ts';
import type { HttpRoute } from '../engine/http-engine.ts';
import type { RealtimeMetrics } from './metrics.ts';

const json = (status: number, body: object, headers: Record<string, string> = {}) => ({
  status,
  headers: { ...headers, 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/**
 * GET /metrics on the realtime port, in the Prometheus text format: only with METRICS_TOKEN set,
 * and then with `Authorization: Bearer <token>`, as the API's.
 */
export function metricsRoute(
  { registry }: RealtimeMetrics,
  options: { token: string | undefined; logger: Logger },
): HttpRoute {
  return async (header) => {
    // Off unless a token is set, as on the API: a node reachable from outside shows nothing.
    if (options.token === undefined) {
      return json(404, {
        success: false,
        error: 'Metrics are off: set METRICS_TOKEN to serve them.',
        code: 'NOT_FOUND',
      });
    }
    if (!metricsAccessAllowed(header('authorization') || undefined, options.token)) {
      return json(
        401,
        { success: false, error: 'The metrics need a valid bearer token.', code: 'UNAUTHORIZED' },
        { 'www-authenticate': METRICS_AUTH_CHALLENGE },
      );
    }
    try {
      const text = await registry.metrics();
      return {
        status: 200,
        headers: { 'content-type': registry.contentType, 'cache-control': 'no-store' },
        body: text,
      };
    } catch (error) {
      options.logger.error({ err: error }, 'metrics could not be collected');
      return { status: 500, body: '' };
    }
  };
}
