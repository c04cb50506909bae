/**
 * Officer bios from data.police.uk are HTML typed by forces into their own CMS, so they reach us
 * with anything from <span style> soup to pasted <script> tags. Nothing is passed through as
 * received: the input is tokenised and a fresh document is written from an allow-list, so the
 * output's safety depends on what this module writes, never on how faithfully it parses.
 */

const ALLOWED_TAGS = new Set(['p', 'br', 'strong', 'em', 'b', 'i', 'ul', 'ol', 'li', 'a']);
const VOID_TAGS = new Set([
  'br',
  'hr',
  'img',
  'input',
  'meta',
  'link',
  'area',
  'base',
  'col',
  'embed',
  'wbr',
]);
/** Browsers read these elements' content as raw text, so it is skipped without being parsed as markup. */
const RAW_TEXT_TAGS = new Set([
  'script',
  'style',
  'textarea',
  'title',
  'xmp',
  'iframe',
  'noembed',
  'noframes',
  'noscript',
  'plaintext',
]);
/** Markup inside these is never readable prose (embedded documents, vector images, inert templates). */
const DROPPED_WITH_CONTENT = new Set([
  'template',
  'svg',
  'math',
  'object',
  'applet',
  'select',
  'head',
  'frameset',
]);
/** Tags after which plain text needs a break, so words either side do not run together. */
const BLOCK_TAGS = new Set([
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
]);
const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

type Token =
  | { type: 'text'; raw: string }
  | { type: 'start'; name: string; attributes: Map<string, string>; selfClosing: boolean }
  | { type: 'end'; name: string };

const TAG_NAME = /([a-zA-Z][^\s/>]*)/y;

function* tokenise(html: string): Generator<Token> {
  let i = 0;
  const length = html.length;
  while (i < length) {
    const lt = html.indexOf('<', i);
    if (lt === -1) {
      yield { type: 'text', raw: html.slice(i) };
      return;
    }
    if (lt > i) yield { type: 'text', raw: html.slice(i, lt) };
    i = lt;

    if (html.startsWith('<!--', i)) {
      const end = html.indexOf('-->', i + 4);
      i = end === -1 ? length : end + 3;
      continue;
    }
    const isEnd = html[i + 1] === '/';
    TAG_NAME.lastIndex = i + (isEnd ? 2 : 1);
    const nameMatch = TAG_NAME.exec(html);
    if (!nameMatch) {
      if (html[i + 1] === '!' || html[i + 1] === '?' || isEnd) {
        // A bogus comment (doctype, processing instruction, `</ x>`): dropped up to its `>`.
        const end = html.indexOf('>', i + 1);
        i = end === -1 ? length : end + 1;
      } else {
        yield { type: 'text', raw: '<' };
        i += 1;
      }
      continue;
    }
    const name = nameMatch[1]!.toLowerCase();
    const parsed = readAttributes(html, TAG_NAME.lastIndex);
    if (!parsed) return; // a tag cut off by the end of input is dropped, as browsers do
    i = parsed.next;
    if (isEnd) {
      yield { type: 'end', name };
      continue;
    }
    yield { type: 'start', name, attributes: parsed.attributes, selfClosing: parsed.selfClosing };
    if (RAW_TEXT_TAGS.has(name) && !parsed.selfClosing) {
      i = skipRawText(html, i, name);
      yield { type: 'end', name };
    }
  }
}

function skipRawText(html: string, from: number, name: string): number {
  const closing = new RegExp(`</${name}(?=[\\s/>])`, 'ig');
  closing.lastIndex = from;
  const match = closing.exec(html);
  if (!match) return html.length;
  const end = html.indexOf('>', match.index);
  return end === -1 ? html.length : end + 1;
}

function readAttributes(
  html: string,
  from: number,
): { attributes: Map<string, string>; selfClosing: boolean; next: number } | undefined {
  const attributes = new Map<string, string>();
  let i = from;
  let selfClosing = false;
  const isSpace = (c: string | undefined) =>
    c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f';
  while (i < html.length) {
    const c = html[i];
    if (isSpace(c)) {
      i += 1;
      continue;
    }
    if (c === '>') return { attributes, selfClosing, next: i + 1 };
    if (c === '/') {
      selfClosing = html[i + 1] === '>';
      i += 1;
      continue;
    }
    const nameStart = i;
    i += 1; // a leading '=' belongs to the name, as in the HTML tokeniser
    while (i < html.length && !isSpace(html[i]) && html[i] !== '/' && html[i] !== '>' && html[i] !== '=')
      i += 1;
    const attributeName = html.slice(nameStart, i).toLowerCase();
    let j = i;
    while (isSpace(html[j])) j += 1;
    let value = '';
    if (html[j] === '=') {
      j += 1;
      while (isSpace(html[j])) j += 1;
      const quote = html[j];
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, j + 1);
        if (close === -1) return undefined;
        value = html.slice(j + 1, close);
        j = close + 1;
      } else {
        const start = j;
        while (j < html.length && !isSpace(html[j]) && html[j] !== '>') j += 1;
        value = html.slice(start, j);
      }
      i = j;
    }
    selfClosing = false;
    if (!attributes.has(attributeName)) attributes.set(attributeName, value);
  }
  return undefined;
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  colon: ':',
  tab: '\t',
  newline: '\n',
  hellip: '\u2026',
  ndash: '\u2013',
  mdash: '\u2014',
  lsquo: '\u2018',
  rsquo: '\u2019',
  ldquo: '\u201c',
  rdquo: '\u201d',
  pound: '\u00a3',
  euro: '\u20ac',
  copy: '\u00a9',
  reg: '\u00ae',
  eacute: '\u00e9',
  egrave: '\u00e8',
  bull: '\u2022',
};

