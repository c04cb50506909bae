import type { ContactMessage, DataIssueReport } from '../../../../common/contact/messages.ts';
import { SendContactMessage, SendDataIssueReport } from '../../../../common/contracts/email.ts';
import { ApiError, call } from '../../shared/api.ts';

/** The page name the data-issue report carries (specification section 7). */
export const REPORT_PAGE = 'CSEW Crime Clock';

export function sendContactMessage(message: Omit<ContactMessage, 'timestamp'>): Promise<unknown> {
  return call(SendContactMessage, { body: { ...message, timestamp: new Date().toISOString() } });
}

export function sendDataIssueReport(report: Pick<DataIssueReport, 'issue'>): Promise<unknown> {
  return call(SendDataIssueReport, {
    body: { issue: report.issue, page: REPORT_PAGE, timestamp: new Date().toISOString() },
  });
}

/**
 * What to tell the visitor when a send fails. The server's own words when it refused the message
 * for a reason the visitor can act on (a field it rejects, too many messages in a short time);
 * otherwise the specification's general failure text.
 */
export function sendFailureText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && (error.status === 400 || error.status === 413 || error.status === 429)) {
    return error.serverMessage ?? fallback;
  }
  return fallback;
}
