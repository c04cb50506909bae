import { describe, expect, it } from 'vitest';
import { GetClockImage } from '../contracts/og-image.ts';
import { MESSAGES } from '../i18n/messages.ts';
import { PAGE_PATHS } from './page-paths.ts';
import {
  CLOCK_IMAGE,
  ROUTE_METADATA,
  clockEmbedPath,
  escapeHtml,
  headTags,
  pageMetadata,
} from './page-metadata.ts';

const { cy } = MESSAGES;
const ORIGIN = 'https://crime-clock.example';

describe('pageMetadata', () => {
  it('describes every page of the app, and no other address', () => {
    expect(Object.keys(ROUTE_METADATA).filter((path) => !PAGE_PATHS.includes(path))).toEqual([]);
    for (const path of PAGE_PATHS) expect(pageMetadata(path)?.canonicalPath, path).toBe(path);
    expect(pageMetadata('/nope')).toBeUndefined();
    expect(pageMetadata('/toString')).toBeUndefined();
    expect(pageMetadata('/search/')?.title).toBe('Crime Data Search | Crime Clock');
  });

  it("names an area's police clock after the area, in the area's one spelling", () => {
    const page = pageMetadata('/police-crime-clock?area=postcode:sw1a1aa&kiosk=1')!;
    expect(page.title).toBe('Police Crime Clock: 1 mile around SW1A 1AA | Crime Clock');
    expect(page.canonicalPath).toBe('/police-crime-clock?area=postcode%3ASW1A1AA');
    expect(page.imagePath).toBe('/api/og/clock.png?clock=police-crime-clock&area=postcode%3ASW1A1AA');
    // The image's path is its contract's; written out in page-metadata.ts so that the embed,
    // whose script carries this module, does not carry the contract's schemas too.
    expect(CLOCK_IMAGE.path).toBe(GetClockImage.path);
    // A Welsh page's preview is drawn in Welsh.
    expect(pageMetadata('/cy/police-crime-clock?area=force:kent')!.imagePath).toBe(
      '/api/og/clock.png?clock=police-crime-clock&area=force%3Akent&lang=cy',
    );
    expect(pageMetadata('/cy/crime-clock')!.imagePath).toBe('/api/og/clock.png?clock=crime-clock&lang=cy');
    expect(page.clock).toEqual({ page: 'police-crime-clock', area: 'postcode:SW1A1AA' });
    expect(pageMetadata('/police-crime-clock?area=force:kent')!.title).toBe(
      'Police Crime Clock: Kent Police | Crime Clock',
    );
  });

  it('leaves out an area that names nothing, and never an area on the survey clock', () => {
    const bad = pageMetadata('/police-crime-clock?area=force:<script>')!;
    expect(bad.title).toBe('Police Crime Clock | Crime Clock');
    expect(bad.canonicalPath).toBe('/police-crime-clock');
    expect(pageMetadata('/crime-clock?area=force:kent')!.canonicalPath).toBe('/crime-clock');
    expect(clockEmbedPath({ page: 'police-crime-clock', area: 'force:kent' })).toBe(
      '/embed/police-crime-clock?area=force%3Akent',
    );
  });

  it('describes a Welsh address as its English twin, in Welsh where the page is translated', () => {
    const glossary = pageMetadata('/cy/glossary')!;
    expect(glossary).toMatchObject({
      title: 'Geirfa | Cloc Troseddau',
      description: cy['meta.glossary.description'],
      canonicalPath: '/cy/glossary',
      locale: 'cy',
      alternates: { en: '/glossary', cy: '/cy/glossary' },
    });
    expect(pageMetadata('/glossary')).toMatchObject({
      title: 'Glossary | Crime Clock',
      description: 'The words Crime Clock uses about crime data, explained.',
      locale: 'en',
    });
    expect(pageMetadata('/cy')).toMatchObject({
      description: cy['meta.site.description'],
      canonicalPath: '/cy',
    });
    expect(pageMetadata('/cy/')?.alternates).toEqual({ en: '/', cy: '/cy' });
    const clock = pageMetadata('/cy/police-crime-clock?area=force:kent&kiosk=1')!;
    expect(clock.canonicalPath).toBe('/cy/police-crime-clock?area=force%3Akent');
    expect(clock.alternates?.en).toBe('/police-crime-clock?area=force%3Akent');
    expect(clock.clock).toEqual({ page: 'police-crime-clock', area: 'force:kent' });
    expect(pageMetadata('/cy/no-such-page')).toBeUndefined();
    expect(pageMetadata('/cy/admin')).toBeUndefined();
  });

  it('gives every public page a Welsh title and description of its own, named "… | Cloc Troseddau"', () => {
    const publicPages = PAGE_PATHS.filter((path) => !path.startsWith('/admin') && !path.startsWith('/embed'));
    for (const path of publicPages) {
      const english = pageMetadata(path)!;
      const welsh = pageMetadata(path === '/' ? '/cy' : `/cy${path}`)!;
      expect(welsh.title, path).toMatch(/(^| \| )Cloc Troseddau$/);
      expect(welsh.title, path).not.toBe(english.title);
      expect(welsh.description, path).not.toBe(english.description);
      expect(welsh.locale, path).toBe('cy');
    }
    expect(pageMetadata('/cy/search')!.title).toBe('Chwilio Data Troseddu | Cloc Troseddau');
    expect(pageMetadata('/cy/data-status')!.title).toBe(`${cy['dataStatus.title']} | Cloc Troseddau`);
    expect(pageMetadata('/cy/alerts/confirm')!.title).toBe('Cadarnhau eich rhybuddion | Cloc Troseddau');
  });

  it("names a Welsh clock's area in Welsh, a Welsh force by its Welsh name, others as data.police.uk does", () => {
    const postcode = pageMetadata('/cy/police-crime-clock?area=postcode:sw1a1aa')!;
    expect(postcode.title).toBe("Cloc Troseddau'r Heddlu: 1 filltir o amgylch SW1A 1AA | Cloc Troseddau");
    expect(postcode.description).toContain('ar gyfer 1 filltir o amgylch SW1A 1AA');
    expect(postcode.imageAlt).toBe(
      "Cloc Troseddau'r Heddlu ar gyfer 1 filltir o amgylch SW1A 1AA: troseddau hyd yma eleni.",
    );
    expect(pageMetadata('/cy/crime-clock')!.imageAlt).toBe('Cloc Troseddau CSEW: troseddau hyd yma eleni.');
    expect(pageMetadata('/cy/police-crime-clock?area=force:kent')!.title).toBe(
      "Cloc Troseddau'r Heddlu: Kent Police | Cloc Troseddau",
    );
    expect(pageMetadata('/cy/police-crime-clock?area=force:south-wales')!.title).toBe(
      "Cloc Troseddau'r Heddlu: Heddlu De Cymru | Cloc Troseddau",
    );
    expect(pageMetadata('/cy/police-crime-clock?area=neighbourhood:south-wales:CF01')!.title).toBe(
      "Cloc Troseddau'r Heddlu: cymdogaeth CF01, Heddlu De Cymru | Cloc Troseddau",
    );
    expect(pageMetadata('/police-crime-clock?area=force:south-wales')!.title).toBe(
      'Police Crime Clock: South Wales Police | Crime Clock',
    );
  });

  it('keeps admin pages English', () => {
    expect(pageMetadata('/admin')!.title).toBe('Admin | Crime Clock');
  });

  it('gives admin pages and embeds no Welsh alternate', () => {
    expect(pageMetadata('/admin/api-keys')?.alternates).toBeUndefined();
    expect(pageMetadata('/embed/crime-clock')?.alternates).toBeUndefined();
    expect(pageMetadata('/embed/crime-clock')?.locale).toBe('en');
  });

  it('keeps admin pages out of search engines and gives them no clock', () => {
    const page = pageMetadata('/admin/api-keys')!;
    expect(page.noIndex).toBe(true);
    expect(page.clock).toBeUndefined();
    expect(page.imagePath).toBeUndefined();
  });
});

