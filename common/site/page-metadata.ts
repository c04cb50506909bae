/**
 * What each page of the site says about itself before any script runs: its title, description,
 * canonical address, and the image and card a chat or a social post shows for a shared link (Open
 * Graph, and the card tags X and others read). One table for every route, so the server can fill
 * the app shell for the route asked (api/src/ui-hosting) and the oEmbed answer can name the same
 * clock the same way. Pure: the caller gives the origin, and renders the tags with `headTags`.
 */
import { parseClockAreaId, clockAreaId, type ClockArea } from '../clock/area.ts';
import { hasWelshTwin, localeOfPath, localizedPath, pathWithoutLocale, type Locale } from '../i18n/locale.ts';
import { MESSAGES, type MessageId } from '../i18n/messages.ts';
import { forceById } from '../police/forces.ts';
import { parsePostcode } from '../postcode/postcode.ts';
import { isPagePath } from './page-paths.ts';

export const SITE_NAME = 'Crime Clock';

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
 * A page's words: in English only (`title`, `description`), or as message ids
 * (common/i18n/messages) for a page translated into Welsh, so its head speaks its language.
 */
interface RouteEntry {
  title?: string;
  titleId?: MessageId;
  description?: string;
  descriptionId?: MessageId;
  clock?: ClockPage;
  noIndex?: boolean;
}

const DEFAULT_DESCRIPTION_ID: MessageId = 'meta.site.description';

const ADMIN: RouteEntry = { title: 'Admin', descriptionId: DEFAULT_DESCRIPTION_ID, noIndex: true };

/**
 * The pages of the app (common/site/page-paths.ts) with words of their own; a page without an
 * entry here previews as the site itself, under its own address.
 */
export const ROUTE_METADATA: Readonly<Record<string, RouteEntry>> = {
  '/': { descriptionId: DEFAULT_DESCRIPTION_ID },
  '/crime-clock': {
    title: 'CSEW Crime Clock',
    description:
      'How often crime happens in England and Wales, live: the Crime Survey for England and Wales spread over the year.',
    clock: 'crime-clock',
  },
  '/police-crime-clock': {
    title: 'Police Crime Clock',
    description:
      'Police-recorded crime in England and Wales, live: the last 12 months of data.police.uk spread over the year.',
    clock: 'police-crime-clock',
  },
  '/embed/crime-clock': {
    title: 'CSEW Crime Clock (embedded)',
    description: 'The CSEW Crime Clock, to embed in another page.',
    clock: 'crime-clock',
  },
  '/embed/police-crime-clock': {
    title: 'Police Crime Clock (embedded)',
    description: 'The Police Crime Clock, to embed in another page.',
    clock: 'police-crime-clock',
  },
  '/search': {
    title: 'Crime Data Search',
    description:
      'Search police-recorded crime around a postcode, in a police force or a neighbourhood of England and Wales.',
  },
  '/privacy-policy': {
    title: 'Privacy Policy',
    description: 'What Crime Clock records about its visitors, and why.',
  },
  '/glossary': { titleId: 'glossary.title', descriptionId: 'meta.glossary.description' },
  '/admin': ADMIN,
  '/admin/algorithms': ADMIN,
  '/admin/csew-data': ADMIN,
  '/admin/smtp-settings': ADMIN,
  '/admin/api-keys': ADMIN,
  '/admin/police-crime-clock': ADMIN,
  '/admin/messages': ADMIN,
  '/admin/security': ADMIN,
};

/** "<page> | Crime Clock", or the site's name alone (ui/src/shared/documentTitle.ts writes the same). */
export function pageTitle(page?: string): string {
  return page ? `${page} | ${SITE_NAME}` : SITE_NAME;
}

/** The area as a reader names it: "Kent Police", "1 mile around SW1A 1AA", "neighbourhood MW01, Kent Police". */
export function areaLabel(area: ClockArea): string {
  switch (area.kind) {
    case 'postcode':
      return `1 mile around ${parsePostcode(area.postcode)?.canonical ?? area.postcode}`;
    case 'force':
      return forceById(area.forceId)?.name ?? area.forceId;
    case 'neighbourhood':
      return `neighbourhood ${area.neighbourhoodId}, ${forceById(area.forceId)?.name ?? area.forceId}`;
  }
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
  // A Welsh address (/cy/glossary) is its English twin's page, in Welsh where the page is translated.
  const locale = localeOfPath(asked);
  const path = pathWithoutLocale(asked);
  const entry = (Object.hasOwn(ROUTE_METADATA, path) ? ROUTE_METADATA[path] : undefined) ?? {
    descriptionId: DEFAULT_DESCRIPTION_ID,
  };
  const words = MESSAGES[locale];
  const title = entry.titleId ? words[entry.titleId] : entry.title;
  const base: PageMetadata = {
    title: pageTitle(title),
    description: entry.descriptionId
      ? words[entry.descriptionId]
      : (entry.description ?? words[DEFAULT_DESCRIPTION_ID]),
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
  const label = parsed ? areaLabel(parsed) : undefined;
  const clockName = clock === 'crime-clock' ? 'CSEW Crime Clock' : 'Police Crime Clock';
  return {
    ...base,
    ...(label
      ? {
          title: pageTitle(`${clockName}: ${label}`),
          description: `Police-recorded crime in ${label}, live: the last 12 months of data.police.uk spread over the year.`,
        }
      : {}),
    canonicalPath: `${path}${areaQuery(area)}`,
    imagePath: `${CLOCK_IMAGE.path}?${new URLSearchParams({ clock, ...(area ? { area } : {}) }).toString()}`,
    imageAlt: `The ${clockName}${label ? ` for ${label}` : ''}: crimes so far this year.`,
    clock: { page: clock, ...(area ? { area } : {}) },
  };
}

/** The address of the clock page that shows `clock` (the oEmbed `url` and the discovery link name it). */
export function clockPagePath(clock: { page: ClockPage; area?: string }): string {
  return `/${clock.page}${areaQuery(clock.area)}`;
}

/** The embed of a clock, for an iframe (the embed entry: ui/src/features/embed). */
export function clockEmbedPath(clock: { page: ClockPage; area?: string }): string {
  return `/embed/${clock.page}${areaQuery(clock.area)}`;
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
    meta('property', 'og:site_name', SITE_NAME),
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
