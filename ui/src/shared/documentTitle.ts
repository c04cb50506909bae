import { MESSAGES, type MessageId } from '../../../common/i18n/messages.ts';
import { pageTitle } from '../../../common/site/page-metadata.ts';
import { PAGE_LOCALE } from '../i18n/pageLocale.ts';

/**
 * A page title in the page's language: given a message id, its message (public pages, the same
 * `meta.*` ids the served HTML's title uses); given text, that text (admin pages stay English).
 */
function inPageLanguage(title: string): string {
  return Object.hasOwn(MESSAGES.en, title) ? MESSAGES[PAGE_LOCALE][title as MessageId] : title;
}

/** The document title of a page: "<page> | Crime Clock", or the product name alone, in the page's language. */
export function documentTitle(title?: MessageId | (string & {})): string {
  return pageTitle(title ? inPageLanguage(title) : undefined, PAGE_LOCALE);
}

/** A route `head` option that gives the page its document title (a message id, or English text). */
export function titleHead(title?: MessageId | (string & {})) {
  return () => ({ meta: [{ title: documentTitle(title) }] });
}
