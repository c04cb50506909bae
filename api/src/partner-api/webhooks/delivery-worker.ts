import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { createRoundScheduler } from '../../../../server-common/scheduling/round-scheduler.ts';
import type { Resolver } from './address-guard.ts';
import { sendWebhook } from './send.ts';
import { webhookHeaders } from './signing.ts';
import type { WebhookService } from './webhook-service.ts';

export interface WorkerLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface DeliveryWorkerOptions {
  webhooks: WebhookService;
  now?: () => number;
  /** Pause between rounds; `wake()` starts one sooner (after an event was queued). */
  intervalMs?: number;
  /** The longest one attempt may take, connection to answer. */
  timeoutMs?: number;
  /** DNS (tests answer host names themselves). */
  resolve?: Resolver;
  log?: WorkerLog;
  workerId?: string;
}

const silent: WorkerLog = { info() {}, warn() {}, error() {} };

/**
 * Sends due deliveries, one claimed row at a time, each signed at the moment of its attempt (the
 * timestamp is the attempt's, the id the event's). All state is in the database, so any number of
 * API nodes may run one; a receiver that fails only costs its own delivery an attempt.
 */
export function createDeliveryWorker(options: DeliveryWorkerOptions) {
  const { webhooks, now = Date.now, intervalMs = 15_000, timeoutMs = 10_000 } = options;
  let log = options.log ?? silent;
  const workerId =
    options.workerId ?? `${hostname().slice(0, 40)}:${process.pid}:${randomBytes(4).toString('hex')}`;

  /** One round: every due delivery gets one attempt. */
  async function runOnce(): Promise<{ delivered: number; failed: number }> {
    const result = { delivered: 0, failed: 0 };
    for (;;) {
      const delivery = await webhooks.claimNext(workerId);
      if (!delivery) return result;
      const headers = webhookHeaders({
        id: delivery.messageId,
        timestampSeconds: Math.floor(now() / 1000),
        body: delivery.payload,
        secret: delivery.secret,
      });
      const outcome = await sendWebhook(delivery.url, delivery.payload, headers, {
        allowPrivate: webhooks.allowPrivate,
        timeoutMs,
        resolve: options.resolve,
      });
      const status = await webhooks.recordAttempt(delivery, workerId, outcome);
      if (outcome.delivered) result.delivered += 1;
      else {
        result.failed += 1;
        log[status === 'failed' ? 'error' : 'warn'](
          { deliveryId: delivery.id, keyId: delivery.keyId, status, reason: outcome.error },
          'webhook delivery failed',
        );
      }
    }
  }

  const scheduler = createRoundScheduler({
    round: runOnce,
    intervalMs,
    onError: (error) => log.error({ err: error }, 'webhook round failed'),
  });

  return {
    runOnce,
    workerId,
    start(startOptions: { log?: WorkerLog } = {}) {
      if (startOptions.log) log = startOptions.log;
      scheduler.start();
    },
    wake: scheduler.wake,
    /** Stops scheduling and waits for an attempt in progress. */
    stop: scheduler.stop,
  };
}