const CHARACTER_REFERENCE = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([a-zA-Z][a-zA-Z0-9]{1,31}));/g;

/** Decodes numeric references and the common named ones; unknown names stay as written. */
export function decodeEntities(text: string): string {
  return text.replace(CHARACTER_REFERENCE, (whole, decimal?: string, hex?: string, name?: string) => {
    if (name !== undefined) return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
    const code = decimal !== undefined ? Number.parseInt(decimal, 10) : Number.parseInt(hex!, 16);
    const invalid = code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff);
    return invalid ? '\ufffd' : String.fromCodePoint(code);
  });
}

/** Text goes out with markup characters escaped; well-formed character references are kept. */
function escapeText(raw: string): string {
  return raw
    .replace(/&(?!(?:#\d{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z][a-zA-Z0-9]{1,31});)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

const withoutControlCharacters = (value: string) =>
  Array.from(value)
    .filter((c) => c > '\u001f' && c !== '\u007f')
    .join('');

/**
 * An absolute http(s) or mailto URL, or undefined. Entities are decoded and the control
 * characters browsers ignore are removed first, so `jav&#97;script:` or `java\tscript:` cannot
 * slip past; the URL written out is the parser's own serialisation of what was checked.
 */
export function safeLinkUrl(href: string): string | undefined {
  const cleaned = withoutControlCharacters(decodeEntities(href)).trim();
  if (cleaned === '') return undefined;
  let url: URL;
  try {
    url = new URL(cleaned);
  } catch {
    return undefined;
  }
  return LINK_PROTOCOLS.has(url.protocol) ? url.href : undefined;
}

interface OpenTag {
  name: string;
  /** False for a link whose href was refused: its text is kept, its tags are not. */
  written: boolean;
}

/**
 * HTML reduced to paragraphs, line breaks, emphasis, lists and http(s)/mailto links. Other tags
 * are removed with their text kept; scripts, styles, embedded documents and comments are removed
 * with their content; no attribute survives except a checked `href`. Output tags are balanced.
 */
export function sanitiseHtml(html: string): string {
  let out = '';
  const open: OpenTag[] = [];
  const dropped: string[] = [];

  const closeThrough = (index: number) => {
    while (open.length > index) {
      const tag = open.pop()!;
      if (tag.written) out += `</${tag.name}>`;
    }
  };
  const lastIndexOf = (name: string, scopeEnds: readonly string[] = []): number => {
    for (let k = open.length - 1; k >= 0; k -= 1) {
      const tagName = open[k]!.name;
      if (tagName === name) return k;
      if (scopeEnds.includes(tagName)) return -1;
    }
    return -1;
  };

  for (const token of tokenise(html)) {
    if (token.type === 'text') {
      if (dropped.length === 0) out += escapeText(token.raw);
      continue;
    }
    const { name } = token;
    if (token.type === 'end') {
      if (dropped.length > 0) {
        const at = dropped.lastIndexOf(name);
        if (at !== -1) dropped.length = at;
        continue;
      }
      if (!ALLOWED_TAGS.has(name) || VOID_TAGS.has(name)) continue;
      const at = lastIndexOf(name);
      if (at !== -1) closeThrough(at);
      continue;
    }
    if (DROPPED_WITH_CONTENT.has(name) || RAW_TEXT_TAGS.has(name)) {
      if (!token.selfClosing && !RAW_TEXT_TAGS.has(name)) dropped.push(name);
      continue;
    }
    if (dropped.length > 0 || !ALLOWED_TAGS.has(name)) continue;
    if (name === 'br') {
      out += '<br>';
      continue;
    }
    // Blocks end an open paragraph, and a list item ends the previous one, as in a browser.
    if (name === 'p' || name === 'ul' || name === 'ol') {
      const at = lastIndexOf('p', ['li']);
      if (at !== -1) closeThrough(at);
    }
    if (name === 'li') {
      const at = lastIndexOf('li', ['ul', 'ol']);
      if (at !== -1) closeThrough(at);
    }
    if (name === 'a') {
      const href = safeLinkUrl(token.attributes.get('href') ?? '');
      if (href !== undefined) out += `<a href="${escapeAttribute(href)}" rel="nofollow noopener noreferrer">`;
      open.push({ name, written: href !== undefined });
    } else {
      out += `<${name}>`;
      open.push({ name, written: true });
    }
    if (token.selfClosing) closeThrough(open.length - 1);
  }
  closeThrough(0);
  return out.trim();
}

/**
 * The readable text of an HTML fragment, for fields shown as plain text (names, ranks,
 * addresses): tags removed, entities decoded, whitespace collapsed.
 */
export function htmlToText(html: string): string {
  let out = '';
  let droppedDepth = 0;
  for (const token of tokenise(html)) {
    if (token.type === 'text') {
      if (droppedDepth === 0) out += decodeEntities(token.raw);
    } else if (DROPPED_WITH_CONTENT.has(token.name)) {
      if (token.type === 'start' && !token.selfClosing) droppedDepth += 1;
      else if (token.type === 'end' && droppedDepth > 0) droppedDepth -= 1;
    } else if (BLOCK_TAGS.has(token.name)) {
      out += ' ';
    }
  }
  return out.replace(/\s+/g, ' ').trim();
}
