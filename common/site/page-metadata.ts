/**
 * What each page of the site says about itself before any script runs: its title, description,
 * canonical address, and the image and card a chat or a social post shows for a shared link (Open
 * Graph, and the card tags X and others read). One table for every route, so the server can fill
 * the app shell for the route asked (api/src/ui-hosting) and the oEmbed answer can name the same
 * clock the same way. Pure: the caller gives the origin, and renders the tags with `headTags`.
 */
import { parseClockAreaId, clockAreaId } from '../clock/area.ts';
import { areaName } from '../clock/area-name.ts';
import { createIntl, type IntlShape } from '@formatjs/intl';
import {
  hasWelshTwin,
  INTL_LOCALE,
  localeOfPath,
  localizedPath,
  pathWithoutLocale,
  type Locale,
} from '../i18n/locale.ts';
import { MESSAGES, type MessageId } from '../i18n/messages.ts';
import { EMBED_PATH } from './embed-paths.ts';
import { isPagePath } from './page-paths.ts';

/**
 * The product's name in English: the partner API, oEmbed and the preview image use it. A Welsh
 * page names the product in Welsh ("Cloc Troseddau", `meta.siteName`; docs/i18n.md says why).
 */
export const SITE_NAME = 'Crime Clock';

/** The product's name in a language. */
export function siteName(locale: Locale): string {
  return MESSAGES[locale]['meta.siteName'];
}

/** The clocks a page can show; the embed of each lives at `/embed/<path>`. */
export type ClockPage = 'crime-clock' | 'police-crime-clock';

/** The preview image of a clock: a PNG drawn on the server (api/src/og-image). */
export const CLOCK_IMAGE = { path: '/api/og/clock.png', width: 1200, height: 630 } as const;

export interface PageMetadata {
  /** The document title, "<page> | Crime Clock". */
  title: string;
  description: string;
  /** Path and query of the canonical address (the origin is the caller's). */
  canonicalPath: string;
  /** Path and query of the preview image; absent for pages without one of their own. */
  imagePath?: string;
  imageAlt?: string;
  /** The clock this page shows, for the oEmbed discovery link; absent for other pages. */
  clock?: { page: ClockPage; area?: string };
  /** Admin pages: kept out of search engines. */
  noIndex?: boolean;
  /** The language of the address (`/cy/...` is Welsh): the served `<html lang>`. */
  locale: Locale;
  /**
   * Path and query of the page in each language, for the `hreflang` alternates; absent for
   * pages with no Welsh twin (admin, embeds).
   */
  alternates?: Record<Locale, string>;
}

/**
 * A page's words, as message ids (common/i18n/messages), so its head speaks its language; admin
 * pages, which stay English, give their title as text.
 */
interface RouteEntry {
  title?: string;
  titleId?: MessageId;
  descriptionId: MessageId;
  clock?: ClockPage;
  noIndex?: boolean;
}

const DEFAULT_DESCRIPTION_ID: MessageId = 'meta.site.description';

const ADMIN: RouteEntry = { title: 'Admin', descriptionId: DEFAULT_DESCRIPTION_ID, noIndex: true };

/** Each clock's name (message id). */
const CLOCK_NAME_ID: Record<ClockPage, MessageId> = {
  'crime-clock': 'meta.csewClock.title',
  'police-crime-clock': 'meta.policeClock.title',
};

/**
 * The pages of the app (common/site/page-paths.ts) with words of their own; a page without an
 * entry here previews as the site itself, under its own address.
 */
export const ROUTE_METADATA: Readonly<Record<string, RouteEntry>> = {
  '/': { descriptionId: DEFAULT_DESCRIPTION_ID },
  '/crime-clock': {
    titleId: 'meta.csewClock.title',
    descriptionId: 'meta.csewClock.description',
    clock: 'crime-clock',
  },
  '/police-crime-clock': {
    titleId: 'meta.policeClock.title',
    descriptionId: 'meta.policeClock.description',
    clock: 'police-crime-clock',
  },
  [EMBED_PATH.csew]: {
    titleId: 'meta.csewEmbed.title',
    descriptionId: 'meta.csewEmbed.description',
    clock: 'crime-clock',
  },
  [EMBED_PATH.police]: {
    titleId: 'meta.policeEmbed.title',
    descriptionId: 'meta.policeEmbed.description',
    clock: 'police-crime-clock',
  },
  '/search': { titleId: 'meta.search.title', descriptionId: 'meta.search.description' },
  '/privacy-policy': { titleId: 'privacy.title', descriptionId: 'meta.privacy.description' },
  '/glossary': { titleId: 'glossary.title', descriptionId: 'meta.glossary.description' },
  '/data-status': { titleId: 'dataStatus.title', descriptionId: 'meta.dataStatus.description' },
  '/alerts/confirm': { titleId: 'meta.alertsConfirm.title', descriptionId: 'meta.alerts.description' },
  '/alerts/unsubscribe': {
    titleId: 'meta.alertsUnsubscribe.title',
    descriptionId: 'meta.alerts.description',
  },
  '/alerts/manage': { titleId: 'meta.alertsManage.title', descriptionId: 'meta.alerts.description' },
  '/developers': { titleId: 'meta.developers.title', descriptionId: 'meta.developers.description' },
  '/developers/key': {
    titleId: 'meta.developerKey.title',
    descriptionId: 'meta.developerKey.description',
    noIndex: true,
  },
  '/admin': ADMIN,
  '/admin/algorithms': ADMIN,
  '/admin/csew-data': ADMIN,
  '/admin/smtp-settings': ADMIN,
  '/admin/api-keys': ADMIN,
  '/admin/police-crime-clock': ADMIN,
  '/admin/messages': ADMIN,
  '/admin/security': ADMIN,
};

