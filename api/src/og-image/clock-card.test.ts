import { describe, expect, it } from 'vitest';
import { clockCardSvg, ukTimeText } from './clock-card.ts';
import { CARD_FONT_FILES, renderPng } from './render-png.ts';

const AT = Date.UTC(2026, 6, 1, 11, 5); // 12:05 in London (summer time)
const card = {
  clockName: 'Police Crime Clock',
  data: { totalCrimes: 3_141_592.7, year: 2026, areaName: 'Kent Police <&>', latestDataMonth: 'May 2026' },
  source: 'data.police.uk (Home Office), police recorded crime',
  at: AT,
};

/** Width and height from a PNG's IHDR chunk. */
function pngSize(png: Buffer): [number, number] {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  return [png.readUInt32BE(16), png.readUInt32BE(20)];
}

describe('the clock card', () => {
  it('says the count, the clock, the area, the source and the date, escaped for XML', () => {
    const svg = clockCardSvg(card);
    expect(svg).toContain('>3,141,592<');
    expect(svg).toContain('>Police Crime Clock<');
    expect(svg).toContain('>Kent Police &lt;&amp;&gt;<');
    expect(svg).toContain('Source: data.police.uk (Home Office), police recorded crime');
    expect(svg).toContain('1 July 2026, 12:05 UK time · data to May 2026');
    expect(ukTimeText(Date.UTC(2026, 11, 24, 23, 30))).toBe('24 December 2026, 23:30 UK time');
  });

  it('tells the time as London’s clocks do, summer time and its changes included', () => {
    // Summer time: an hour ahead of UTC, so a UTC evening is London's next morning.
    expect(ukTimeText(Date.UTC(2026, 6, 31, 23, 30))).toBe('1 August 2026, 00:30 UK time');
    // 25 October 2026: clocks go back at 01:00 UTC, so 01:30 comes twice.
    expect(ukTimeText(Date.UTC(2026, 9, 25, 0, 30))).toBe('25 October 2026, 01:30 UK time');
    expect(ukTimeText(Date.UTC(2026, 9, 25, 1, 30))).toBe('25 October 2026, 01:30 UK time');
    // 29 March 2026: clocks go forward at 01:00 UTC, from 00:59 GMT to 02:00 BST.
    expect(ukTimeText(Date.UTC(2026, 2, 29, 0, 59))).toBe('29 March 2026, 00:59 UK time');
    expect(ukTimeText(Date.UTC(2026, 2, 29, 1, 0))).toBe('29 March 2026, 02:00 UK time');
  });

  it('cuts a text too long for the card', () => {
    const svg = clockCardSvg({ ...card, data: { ...card.data, areaName: 'x'.repeat(300) } });
    expect(svg).toContain(`${'x'.repeat(55)}…<`);
  });

  it('is drawn to a 1200×630 PNG with the fonts of the npm package, not the system', async () => {
    expect(CARD_FONT_FILES.every((file) => file.includes('node_modules/@expo-google-fonts/inter/'))).toBe(
      true,
    );
    const png = await renderPng(clockCardSvg(card));
    expect(pngSize(png)).toEqual([1200, 630]);
    // Text drawn, not left out for want of a font: a card without its text is far smaller.
    const blank = await renderPng(clockCardSvg(card).replace(/<text[^>]*>[^<]*<\/text>/g, ''));
    expect(png.length).toBeGreaterThan(blank.length * 3);
  });

  it('says in a band across its top that the synthetic sample is no real police records', () => {
    expect(clockCardSvg(card)).not.toContain('SYNTHETIC');
    const svg = clockCardSvg({ ...card, synthetic: true });
    expect(svg).toContain('>SYNTHETIC SAMPLE – NOT REAL POLICE RECORDS<');
    expect(svg).toContain('<rect x="0" y="0" width="1200" height="56" fill="#f59e0b"/>');
    expect(clockCardSvg({ ...card, synthetic: true, locale: 'cy' })).toContain('>SAMPL SYNTHETIG');
  });

  it('is worded in Welsh for a Welsh page: the product, the count, the source, the date and month', () => {
    const svg = clockCardSvg({
      ...card,
      locale: 'cy',
      clockName: "Cloc Troseddau'r Heddlu",
      data: { ...card.data, latestDataMonth: '2026-05' },
    });
    expect(svg).toContain('>CLOC TROSEDDAU<');
    expect(svg).toContain('o droseddau hyd yma yn 2026, ar gyfradd eleni');
    expect(svg).toContain('Ffynhonnell: ');
    expect(svg).toContain('1 Gorffennaf 2026, 12:05 amser y DU · data hyd at Mai 2026');
    expect(svg).not.toMatch(/UK time|so far|Source:/);
  });
});