describe('headTags', () => {
  it('writes absolute addresses from the origin given, Open Graph, card and oEmbed tags', () => {
    const html = headTags(pageMetadata('/police-crime-clock?area=force:kent')!, ORIGIN);
    expect(html).toContain('<title>Police Crime Clock: Kent Police | Crime Clock</title>');
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/police-crime-clock?area=force%3Akent" />`);
    expect(html).toContain(
      `<meta property="og:url" content="${ORIGIN}/police-crime-clock?area=force%3Akent" />`,
    );
    expect(html).toContain(
      `<meta property="og:image" content="${ORIGIN}/api/og/clock.png?clock=police-crime-clock&amp;area=force%3Akent" />`,
    );
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).toContain('<meta property="og:site_name" content="Crime Clock" />');
    const oembed = /<link rel="alternate" type="application\/json\+oembed" href="([^"]+)"/.exec(html)?.[1];
    const href = new URL(oembed!.replace(/&amp;/g, '&'));
    expect(href.origin + href.pathname).toBe(`${ORIGIN}/api/oembed`);
    expect(href.searchParams.get('url')).toBe(`${ORIGIN}/police-crime-clock?area=force%3Akent`);
  });

  it('escapes every text it writes, so no title or description can open a tag', () => {
    const hostile = '"><script>alert(1)</script>\'&';
    const html = headTags(
      {
        title: hostile,
        description: hostile,
        canonicalPath: `/x?q=${hostile}`,
        imagePath: `/i?${hostile}`,
        locale: 'en',
        alternates: { en: `/x?q=${hostile}`, cy: `/cy/x?q=${hostile}` },
      },
      ORIGIN,
    );
    expect(html).not.toContain('<script>');
    expect(html).not.toMatch(/"><|'&[^a#]/);
    expect(html).toContain('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&#39;&amp;');
    expect(escapeHtml('a & b')).toBe('a &amp; b');
  });

  it('names the page in each language, absolutely, with English as the default', () => {
    const html = headTags(pageMetadata('/cy/glossary?x=1')!, ORIGIN);
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/cy/glossary" />`);
    expect(html).toContain(`<link rel="alternate" hreflang="en" href="${ORIGIN}/glossary" />`);
    expect(html).toContain(`<link rel="alternate" hreflang="cy" href="${ORIGIN}/cy/glossary" />`);
    expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="${ORIGIN}/glossary" />`);
    expect(html).toContain('<meta property="og:locale" content="cy_GB" />');
    expect(headTags(pageMetadata('/')!, ORIGIN)).toContain(
      `<link rel="alternate" hreflang="cy" href="${ORIGIN}/cy" />`,
    );
    expect(headTags(pageMetadata('/admin')!, ORIGIN)).not.toContain('hreflang');
  });

  it("names the site in the page's language for Open Graph", () => {
    expect(headTags(pageMetadata('/cy/search')!, ORIGIN)).toContain(
      '<meta property="og:site_name" content="Cloc Troseddau" />',
    );
    expect(headTags(pageMetadata('/cy/search')!, ORIGIN)).toContain(
      '<title>Chwilio Data Troseddu | Cloc Troseddau</title>',
    );
  });

  it('gives pages without an image the small card, and no oEmbed link', () => {
    const html = headTags(pageMetadata('/glossary')!, ORIGIN);
    expect(html).toContain('<meta name="twitter:card" content="summary" />');
    expect(html).not.toContain('og:image');
    expect(html).not.toContain('oembed');
  });
});
