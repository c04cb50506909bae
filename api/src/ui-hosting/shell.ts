import type { Locale } from '../../../common/i18n/locale.ts';
import { escapeHtml, headTags, type PageMetadata } from '../../../common/site/page-metadata.ts';

// The built shell's own title and description (ui/index.html): replaced by the page's.
const OWN_TITLE = /<title>[\s\S]*?<\/title>\s*/i;
const OWN_DESCRIPTION = /<meta\s+name="description"[\s\S]*?>\s*/i;
// The shell's own `<html ...>` tag, with or without a lang attribute.
const HTML_TAG = /<html\b([^>]*)>/i;
const LANG_ATTRIBUTE = /\s+lang\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/i;
// The web app manifest names the app; a Welsh page links the Welsh one (ui/public).
const MANIFEST_HREF = 'href="/manifest.webmanifest"';
const WELSH_MANIFEST_HREF = 'href="/manifest-cy.webmanifest"';

/** The app shell with `page`'s head tags in place of its own title and description. */
export function fillShell(template: string, page: PageMetadata, origin: string): string {
  const bare = template.replace(OWN_TITLE, '').replace(OWN_DESCRIPTION, '');
  const at = bare.search(/<\/head>/i);
  if (at < 0) return template;
  return `${bare.slice(0, at)}  ${headTags(page, origin)}\n  ${bare.slice(at)}`;
}

/** The shell with `title` in place of its own (an address that is no page: the 404's title). */
export function withTitle(template: string, title: string): string {
  return template.replace(OWN_TITLE, `<title>${escapeHtml(title)}</title>\n    `);
}

/**
 * The shell in a language: `<html lang="cy">` for a Welsh address, so screen readers and search
 * engines know the language before any script runs (the app sets the same, ui/src/app/main.tsx),
 * linking the manifest that names the app in that language.
 */
export function withLanguage(html: string, locale: Locale): string {
  const tagged = html.replace(HTML_TAG, (_tag, attributes: string) => {
    return `<html lang="${locale}"${attributes.replace(LANG_ATTRIBUTE, '')}>`;
  });
  return locale === 'cy' ? tagged.replace(MANIFEST_HREF, WELSH_MANIFEST_HREF) : tagged;
}