/**
 * "<page> | Crime Clock" ("… | Cloc Troseddau" in Welsh), or the site's name alone; the app's tab
 * title too (ui/src/shared/documentTitle.ts).
 */
export function pageTitle(page?: string, locale: Locale = 'en'): string {
  return page ? `${page} | ${siteName(locale)}` : siteName(locale);
}

const INTL: Record<Locale, IntlShape<string>> = {
  en: createIntl({ locale: INTL_LOCALE.en, messages: MESSAGES.en }),
  cy: createIntl({ locale: INTL_LOCALE.cy, messages: MESSAGES.cy }),
};

/** A message in a language, with its values (FormatJS, as the app formats it). */
function say(locale: Locale, id: MessageId, values?: Record<string, string>): string {
  return INTL[locale].formatMessage({ id }, values);
}

/** The served title of an address that is no page ("404 Page Not Found | Crime Clock"), as the app's own. */
export function notFoundTitle(locale: Locale): string {
  return pageTitle(say(locale, 'notFound.documentTitle'), locale);
}

/**
 * The title of a page of the app in a language, without the site's name ("Glossary"), as its
 * served head gives it; undefined for the home page and for an address that is no page.
 */
export function routeTitle(path: string, locale: Locale): string | undefined {
  const entry = Object.hasOwn(ROUTE_METADATA, path) ? ROUTE_METADATA[path] : undefined;
  return entry?.titleId ? MESSAGES[locale][entry.titleId] : entry?.title;
}

/** Splits a request's path and query; one trailing slash is ignored. */
function splitUrl(url: string): { path: string; query: URLSearchParams } {
  const [beforeHash = ''] = url.split('#', 1);
  const q = beforeHash.indexOf('?');
  let path = q < 0 ? beforeHash : beforeHash.slice(0, q);
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  return { path, query: new URLSearchParams(q < 0 ? '' : beforeHash.slice(q + 1)) };
}

/** The query of a clock's canonical address and image: the area only, in its one spelling. */
function areaQuery(area: string | undefined): string {
  return area ? `?${new URLSearchParams({ area }).toString()}` : '';
}

/**
 * The metadata of the page at `url` (path and query, as a request names it); undefined for an
 * address that is no page of the app. An area in the query counts only on the police clock and only
 * when it names a real area (common/clock/area.ts): anything else is left out, never echoed.
 */
export function pageMetadata(url: string): PageMetadata | undefined {
  const { path: asked, query } = splitUrl(url);
  if (!isPagePath(asked)) return undefined;
  // A Welsh address (/cy/glossary) is its English twin's page, in Welsh.
  const locale = localeOfPath(asked);
  const path = pathWithoutLocale(asked);
  const entry = (Object.hasOwn(ROUTE_METADATA, path) ? ROUTE_METADATA[path] : undefined) ?? {
    descriptionId: DEFAULT_DESCRIPTION_ID,
  };
  const base: PageMetadata = {
    title: pageTitle(routeTitle(path, locale), locale),
    description: say(locale, entry.descriptionId),
    canonicalPath: path,
    ...(entry.noIndex ? { noIndex: true } : {}),
    locale,
  };
  const page = entry.clock ? clockMetadata(base, entry.clock, query) : base;
  if (!hasWelshTwin(path)) return page;
  const alternates = { en: page.canonicalPath, cy: localizedPath(page.canonicalPath, 'cy') };
  return { ...page, canonicalPath: alternates[locale], alternates };
}

