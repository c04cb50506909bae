import { describe, expect, it } from 'vitest';
import { embedQuery, validateEmbedSearch } from './embedSearch.ts';

const DEFAULTS = { theme: 'light', size: 'regular', transparent: false };

describe('embed search', () => {
  it('is light unless dark or auto is asked for', () => {
    expect(validateEmbedSearch({ theme: 'dark' })).toEqual({ ...DEFAULTS, theme: 'dark' });
    expect(validateEmbedSearch({ theme: 'auto' })).toEqual({ ...DEFAULTS, theme: 'auto' });
    expect(validateEmbedSearch({ theme: '<script>' })).toEqual(DEFAULTS);
    expect(validateEmbedSearch({})).toEqual(DEFAULTS);
  });

  it('takes a size and a transparent background', () => {
    expect(validateEmbedSearch({ size: 'compact', transparent: 1 })).toEqual({
      ...DEFAULTS,
      size: 'compact',
      transparent: true,
    });
    expect(validateEmbedSearch({ size: 'huge', transparent: 'no' })).toEqual(DEFAULTS);
  });

  it('takes the same area as the clock page', () => {
    expect(validateEmbedSearch({ area: 'force:kent' })).toEqual({ ...DEFAULTS, area: 'force:kent' });
    expect(validateEmbedSearch({ area: 'force:nowhere' })).toEqual(DEFAULTS);
  });

  it('is English unless Welsh is asked for', () => {
    expect(validateEmbedSearch({ lang: 'cy' })).toEqual({ ...DEFAULTS, lang: 'cy' });
    expect(validateEmbedSearch({ lang: 'fr' })).toEqual(DEFAULTS);
    expect(validateEmbedSearch({ lang: 'en' })).toEqual(DEFAULTS);
    expect(embedQuery({ theme: 'dark', lang: 'cy' })).toBe('?theme=dark&lang=cy');
    expect(embedQuery({ theme: 'dark', lang: 'en' })).toBe('?theme=dark');
  });

  it('writes the parameters back without the defaults', () => {
    expect(embedQuery(DEFAULTS as never)).toBe('');
    expect(embedQuery({ area: 'force:kent', theme: 'dark', size: 'large', transparent: true })).toBe(
      '?area=force%3Akent&theme=dark&size=large&transparent=1',
    );
  });
});
