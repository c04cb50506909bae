/**
 * The site's two languages and how a request or a page picks one, English or Welsh. Pure, so the
 * API (served HTML, e-mails) and the browser app decide the same way.
 */
import { WELSH_MONTH_NAMES, WELSH_SHORT_MONTH_NAMES } from '../search/months.ts';

export const LOCALES = ['en', 'cy'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** The cookie that keeps a visitor's choice; the language switch writes it. */
export const LOCALE_COOKIE = 'lang';
/** One year: a language choice is not a session thing. */
export const LOCALE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** Intl locale per site language: British conventions for both (dates 26/11/2026, 1,234.5). */
export const INTL_LOCALE: Record<Locale, string> = { en: 'en-GB', cy: 'cy-GB' };

/** Name of each language in itself: what the switch shows for the *other* language. */
export const LANGUAGE_NAME: Record<Locale, string> = { en: 'English', cy: 'Cymraeg' };

const WELSH_PREFIX = '/cy';

/**
 * Paths that have no Welsh twin: the admin pages may stay English (only the site's staff read
 * them), and embeds take their language from `?lang=cy` because an embed inside another site
 * carries no cookie of ours.
 */
const UNPREFIXED = [/^\/admin(\/|$)/, /^\/embed(\/|$)/, /^\/api(\/|$)/];

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The other language: what the switch offers. */
export function otherLocale(locale: Locale): Locale {
  return locale === 'cy' ? 'en' : 'cy';
}

/** The language an address is in: `/cy` and `/cy/...` are Welsh, everything else English. */
export function localeOfPath(path: string): Locale {
  return path === WELSH_PREFIX || path.startsWith(`${WELSH_PREFIX}/`) || path.startsWith(`${WELSH_PREFIX}?`)
    ? 'cy'
    : 'en';
}

/** The page an address shows, whatever its language: `/cy/search?q=1` → `/search?q=1`, `/cy` → `/`. */
export function pathWithoutLocale(path: string): string {
  if (localeOfPath(path) !== 'cy') return path;
  const rest = path.slice(WELSH_PREFIX.length);
  return rest === '' || rest.startsWith('?') || rest.startsWith('#') ? `/${rest}` : rest;
}

/** Whether a page has a Welsh address (`/cy/...`); admin, embed and API paths do not. */
export function hasWelshTwin(path: string): boolean {
  const page = pathWithoutLocale(path);
  return !UNPREFIXED.some((pattern) => pattern.test(page));
}

/** The address of a page in a language: `('/search', 'cy')` → `/cy/search`; `('/cy/', 'en')` → `/`. */
export function localizedPath(path: string, locale: Locale): string {
  const page = pathWithoutLocale(path);
  if (locale === 'en' || !hasWelshTwin(page)) return page;
  return page === '/'
    ? WELSH_PREFIX
    : page.startsWith('/?') || page.startsWith('/#')
      ? `${WELSH_PREFIX}${page.slice(1)}`
      : `${WELSH_PREFIX}${page}`;
}

/**
 * The language of a page view: the address first (a Welsh link stays Welsh), then the visitor's
 * kept choice, then the browser's Accept-Language (first visit), else English.
 */
export function pickLocale(
  acceptLanguage: string | undefined,
  cookie: string | undefined,
  path: string,
): Locale {
  if (localeOfPath(path) === 'cy') return 'cy';
  if (isLocale(cookie)) return cookie;
  return localeFromAcceptLanguage(acceptLanguage);
}

/**
 * The first of our languages in an Accept-Language header, by its q weights
 * (`cy-GB,cy;q=0.9,en;q=0.8` → cy; `fr,en;q=0.5` → en). Ties keep the header's order.
 */
export function localeFromAcceptLanguage(header: string | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  const ranges = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return {
        language: tag.trim().toLowerCase().split('-')[0] ?? '',
        weight: Number.isFinite(weight) ? weight : 0,
        index,
      };
    })
    .filter((range) => range.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const range of ranges) if (isLocale(range.language)) return range.language;
  return DEFAULT_LOCALE;
}

/**
 * A date the way the language writes it, month names included ("26 Tachwedd 2026", "7 Rhagfyr 2026
 * am 18:37"). Welsh months
 * come from our own table, not the browser's Intl data, which need not carry Welsh (Chromium as
 * Debian builds it writes "July 24, 2025" for cy-GB): the date is laid out as en-GB, which orders
 * day, month and year as Welsh does, and its month name is put into Welsh.
 */
export function formatDate(
  date: Date | number,
  locale: Locale,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'long', timeZone: 'Europe/London' },
): string {
  if (locale === 'en') return new Intl.DateTimeFormat(INTL_LOCALE.en, options).format(date);
  const monthIndex =
    Number(new Intl.DateTimeFormat('en-GB', { month: 'numeric', timeZone: options.timeZone }).format(date)) -
    1;
  const names = options.month === 'short' ? WELSH_SHORT_MONTH_NAMES : WELSH_MONTH_NAMES;
  return new Intl.DateTimeFormat(INTL_LOCALE.en, options)
    .formatToParts(date)
    .map((part) => {
      if (part.type === 'month' && !/^\d+$/.test(part.value)) return names[monthIndex];
      // en-GB joins a long date to its time with a word ("7 December 2026 at 18:37"); Welsh says "am".
      if (part.type === 'literal' && /\bat\b/.test(part.value)) return part.value.replace(/\bat\b/, 'am');
      return part.value;
    })
    .join('');
}
