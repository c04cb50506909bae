/**
 * An Atom 1.0 document (RFC 4287) from plain values: every text is escaped, and characters XML
 * 1.0 does not allow are dropped, so whatever a label holds the document stays well-formed.
 */

export interface AtomEntry {
  /** A permanent IRI (RFC 4287 §4.2.6). */
  id: string;
  title: string;
  /** RFC 3339 instant. */
  updated: string;
  link: string;
  summary: string;
}

export interface AtomFeed {
  /** The language of its texts (`xml:lang`, RFC 4287 §2): "en", "cy". */
  lang?: string;
  id: string;
  title: string;
  subtitle?: string;
  updated: string;
  /** The feed's own URL (rel="self") and the page it is about (rel="alternate"). */
  self: string;
  alternate: string;
  author: string;
  entries: readonly AtomEntry[];
}

// XML 1.0 Char: tab, newline, carriage return, and U+0020 onwards except surrogates and U+FFFE/F.
// eslint-disable-next-line no-control-regex
const NOT_XML = /[^\x09\x0A\x0D\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export function xmlText(value: string): string {
  return value
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

export function atomDocument(feed: AtomFeed): string {
  const t = xmlText;
  const entries = feed.entries.map((entry) =>
    [
      '  <entry>',
      `    <id>${t(entry.id)}</id>`,
      `    <title>${t(entry.title)}</title>`,
      `    <updated>${t(entry.updated)}</updated>`,
      `    <link rel="alternate" type="text/html" href="${t(entry.link)}"/>`,
      `    <summary type="text">${t(entry.summary)}</summary>`,
      '  </entry>',
    ].join('\n'),
  );
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom"${feed.lang ? ` xml:lang="${t(feed.lang)}"` : ''}>`,
    `  <id>${t(feed.id)}</id>`,
    `  <title>${t(feed.title)}</title>`,
    ...(feed.subtitle ? [`  <subtitle>${t(feed.subtitle)}</subtitle>`] : []),
    `  <updated>${t(feed.updated)}</updated>`,
    `  <link rel="self" type="application/atom+xml" href="${t(feed.self)}"/>`,
    `  <link rel="alternate" type="text/html" href="${t(feed.alternate)}"/>`,
    `  <author><name>${t(feed.author)}</name></author>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}
