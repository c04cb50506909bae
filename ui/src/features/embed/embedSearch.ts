/** Search parameters of the embeddable clocks: `?theme=light|dark` (light unless dark is asked). */
export type EmbedTheme = 'light' | 'dark';

export interface EmbedSearch {
  theme: EmbedTheme;
}

export function validateEmbedSearch(search: Record<string, unknown>): EmbedSearch {
  return { theme: search.theme === 'dark' ? 'dark' : 'light' };
}
