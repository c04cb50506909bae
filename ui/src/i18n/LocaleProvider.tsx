import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { INTL_LOCALE } from '../../../common/i18n/locale.ts';
import { MESSAGES, type MessageId } from '../../../common/i18n/messages.ts';
import { PAGE_LOCALE } from './pageLocale.ts';

declare global {
  // react-intl reads its message id type from here, so an unknown id fails the typecheck.
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace FormatjsIntl {
    interface Message {
      ids: MessageId;
    }
  }
}

/** The page's messages and Intl locale (cy-GB or en-GB) for every component below. */
export function LocaleProvider({ children }: { children: ReactNode }) {
  return (
    <IntlProvider locale={INTL_LOCALE[PAGE_LOCALE]} defaultLocale="en-GB" messages={MESSAGES[PAGE_LOCALE]}>
      {children}
    </IntlProvider>
  );
}
