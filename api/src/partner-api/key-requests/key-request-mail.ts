import { createIntl, createIntlCache } from '@formatjs/intl';
import { DEVELOPERS_PATH } from '../../../../common/contracts/partner.ts';
import { INTL_LOCALE, localizedPath, type Locale } from '../../../../common/i18n/locale.ts';
import { MESSAGES, type MessageId } from '../../../../common/i18n/messages.ts';
import type { MailComposer, OutboxWorker } from '../../email/outbox-worker.ts';
import type { OutgoingMail } from '../../email/smtp-client.ts';
import type { KeyDecisionPayload, KeyRequestRecipient, KeyRequestService } from './key-request-service.ts';

/** The page an approved partner's link opens: it shows the key once, on a button press. */
export const KEY_PAGE_PATH = `${DEVELOPERS_PATH}/key`;

const cache = createIntlCache();
const intls = {
  en: createIntl({ locale: INTL_LOCALE.en, messages: MESSAGES.en }, cache),
  cy: createIntl({ locale: INTL_LOCALE.cy, messages: MESSAGES.cy }, cache),
};

function wordsOf(locale: Locale) {
  const intl = intls[locale];
  return {
    say: (id: MessageId, values?: Record<string, string>) => intl.formatMessage({ id }, values),
    date: (ms: number) => intl.formatDate(ms, { dateStyle: 'long', timeZone: 'Europe/London' }),
  };
}

/** The mail to a partner whose request was approved, in the language of the page they asked on. */
export function approvedMail(
  to: KeyRequestRecipient,
  token: string,
  from: string,
  origin: string,
): OutgoingMail {
  const { say, date } = wordsOf(to.locale);
  const link = `${origin}${localizedPath(KEY_PAGE_PATH, to.locale)}?token=${token}`;
  return {
    from,
    to: to.email,
    subject: say('developers.mail.approved.subject'),
    text: [
      say('developers.mail.approved.greeting', { name: to.name }),
      '',
      say('developers.mail.approved.body', { organisation: to.organisation }),
      '',
      say('developers.mail.approved.open', { expires: date(to.linkExpiresAt ?? Date.now()) }),
      link,
      '',
      say('developers.mail.approved.docs', { url: `${origin}${localizedPath(DEVELOPERS_PATH, to.locale)}` }),
      '',
      say('developers.mail.signature'),
    ].join('\n'),
    headers: { 'Content-Language': to.locale },
  };
}

/** The polite answer to a request that was declined. */
export function declinedMail(to: KeyRequestRecipient, from: string, origin: string): OutgoingMail {
  const { say } = wordsOf(to.locale);
  return {
    from,
    to: to.email,
    subject: say('developers.mail.declined.subject'),
    text: [
      say('developers.mail.declined.greeting', { name: to.name }),
      '',
      say('developers.mail.declined.body', { organisation: to.organisation }),
      '',
      say('developers.mail.declined.again', { url: `${origin}${localizedPath(DEVELOPERS_PATH, to.locale)}` }),
      '',
      say('developers.mail.signature'),
    ].join('\n'),
    headers: { 'Content-Language': to.locale },
  };
}

/** The worker composes the decision mails at send time, from the request as it is then. */
export function registerKeyRequestComposers(
  worker: Pick<OutboxWorker, 'useComposer'>,
  requests: Pick<KeyRequestService, 'recipient'>,
  origin: string,
): void {
  const approved: MailComposer = async (message, from) => {
    const payload = message.payload as KeyDecisionPayload;
    const to = await requests.recipient(payload.requestId);
    return to && payload.token ? approvedMail(to, payload.token, from, origin) : null;
  };
  const declined: MailComposer = async (message, from) => {
    const to = await requests.recipient((message.payload as KeyDecisionPayload).requestId);
    return to ? declinedMail(to, from, origin) : null;
  };
  worker.useComposer('key-approved', approved);
  worker.useComposer('key-declined', declined);
}
