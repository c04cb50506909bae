export const PRODUCT_NAME = 'Crime Clock';

/** The document title of a page: "<page> | Crime Clock", or the product name alone. */
export function documentTitle(pageTitle?: string): string {
  return pageTitle ? `${pageTitle} | ${PRODUCT_NAME}` : PRODUCT_NAME;
}

/** A route `head` option that gives the page its document title. */
export function titleHead(pageTitle?: string) {
  return () => ({ meta: [{ title: documentTitle(pageTitle) }] });
}
