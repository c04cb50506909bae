import { describe, expect, it } from 'vitest';
import { embedSnippet, embedUrl } from './embedSnippet.ts';

describe('embed snippet', () => {
  it('points at the clock and its area on this site, with the script beside it', () => {
    const snippet = embedSnippet(
      'https://clock.example',
      'police',
      { area: 'force:kent', theme: 'dark' },
      'Kent',
    );
    expect(snippet).toContain(
      'src="https://clock.example/embed/police-crime-clock?area=force%3Akent&amp;theme=dark"',
    );
    expect(snippet).toContain('title="Police Crime Clock: Kent (live)"');
    expect(snippet).toContain('<script src="https://clock.example/embed.js" async></script>');
  });

  it('offers the Welsh embed, with a Welsh title, from a Welsh page', () => {
    const snippet = embedSnippet('https://clock.example', 'csew', { theme: 'dark', lang: 'cy' });
    expect(snippet).toContain('src="https://clock.example/embed/crime-clock?theme=dark&amp;lang=cy"');
    expect(snippet).toContain('title="Cloc Troseddau CSEW (byw)"');
    expect(embedSnippet('https://clock.example', 'csew', {})).toContain('title="CSEW Crime Clock (live)"');
  });

  it('never gives the survey clock an area', () => {
    expect(embedUrl('https://clock.example', 'csew', { area: 'force:kent', size: 'compact' })).toBe(
      'https://clock.example/embed/crime-clock?size=compact',
    );
  });
});
