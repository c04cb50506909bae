import type { ClockKind } from '../../../../common/clock/types.ts';
import type { Locale } from '../../../../common/i18n/locale.ts';
import { EMBED_PATH } from '../../../../common/site/embed-paths.ts';
import { wordMessage as clockMessage } from '../clocks/clockWords.ts';
import { embedQuery, type EmbedSearch } from './embedSearch.ts';

/** Where an embed lives: `/embed/<clock>?area=…&theme=…` on this site. */
export function embedUrl(origin: string, kind: ClockKind, search: Partial<EmbedSearch>): string {
  return `${origin}${EMBED_PATH[kind]}${embedQuery(kind === 'police' ? search : { ...search, area: undefined })}`;
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/**
 * The code a partner pastes: the iframe (full width, a height that suits the regular layout until
 * the script sizes it to its content) and /embed.js beside it; its title in the embed's language
 * (`search.lang`).
 */
export function embedSnippet(
  origin: string,
  kind: ClockKind,
  search: Partial<EmbedSearch>,
  areaName?: string,
): string {
  const locale: Locale = search.lang ?? 'en';
  const title = clockMessage(locale, 'embed.iframeTitle', {
    title: clockMessage(locale, kind === 'csew' ? 'clockWords.csew.title' : 'clockWords.police.title'),
    area: areaName ?? 'none',
  });
  return (
    `<iframe src="${escapeAttribute(embedUrl(origin, kind, search))}" title="${escapeAttribute(title)}"` +
    ` width="420" height="260" loading="lazy" style="border: 0; width: 100%; max-width: 40rem"></iframe>\n` +
    `<script src="${escapeAttribute(origin)}/embed.js" async></script>`
  );
}
