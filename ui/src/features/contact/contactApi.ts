import type { ContactMessage, DataIssueReport } from '../../../../common/contact/messages.ts';
import { SendContactMessage, SendDataIssueReport } from '../../../../common/contracts/email.ts';
import { ApiError, call } from '../../shared/api.ts';
import { failureMessage, type FailurePart } from '../../shared/failureMessage.ts';
import { contactTextIdOf } from './contactTexts.ts';

/** The page name the data-issue report carries: the survey clock's, where the form is. */
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
 * What to tell the visitor when a send fails, as message ids (the page words them in its
 * language): for a refusal the visitor can act on (a field the server rejects, a message too
 * long, too many messages in a short time) the shared check's own text when the server used one,
 * else the refusal's code with when to try again; undefined for anything else, which gets the
 * specification's general failure text.
 */
export function sendFailureParts(error: unknown): FailurePart[] | undefined {
  if (!(error instanceof ApiError) || ![400, 413, 429].includes(error.status)) return undefined;
  const checkText = error.serverMessage ? contactTextIdOf(error.serverMessage) : undefined;
  if (checkText) return [{ id: checkText }];
  const parts = failureMessage(error);
  // Without a code this page knows, a general "refused (error 400)" says less than the general text.
  return parts[0]?.id.startsWith('errors.code.') ? parts : undefined;
}
