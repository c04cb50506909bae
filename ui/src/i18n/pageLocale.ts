import type { LocationRewrite } from '@tanstack/react-router';
import {
  hasWelshTwin,
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE_SECONDS,
  localeOfPath,
  localizedPath,
  pathWithoutLocale,
  pickLocale,
  type Locale,
} from '../../../common/i18n/locale.ts';

/**
 * The language of this page load, from its address. It never changes while the page lives: the
 * language switch is a real link to the other language's address, so a page never mixes the two.
 * (No window in unit tests that import the router: English.)
 */
export const PAGE_LOCALE: Locale =
  typeof window === 'undefined' ? 'en' : localeOfPath(window.location.pathname);

/**
 * `/cy/...` addresses mirror the English ones without declaring any route twice: the router
 * matches the address without its `/cy` and, on a Welsh page, puts `/cy` back on every link.
 */
export const localeRewrite: LocationRewrite = {
  input: ({ url }) => {
    if (localeOfPath(url.pathname) !== 'cy') return undefined;
    const next = new URL(url);
    next.pathname = pathWithoutLocale(url.pathname);
    return next;
  },
  output: ({ url }) => {
    if (PAGE_LOCALE !== 'cy' || !hasWelshTwin(url.pathname)) return undefined;
    const next = new URL(url);
    next.pathname = localizedPath(url.pathname, 'cy');
    return next;
  },
};

/** Keeps the visitor's choice for their next visit to an address without `/cy`. */
export function rememberLocale(locale: Locale): void {
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=${LOCALE_COOKIE_MAX_AGE_SECONDS}; samesite=lax`;
}

function cookieValue(name: string): string | undefined {
  const pair = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return pair?.slice(name.length + 1);
}

/**
 * Where this page load should be instead, if anywhere: an English address opened by a visitor
 * who chose Welsh (cookie), or whose browser asks for Welsh first on a first visit.
 */
export function addressInChosenLocale(): string | undefined {
  const { pathname, search, hash } = window.location;
  if (!hasWelshTwin(pathname)) return undefined;
  const wanted = pickLocale(navigator.languages.join(','), cookieValue(LOCALE_COOKIE), pathname);
  return wanted === PAGE_LOCALE ? undefined : localizedPath(`${pathname}${search}${hash}`, wanted);
}
