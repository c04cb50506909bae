import { MESSAGES, type MessageId } from '../../../common/i18n/messages.ts';
import { pageTitle } from '../../../common/site/page-metadata.ts';
import { PAGE_LOCALE } from '../i18n/pageLocale.ts';

/** The product's name in the page's language ("Cloc Troseddau" on a Welsh page). */
export const PRODUCT_NAME = MESSAGES[PAGE_LOCALE]['meta.siteName'];

/**
 * A page title in the page's language. Given a message id, its message; given English text
 * (routes that still name their page in English), the Welsh of the message that says exactly
 * that text in English, when there is one, so the tab title follows the served one.
 */
function inPageLanguage(title: string): string {
  const english: Record<string, string> = MESSAGES.en;
  const id = Object.hasOwn(english, title)
    ? title
    : Object.keys(english).find((key) => key.startsWith('meta.') && english[key] === title);
  return id ? MESSAGES[PAGE_LOCALE][id as MessageId] : title;
}

/** The document title of a page: "<page> | Crime Clock", or the product name alone, in the page's language. */
export function documentTitle(title?: MessageId | (string & {})): string {
  return pageTitle(title ? inPageLanguage(title) : undefined, PAGE_LOCALE);
}

/** A route `head` option that gives the page its document title (a message id, or English text). */
export function titleHead(title?: MessageId | (string & {})) {
  return () => ({ meta: [{ title: documentTitle(title) }] });
}
