import { OEMBED_DEFAULT_SIZE, type OEmbedQuery, type OEmbedRich } from '../../../common/contracts/oembed.ts';
import { syntheticTitle } from '../../../common/site/sharing-words.ts';
import {
  CLOCK_IMAGE,
  SITE_NAME,
  clockEmbedPath,
  escapeHtml,
  pageMetadata,
  type PageMetadata,
} from '../../../common/site/page-metadata.ts';

/** How long a consumer may keep an answer: it changes only with a release. */
export const OEMBED_CACHE_AGE_SECONDS = 86_400;

export type OEmbedResult =
  | { kind: 'rich'; answer: OEmbedRich }
  | { kind: 'bad-url' }
  /** Another site's address, or no clock page of ours. */
  | { kind: 'not-ours' };

/** What the oEmbed answer depends on: the contract's query without the format (json only). */
export type OEmbedRequest = Omit<OEmbedQuery, 'format'>;

/** The clock page `url` names on `origin`; undefined for any other address. */
function clockPageAt(
  url: URL,
  origin: string,
): (PageMetadata & Required<Pick<PageMetadata, 'clock'>>) | undefined {
  if (url.origin !== new URL(origin).origin) return undefined;
  const page = pageMetadata(`${url.pathname}${url.search}`);
  if (!page?.clock) return undefined;
  // An area the clock does not have (none on the survey clock, or one that names nothing) is no
  // page of ours: the consumer is told so rather than given the national clock under its address.
  if (url.searchParams.has('area') && !page.clock.area) return undefined;
  return page as PageMetadata & Required<Pick<PageMetadata, 'clock'>>;
}

/**
 * The oEmbed answer for a clock page of the site at `origin`: its embed in an iframe and the
 * resize script, no larger than the consumer's maxwidth and maxheight, in the page's language (a
 * /cy/ page's embed is the Welsh one). `policeSynthetic`: the police data is the synthetic sample,
 * which a police clock's title then says (the survey clock's figures are ONS's own).
 */
export function oembedFor(request: OEmbedRequest, origin: string, policeSynthetic = false): OEmbedResult {
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return { kind: 'bad-url' };
  }
  const page = clockPageAt(url, origin);
  if (!page) return { kind: 'not-ours' };
  const title = syntheticTitle(
    page.title,
    policeSynthetic && page.clock.page === 'police-crime-clock',
    page.locale,
  );
  const width = Math.min(OEMBED_DEFAULT_SIZE.width, request.maxwidth ?? Infinity);
  const height = Math.min(OEMBED_DEFAULT_SIZE.height, request.maxheight ?? Infinity);
  // The frame is as wide as its column up to `width`; /embed.js then fits its height to the clock.
  const html =
    `<iframe src="${escapeHtml(`${origin}${clockEmbedPath(page.clock, page.locale)}`)}" title="${escapeHtml(title)}"` +
    ` width="${width}" height="${height}" loading="lazy"` +
    ` style="border: 0; width: 100%; max-width: ${width}px; height: ${height}px"></iframe>` +
    `<script src="${escapeHtml(origin)}/embed.js" async></script>`;
  const thumbnail = scaledToFit(CLOCK_IMAGE, request.maxwidth, request.maxheight);
  return {
    kind: 'rich',
    answer: {
      version: '1.0',
      type: 'rich',
      title,
      provider_name: SITE_NAME,
      provider_url: `${origin}/`,
      html,
      width,
      height,
      cache_age: OEMBED_CACHE_AGE_SECONDS,
      thumbnail_url: `${origin}${page.imagePath ?? CLOCK_IMAGE.path}`,
      ...thumbnail,
    },
  };
}

/** The image's size as the consumer may show it: the specification bounds thumbnails too. */
function scaledToFit(
  image: { width: number; height: number },
  maxwidth = Infinity,
  maxheight = Infinity,
): { thumbnail_width: number; thumbnail_height: number } {
  const scale = Math.min(1, maxwidth / image.width, maxheight / image.height);
  return {
    thumbnail_width: Math.max(1, Math.floor(image.width * scale)),
    thumbnail_height: Math.max(1, Math.floor(image.height * scale)),
  };
}
