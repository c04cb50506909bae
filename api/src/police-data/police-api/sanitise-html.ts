import sanitizeHtml from 'sanitize-html';

/**
 * Officer bios from data.police.uk are HTML typed by forces into their own CMS, so they reach us
 * with anything from <span style> soup to pasted <script> tags. `sanitize-html` parses them
 * (htmlparser2) and writes a fresh fragment from an allow-list.
 */

const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/**
 * Elements removed with everything inside them: scripts and styles, raw-text elements, and
 * embedded documents, vector images and templates, whose content is never readable prose.
 */
const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'textarea',
  'option',
  'title',
  'xmp',
  'iframe',
  'noembed',
  'noframes',
  'noscript',
  'plaintext',
  'template',
  'svg',
  'math',
  'object',
  'applet',
  'select',
  'head',
  'frameset',
];

/** Tags after which plain text needs a break, so words either side do not run together. */
const BLOCK_TAGS = [
  'p',
  'br',
  'div',
  'li',
  'ul',
  'ol',
  'tr',
  'td',
  'th',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'section',
  'article',
  'header',
  'footer',
  'table',
];

const withoutControlCharacters = (value: string) =>
  Array.from(value)
    .filter((c) => c > '\u001f' && c !== '\u007f')
    .join('');

/**
 * An absolute http(s) or mailto URL, or undefined. The control characters browsers ignore are
 * removed first, so `java\tscript:` cannot slip past; the URL written out is the URL parser's own
 * serialisation of what was checked. The value must already be entity-decoded (the HTML parser
 * decodes attribute values; contact details go through `htmlToText`).
 */
export function safeLinkUrl(href: string): string | undefined {
  const cleaned = withoutControlCharacters(href).trim();
  if (cleaned === '') return undefined;
  let url: URL;
  try {
    url = new URL(cleaned);
  } catch {
    return undefined;
  }
  return LINK_PROTOCOLS.has(url.protocol) ? url.href : undefined;
}

/** A tag name outside the allow-list: the tag is dropped and its text kept. */
const UNWRAPPED = 'span';

const BIO_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'em', 'b', 'i', 'ul', 'ol', 'li', 'a'],
  allowedAttributes: { a: ['href', 'rel'] },
  allowedSchemes: [...LINK_PROTOCOLS].map((protocol) => protocol.slice(0, -1)),
  allowProtocolRelative: false,
  nonTextTags: DROPPED_WITH_CONTENT,
  selfClosing: ['br'],
  transformTags: {
    // A link whose href is refused keeps its text and loses its tag.
    a: (tagName, attribs): sanitizeHtml.Tag => {
      const href = safeLinkUrl(attribs.href ?? '');
      return href === undefined
        ? { tagName: UNWRAPPED, attribs: {} }
        : { tagName, attribs: { href, rel: 'nofollow noopener noreferrer' } };
    },
  },
};

/**
 * HTML reduced to paragraphs, line breaks, emphasis, lists and http(s)/mailto links. Other tags
 * are removed with their text kept; scripts, styles, embedded documents and comments are removed
 * with their content; no attribute survives except a checked `href`. Output tags are balanced.
 */
export function sanitiseHtml(html: string): string {
  return sanitizeHtml(html, BIO_OPTIONS).trim();
}

const BREAK = 'br';

const TEXT_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [BREAK],
  allowedAttributes: {},
  nonTextTags: DROPPED_WITH_CONTENT,
  selfClosing: [BREAK],
  transformTags: Object.fromEntries(BLOCK_TAGS.map((tag) => [tag, () => ({ tagName: BREAK, attribs: {} })])),
};

/** sanitize-html escapes exactly these in text; `&amp;` last, so `&amp;lt;` stays `&lt;`. */
const unescapeText = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

/**
 * The readable text of an HTML fragment, for fields shown as plain text (names, ranks,
 * addresses): tags removed, entities decoded, whitespace collapsed.
 */
export function htmlToText(html: string): string {
  const withBreaks = sanitizeHtml(html, TEXT_OPTIONS);
  return unescapeText(withBreaks.replace(/<br ?\/?>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
}