/** A clock page's metadata: named after its area when the address names a real one. */
function clockMetadata(base: PageMetadata, clock: ClockPage, query: URLSearchParams): PageMetadata {
  const path = base.canonicalPath;
  const parsed = clock === 'police-crime-clock' ? parseClockAreaId(query.get('area')) : undefined;
  const area = parsed ? clockAreaId(parsed) : undefined;
  const { locale } = base;
  const label = parsed ? areaName(parsed, locale) : undefined;
  const clockName = say(locale, CLOCK_NAME_ID[clock]);
  return {
    ...base,
    ...(label
      ? {
          title: pageTitle(say(locale, 'meta.clock.areaTitle', { clock: clockName, area: label }), locale),
          description: say(locale, 'meta.clock.areaDescription', { area: label }),
        }
      : {}),
    canonicalPath: `${path}${areaQuery(area)}`,
    // A Welsh page's preview is drawn in Welsh; the English image keeps its address.
    imagePath: `${CLOCK_IMAGE.path}?${new URLSearchParams({
      clock,
      ...(area ? { area } : {}),
      ...(locale === 'en' ? {} : { lang: locale }),
    }).toString()}`,
    imageAlt: label
      ? say(locale, 'meta.clock.areaImageAlt', { clock: clockName, area: label })
      : say(locale, 'meta.clock.imageAlt', { clock: clockName }),
    clock: { page: clock, ...(area ? { area } : {}) },
  };
}

/** The address of the clock page that shows `clock` (the oEmbed `url` and the discovery link name it). */
export function clockPagePath(clock: { page: ClockPage; area?: string }): string {
  return `/${clock.page}${areaQuery(clock.area)}`;
}

/**
 * The embed of a clock, for an iframe (the embed entry: ui/src/features/embed); in Welsh with
 * `lang=cy`, as an embed carries its language in its own address.
 */
export function clockEmbedPath(clock: { page: ClockPage; area?: string }, locale: Locale = 'en'): string {
  const query = new URLSearchParams({
    ...(clock.area ? { area: clock.area } : {}),
    ...(locale === 'en' ? {} : { lang: locale }),
  }).toString();
  return `/embed/${clock.page}${query ? `?${query}` : ''}`;
}

/** Text for HTML: element content and double-quoted attribute values alike. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Open Graph writes a locale with an underscore. */
const OG_LOCALE: Record<Locale, string> = { en: 'en_GB', cy: 'cy_GB' };

const meta = (attribute: 'name' | 'property', key: string, content: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;

/**
 * The `<head>` tags of a page: title, description, canonical link, Open Graph and card tags, the
 * `hreflang` alternates of a page that has a Welsh twin, and for a clock the oEmbed discovery link. `origin` makes every address absolute (no trailing slash).
 */
export function headTags(page: PageMetadata, origin: string): string {
  const absolute = (path: string) => `${origin}${path}`;
  const url = absolute(page.canonicalPath);
  const tags = [
    `<title>${escapeHtml(page.title)}</title>`,
    meta('name', 'description', page.description),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', siteName(page.locale)),
    meta('property', 'og:title', page.title),
    meta('property', 'og:description', page.description),
    meta('property', 'og:url', url),
    meta('property', 'og:locale', OG_LOCALE[page.locale]),
  ];
  if (page.imagePath) {
    tags.push(
      meta('property', 'og:image', absolute(page.imagePath)),
      meta('property', 'og:image:type', 'image/png'),
      meta('property', 'og:image:width', String(CLOCK_IMAGE.width)),
      meta('property', 'og:image:height', String(CLOCK_IMAGE.height)),
      meta('property', 'og:image:alt', page.imageAlt ?? page.title),
      meta('name', 'twitter:card', 'summary_large_image'),
      meta('name', 'twitter:image', absolute(page.imagePath)),
      meta('name', 'twitter:image:alt', page.imageAlt ?? page.title),
    );
  } else {
    tags.push(meta('name', 'twitter:card', 'summary'));
  }
  tags.push(meta('name', 'twitter:title', page.title), meta('name', 'twitter:description', page.description));
  if (page.noIndex) tags.push(meta('name', 'robots', 'noindex'));
  if (page.alternates) {
    // The same page in each language; a visitor whose language is neither gets the English.
    const { en, cy } = page.alternates;
    for (const [hreflang, path] of [
      ['en', en],
      ['cy', cy],
      ['x-default', en],
    ] as const) {
      tags.push(`<link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(absolute(path))}" />`);
    }
  }
  if (page.clock) {
    const oembed = `${origin}/api/oembed?${new URLSearchParams({ url: absolute(clockPagePath(page.clock)), format: 'json' }).toString()}`;
    tags.push(
      `<link rel="alternate" type="application/json+oembed" href="${escapeHtml(oembed)}" title="${escapeHtml(page.title)}" />`,
    );
  }
  return tags.join('\n    ');
}
