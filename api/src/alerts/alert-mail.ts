import { changeText, type AlertFigures } from '../../../common/alerts/figures.ts';
import { monthLabel, parseMonth } from '../../../common/search/months.ts';
import type { OutgoingMail } from '../email/smtp-client.ts';

/**
 * The two mails a subscriber gets, as plain text. The outbox stores what they say without the
 * address or the token (`…Payload`); the worker adds those from the subscription at send time, so
 * a subscriber who left meanwhile gets nothing.
 */

export interface AlertConfirmationPayload {
  subscriptionId: number;
  /** "Kent Police", "1 mile around SW1A 1AA". */
  label: string;
}

export interface AreaAlertPayload {
  subscriptionId: number;
  label: string;
  /** The search of the area's month, a path under the site's origin. */
  searchPath: string;
  figures: AlertFigures;
}

export interface Recipient {
  email: string;
  token: string;
}

/** Hours a confirmation link works. */
export const CONFIRMATION_HOURS = 48;

export const confirmUrl = (origin: string, token: string) =>
  `${origin}/alerts/confirm?token=${encodeURIComponent(token)}`;
export const unsubscribePageUrl = (origin: string, token: string) =>
  `${origin}/alerts/unsubscribe?token=${encodeURIComponent(token)}`;
/** RFC 8058: the URL a mail provider POSTs `List-Unsubscribe=One-Click` to. */
export const oneClickUnsubscribeUrl = (origin: string, token: string) =>
  `${origin}/api/alerts/unsubscribe?token=${encodeURIComponent(token)}`;

const labelOfMonth = (month: string) => {
  const parsed = parseMonth(month);
  return parsed === undefined ? month : monthLabel(parsed);
};

export function confirmationMail(
  payload: AlertConfirmationPayload,
  to: Recipient,
  from: string,
  origin: string,
): OutgoingMail {
  return {
    from,
    to: to.email,
    subject: `Confirm your Crime Clock alerts for ${payload.label}`,
    text: [
      `Someone, we hope you, asked for an email from Crime Clock whenever new police data for`,
      `${payload.label} is published.`,
      '',
      'To confirm, open this page and press its button:',
      confirmUrl(origin, to.token),
      '',
      `The link works for ${CONFIRMATION_HOURS} hours. If you did not ask for this, ignore this email:`,
      'nothing more will be sent, and your address is deleted when the link expires.',
    ].join('\n'),
  };
}

export function areaAlertMail(
  payload: AreaAlertPayload,
  to: Recipient,
  from: string,
  origin: string,
): OutgoingMail {
  const { figures } = payload;
  const month = labelOfMonth(figures.month);
  const rate =
    figures.ratePerThousand === null
      ? 'The rate per 1,000 residents is not known for this area.'
      : `That is ${figures.ratePerThousand.toLocaleString('en-GB')} per 1,000 residents.`;
  const top = figures.topCategories.map((c) => `  - ${c.name}: ${c.crimes.toLocaleString('en-GB')}`);
  return {
    from,
    to: to.email,
    subject: `${payload.label}: ${figures.crimes.toLocaleString('en-GB')} crimes recorded in ${month}`,
    text: [
      `New police data for ${payload.label} has been published: ${month}.`,
      '',
      `Crimes recorded: ${figures.crimes.toLocaleString('en-GB')}. ${rate}`,
      `Month before: ${changeText(figures.previousMonth, figures.previousMonth ? labelOfMonth(figures.previousMonth.month) : 'the month before')}`,
      `A year earlier: ${changeText(figures.yearEarlier, figures.yearEarlier ? labelOfMonth(figures.yearEarlier.month) : 'the same month a year earlier')}`,
      ...(top.length > 0 ? ['', 'Most recorded:', ...top] : []),
      '',
      `See the search: ${origin}${payload.searchPath}`,
      '',
      `Stop these emails: ${unsubscribePageUrl(origin, to.token)}`,
    ].join('\n'),
    headers: {
      'List-Unsubscribe': `<${oneClickUnsubscribeUrl(origin, to.token)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
