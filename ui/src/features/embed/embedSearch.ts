import type { Locale } from '../../../../common/i18n/locale.ts';
import { validAreaParam } from '../clocks/clockSearch.ts';

/**
 * Search parameters of the embeddable clocks: `?theme=light|dark|auto` (light unless asked;
 * auto follows the reader's system), `?transparent=1` (the host page's background shows
 * through), `?size=compact|large` and, for the police clock, `?area=…` as on the clock page, so
 * a local site embeds its own area, and `?lang=cy` for Welsh (an embed sits in another site, so
 * no cookie of ours can say the language; English unless asked).
 */
export type EmbedTheme = 'light' | 'dark' | 'auto';
export type EmbedSize = 'compact' | 'regular' | 'large';

export interface EmbedSearch {
  theme: EmbedTheme;
  size: EmbedSize;
  transparent: boolean;
  area?: string;
  /** Left out for English, so existing embeds' addresses and this type's English callers stay as they were. */
  lang?: Locale;
}

const THEMES = new Set<unknown>(['light', 'dark', 'auto']);
const SIZES = new Set<unknown>(['compact', 'large']);
// The router parses `?transparent=1` as the number 1; a hand-written link may say true.
const ON = new Set<unknown>([1, '1', true, 'true']);

export function validateEmbedSearch(search: Record<string, unknown>): EmbedSearch {
  const area = validAreaParam(search.area);
  return {
    theme: THEMES.has(search.theme) ? (search.theme as EmbedTheme) : 'light',
    size: SIZES.has(search.size) ? (search.size as EmbedSize) : 'regular',
    transparent: ON.has(search.transparent),
    ...(area ? { area } : {}),
    ...(search.lang === 'cy' ? { lang: 'cy' as const } : {}),
  };
}

/** The embed's own search parameters, written back the short way (defaults left out). */
export function embedQuery(search: Partial<EmbedSearch>): string {
  const params = new URLSearchParams();
  if (search.area) params.set('area', search.area);
  if (search.theme && search.theme !== 'light') params.set('theme', search.theme);
  if (search.size && search.size !== 'regular') params.set('size', search.size);
  if (search.transparent) params.set('transparent', '1');
  if (search.lang === 'cy') params.set('lang', 'cy');
  const query = params.toString();
  return query ? `?${query}` : '';
}
