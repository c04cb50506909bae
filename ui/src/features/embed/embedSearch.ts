import { validAreaParam } from '../clocks/clockSearch.ts';

/**
 * Search parameters of the embeddable clocks: `?theme=light|dark` (light unless dark is asked)
 * and, for the police clock, `?area=…` as on the clock page, so a local site embeds its own area.
 */
export type EmbedTheme = 'light' | 'dark';

export interface EmbedSearch {
  theme: EmbedTheme;
  area?: string;
}

export function validateEmbedSearch(search: Record<string, unknown>): EmbedSearch {
  const area = validAreaParam(search.area);
  return { theme: search.theme === 'dark' ? 'dark' : 'light', ...(area ? { area } : {}) };
}
