import type { AlertComparison, AlertFigures } from '../../../common/alerts/figures.ts';
import { CONFIRMATION_HOURS } from '../../../common/contracts/alerts.ts';
import { localizedPath, type Locale } from '../../../common/i18n/locale.ts';
import type { OutgoingMail } from '../email/smtp-client.ts';
import { alertWords, type AlertWords } from './alert-intl.ts';

/**
 * The two mails a subscriber gets, as plain text, in the language the subscription was made in.
 * The outbox stores what they say without the address, the token or the words (`…Payload`); the
 * worker adds those from the subscription at send time, so a subscriber who left meanwhile gets
 * nothing.
 */

/**
 * The area a mail is about: its id (common/clock/area.ts), from which the mail names it in the
 * subscription's language, the search's English label ("Kent Police", "1 mile around SW1A 1AA"),
 * and a neighbourhood's own name. Mails queued before `area` was stored have the label alone;
 * those queued before `neighbourhoodName` was have the name only inside the label.
 */
interface AlertArea {
  area?: string;
  label: string;
  neighbourhoodName?: string;
}

export interface AlertConfirmationPayload extends AlertArea {
  subscriptionId: number;
}

export interface AreaAlertPayload extends AlertArea {
  subscriptionId: number;
  /** The search of the area's month, a path under the site's origin (English; made Welsh at send time). */
  searchPath: string;
  figures: AlertFigures;
  /** The figures come from the generated sample (the search's `synthetic`): the mail says so first. */
  synthetic?: boolean;
  /** The category slugs the subscription counts; every category when empty or absent. */
  categories?: string[];
}

export interface Recipient {
  email: string;
  token: string;
  /** The language of the page the subscription was made on. */
  locale: Locale;
}

export { CONFIRMATION_HOURS };

const tokenPage = (origin: string, page: string, token: string, locale: Locale) =>
  `${origin}${localizedPath(page, locale)}?token=${encodeURIComponent(token)}`;

export const confirmUrl = (origin: string, token: string, locale: Locale = 'en') =>
  tokenPage(origin, '/alerts/confirm', token, locale);
export const unsubscribePageUrl = (origin: string, token: string, locale: Locale = 'en') =>
  tokenPage(origin, '/alerts/unsubscribe', token, locale);
/** The page where a subscriber sees every alert of their address, changes categories or stops one. */
export const managePageUrl = (origin: string, token: string, locale: Locale = 'en') =>
  tokenPage(origin, '/alerts/manage', token, locale);
/** RFC 8058: the URL a mail provider POSTs `List-Unsubscribe=One-Click` to (an API: no language). */
export const oneClickUnsubscribeUrl = (origin: string, token: string) =>
  `${origin}/api/alerts/unsubscribe?token=${encodeURIComponent(token)}`;

export function confirmationMail(
  payload: AlertConfirmationPayload,
  to: Recipient,
  from: string,
  origin: string,
): OutgoingMail {
  const words = alertWords(to.locale);
  const label = words.area(payload.area, payload.label, payload.neighbourhoodName);
  return {
    from,
    to: to.email,
    subject: words.say('alerts.mail.confirm.subject', { label }),
    text: [
      words.say('alerts.mail.confirm.asked', { label }),
      '',
      words.say('alerts.mail.confirm.open'),
      confirmUrl(origin, to.token, to.locale),
      '',
      words.say('alerts.mail.confirm.expiry', { hours: CONFIRMATION_HOURS }),
    ].join('\n'),
    headers: { 'Content-Language': to.locale },
  };
}

/** "73 in June 2025: up 12.5 %", or that the store holds no data for the month compared. */
function changeLine(words: AlertWords, comparison: AlertComparison | null, none: 'previous' | 'yearEarlier') {
  if (!comparison)
    return words.say(
      none === 'previous' ? 'alerts.mail.alert.previousNone' : 'alerts.mail.alert.yearEarlierNone',
    );
  const { change } = comparison;
  const size = `${words.number(Math.abs(change.percentage))} %`;
  return words.say('alerts.mail.alert.change', {
    crimes: comparison.crimes,
    month: words.month(comparison.month),
    direction: change.direction,
    size: change.direction === 'stable' ? `${change.percentage >= 0 ? '+' : '-'}${size}` : size,
    comparable: change.comparable ? 'yes' : 'no',
  });
}

export function areaAlertMail(
  payload: AreaAlertPayload,
  to: Recipient,
  from: string,
  origin: string,
): OutgoingMail {
  const words = alertWords(to.locale);
  const { figures } = payload;
  const label = words.area(payload.area, payload.label, payload.neighbourhoodName);
  const month = words.month(figures.month);
  const rate =
    figures.ratePerThousand === null
      ? words.say('alerts.mail.alert.rateUnknown')
      : words.say('alerts.mail.alert.rate', { rate: figures.ratePerThousand });
  const top = figures.topCategories.map((c) => `  - ${words.category(c.slug)}: ${words.number(c.crimes)}`);
  const categories = payload.categories ?? [];
  const counting =
    categories.length > 0
      ? words.say('alerts.mail.alert.categories', {
          categories: categories.map((slug) => words.category(slug)).join(', '),
        })
      : words.say('alerts.mail.alert.allCategories');
  return {
    from,
    to: to.email,
    subject: words.say('alerts.mail.alert.subject', { label, crimes: figures.crimes, month }),
    text: [
      // A forwarded or quoted mail of the sample must not pass for real figures.
      ...(payload.synthetic ? [words.say('alerts.mail.alert.synthetic'), ''] : []),
      words.say('alerts.mail.alert.published', { label, month }),
      '',
      counting,
      `${words.say('alerts.mail.alert.recorded', { crimes: figures.crimes })} ${rate}`,
      words.say('alerts.mail.alert.previous', {
        change: changeLine(words, figures.previousMonth, 'previous'),
      }),
      words.say('alerts.mail.alert.yearEarlier', {
        change: changeLine(words, figures.yearEarlier, 'yearEarlier'),
      }),
      ...(top.length > 0 ? ['', words.say('alerts.mail.alert.top'), ...top] : []),
      '',
      words.say('alerts.mail.alert.search', {
        url: `${origin}${localizedPath(payload.searchPath, to.locale)}`,
      }),
      '',
      words.say('alerts.mail.alert.manage', { url: managePageUrl(origin, to.token, to.locale) }),
      words.say('alerts.mail.alert.stop', { url: unsubscribePageUrl(origin, to.token, to.locale) }),
    ].join('\n'),
    headers: {
      'Content-Language': to.locale,
      'List-Unsubscribe': `<${oneClickUnsubscribeUrl(origin, to.token)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
