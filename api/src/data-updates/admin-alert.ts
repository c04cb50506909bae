import type { DataUpdateAlert } from '../email/outbox.ts';
import type { MailServices } from '../composition/mail.ts';

/** The admins' email about failing checks: stored in the outbox (never lost, retried), sent at once. */
export function alertAdminsThrough(mail: Pick<MailServices, 'outbox' | 'wakeWorker'>) {
  return async (alert: DataUpdateAlert) => {
    await mail.outbox.enqueue('data-update', alert, null);
    mail.wakeWorker();
  };
}
