import type { Sequelize } from 'sequelize';
import type { MonthNoticeConsumer } from '../month-notices/dispatcher.ts';
import type { SecretBox } from '../../../server-common/security/secret-box.ts';
import { createDeliveryWorker, type DeliveryWorkerOptions } from '../partner-api/webhooks/delivery-worker.ts';
import { createWebhookService, type WebhookServiceOptions } from '../partner-api/webhooks/webhook-service.ts';

export interface WebhookServicesOptions {
  sequelize: Sequelize;
  secretBox: SecretBox;
  allowPrivate: boolean;
  now?: () => number;
  retry?: WebhookServiceOptions['retry'];
  worker?: Omit<DeliveryWorkerOptions, 'webhooks' | 'now'>;
}

/**
 * Part of the composition root (services.ts calls it, nothing else does). Partner webhooks as the
 * process uses them: the service the routes call, the delivery worker,
 * and `queueMonthImported`, which the data update calls once per newly imported month: it records
 * one delivery per registered webhook (durably, before it returns) and wakes the worker.
 */
export function composeWebhooks(options: WebhookServicesOptions) {
  const service = createWebhookService(options);
  const worker = createDeliveryWorker({ webhooks: service, now: options.now, ...options.worker });
  return {
    service,
    worker,
    async queueMonthImported(event: { month: string; dataVersion: string }): Promise<void> {
      await service.queueMonthImported(event);
      worker.wake();
    },
    /**
     * A month-notices consumer: the deliveries are written in the notice's transaction (exactly
     * once with the month's record); the worker is woken when the write is done.
     */
    monthImportedConsumer(): MonthNoticeConsumer {
      return async (notice) => async (transaction) => {
        await service.queueMonthImported(notice, transaction);
        transaction.afterCommit(() => worker.wake());
      };
    },
  };
}

export type WebhookServices = ReturnType<typeof composeWebhooks>;
