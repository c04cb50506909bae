/**
 * The search page's words outside React components (helpers that build sentences, d3 drawing),
 * from the same message files as `useIntl()` (common/i18n/messages/<locale>/search.json). The
 * page's language is fixed for a page load (PAGE_LOCALE), so one formatter per language serves.
 */
import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import { INTL_LOCALE, type Locale } from '../../../../common/i18n/locale.ts';
import { MESSAGES, type MessageId } from '../../../../common/i18n/messages.ts';
import { PAGE_LOCALE } from '../../i18n/pageLocale.ts';

const cache = createIntlCache();
const formatters = new Map<Locale, IntlShape>();

export function searchIntl(locale: Locale = PAGE_LOCALE): IntlShape {
  let intl = formatters.get(locale);
  if (!intl) {
    intl = createIntl(
      { locale: INTL_LOCALE[locale], defaultLocale: 'en-GB', messages: MESSAGES[locale] },
      cache,
    );
    formatters.set(locale, intl);
  }
  return intl;
}

export type MessageValues = Record<string, string | number | boolean | null | undefined>;

/** One message of `locale` (the page's by default), as plain text. */
export function message(id: MessageId, values?: MessageValues, locale: Locale = PAGE_LOCALE): string {
  return searchIntl(locale).formatMessage({ id }, values as Record<string, string | number>);
}
