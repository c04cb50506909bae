import { parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { atomDocument, xmlText } from './atom.ts';

describe('atomDocument', () => {
  it('escapes every text and drops characters XML does not allow', () => {
    expect(xmlText(`a<b>&"c'\u0000\u0007d\uFFFE`)).toBe('a&lt;b&gt;&amp;&quot;c&apos;d');
  });

  it('writes a feed whose texts read back as given', () => {
    const title = `Crimes in "Ward" <A&B>\u0001`;
    const xml = atomDocument({
      id: 'tag:example.org,2026:x',
      title,
      updated: '2026-01-01T00:00:00.000Z',
      self: 'https://example.org/feed.atom?a=1&b=2',
      alternate: 'https://example.org/',
      author: 'Crime Clock',
      entries: [
        {
          id: 'tag:example.org,2026:x/1',
          title: 'One',
          updated: '2026-01-01T00:00:00.000Z',
          link: 'https://example.org/?m=1&n=2',
          summary: '1 < 2',
        },
      ],
    });
    expect(
      xml.startsWith('<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom">'),
    ).toBe(true);
    const doc = parseDocument(xml, { xmlMode: true, decodeEntities: true });
    const feed = doc.children.find((n) => 'name' in n && n.name === 'feed') as unknown as {
      children: { name?: string; attribs?: Record<string, string>; children?: { data?: string }[] }[];
    };
    const titleNode = feed.children.find((c) => c.name === 'title')!;
    expect(titleNode.children!.map((c) => c.data).join('')).toBe(`Crimes in "Ward" <A&B>`);
    const self = feed.children.find((c) => c.name === 'link' && c.attribs?.rel === 'self')!;
    expect(self.attribs!.href).toBe('https://example.org/feed.atom?a=1&b=2');
    expect(feed.children.filter((c) => c.name === 'entry')).toHaveLength(1);
  });

  it('states the language of its texts when given one', () => {
    const base = {
      id: 'x',
      title: 't',
      updated: '2026-01-01T00:00:00.000Z',
      self: 's',
      alternate: 'a',
      author: 'c',
    };
    expect(atomDocument({ ...base, lang: 'cy', entries: [] })).toContain(
      '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="cy">',
    );
  });
});
