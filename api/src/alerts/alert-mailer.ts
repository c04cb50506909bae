import { areaSearchPath } from '../../../common/alerts/area-links.ts';
import { alertFigures } from '../../../common/alerts/figures.ts';
import { clockAreaSearch, parseClockAreaId } from '../../../common/clock/area.ts';
import { addMonths, formatMonth, parseMonth } from '../../../common/search/months.ts';
import type { Outbox } from '../email/outbox.ts';
import type { MailComposer, OutboxWorker } from '../email/outbox-worker.ts';
import { HttpError } from '../http/errors.ts';
import type { MonthNoticeConsumer } from '../month-notices/dispatcher.ts';
import type { SearchService } from '../search/search-service.ts';
import {
  areaAlertMail,
  confirmationMail,
  type AlertConfirmationPayload,
  type AreaAlertPayload,
} from './alert-mail.ts';
import type { AlertsService } from './alerts-service.ts';

export interface AlertMailerOptions {
  alerts: Pick<AlertsService, 'confirmed'>;
  search: Pick<SearchService, 'search'>;
  outbox: Pick<Outbox, 'enqueue'>;
  /** Called once the alerts are committed (the outbox worker's wake). */
  onQueued?: () => void;
  log?: { warn(object: object, message: string): void };
}

/**
 * The month notices' consumer that mails the confirmed subscribers: for each area subscribed to,
 * one search (the search service's own counts, the month and the twelve before it), and for each
 * subscription the figures of its categories, queued in the outbox with the month's record. An
 * area the store holds no data for in that month (its force did not publish it) gets no mail.
 */
export function createAlertMailer(options: AlertMailerOptions): MonthNoticeConsumer {
  return async ({ month }) => {
    const monthNumber = parseMonth(month);
    const subscriptions = await options.alerts.confirmed();
    if (monthNumber === undefined || subscriptions.length === 0) return;
    const byArea = new Map<string, typeof subscriptions>();
    for (const s of subscriptions) byArea.set(s.area, [...(byArea.get(s.area) ?? []), s]);
    const payloads: AreaAlertPayload[] = [];
    for (const [areaId, subscribers] of byArea) {
      const area = parseClockAreaId(areaId);
      if (!area) continue;
      let answer;
      try {
        answer = await options.search.search({
          ...clockAreaSearch(area),
          startMonth: formatMonth(addMonths(monthNumber, -12)),
          endMonth: month,
          pageSize: 1,
        });
      } catch (error) {
        // An area that no longer resolves (a neighbourhood gone from the store): nothing to say.
        if (error instanceof HttpError && error.statusCode < 500) {
          options.log?.warn({ area: areaId, reason: error.message }, 'area alert not computed');
          continue;
        }
        throw error;
      }
      for (const subscription of subscribers) {
        const figures = alertFigures({
          month,
          breakdown: answer.stats.monthlyBreakdown,
          population: answer.stats.population.total,
          categories: subscription.categories,
        });
        if (!figures) continue;
        payloads.push({
          subscriptionId: subscription.id,
          area: areaId,
          label: answer.dataInfo.area.label,
          neighbourhoodName: answer.dataInfo.area.neighbourhoodName,
          searchPath: areaSearchPath(area, month),
          figures,
          synthetic: answer.dataInfo.synthetic,
          categories: subscription.categories,
        });
      }
    }
    if (payloads.length === 0) return;
    return async (transaction) => {
      for (const payload of payloads) await options.outbox.enqueue('area-alert', payload, null, transaction);
      transaction.afterCommit(() => options.onQueued?.());
    };
  };
}

/** The worker composes subscribers' mails at send time, from the subscription as it is then. */
export function registerAlertComposers(
  worker: Pick<OutboxWorker, 'useComposer'>,
  alerts: Pick<AlertsService, 'recipient'>,
  origin: string,
): void {
  const confirmation: MailComposer = async (message, from) => {
    const payload = message.payload as AlertConfirmationPayload;
    const to = await alerts.recipient(payload.subscriptionId, false);
    return to ? confirmationMail(payload, to, from, origin) : null;
  };
  const alert: MailComposer = async (message, from) => {
    const payload = message.payload as AreaAlertPayload;
    const to = await alerts.recipient(payload.subscriptionId, true);
    return to ? areaAlertMail(payload, to, from, origin) : null;
  };
  worker.useComposer('alert-confirmation', confirmation);
  worker.useComposer('area-alert', alert);
}
