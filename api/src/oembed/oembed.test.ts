import { describe, expect, it } from 'vitest';
import { oembedFor } from './oembed.ts';

const ORIGIN = 'https://crime-clock.example';

function rich(url: string, bounds: { maxwidth?: number; maxheight?: number } = {}) {
  const result = oembedFor({ url, ...bounds }, ORIGIN);
  if (result.kind !== 'rich') throw new Error(`expected an answer for ${url}, got ${result.kind}`);
  return result.answer;
}

describe('oembedFor', () => {
  it("answers a clock page with its embed's iframe and the resize script", () => {
    const answer = rich(`${ORIGIN}/police-crime-clock?area=force:kent&kiosk=1`);
    expect(answer).toMatchObject({
      version: '1.0',
      type: 'rich',
      provider_name: 'Crime Clock',
      provider_url: `${ORIGIN}/`,
      title: 'Police Crime Clock: Kent Police | Crime Clock',
      width: 640,
      height: 360,
      thumbnail_url: `${ORIGIN}/api/og/clock.png?clock=police-crime-clock&area=force%3Akent`,
    });
    expect(answer.html).toContain(`<iframe src="${ORIGIN}/embed/police-crime-clock?area=force%3Akent"`);
    expect(answer.html).toContain(`<script src="${ORIGIN}/embed.js" async></script>`);
    expect(rich(`${ORIGIN}/crime-clock`).html).toContain(`src="${ORIGIN}/embed/crime-clock"`);
  });

  it('keeps within maxwidth and maxheight, the thumbnail too', () => {
    const answer = rich(`${ORIGIN}/crime-clock`, { maxwidth: 300, maxheight: 200 });
    expect([answer.width, answer.height]).toEqual([300, 200]);
    expect(answer.html).toContain('width="300" height="200"');
    expect(answer.thumbnail_width).toBeLessThanOrEqual(300);
    expect(answer.thumbnail_height).toBeLessThanOrEqual(200);
    expect(rich(`${ORIGIN}/crime-clock`, { maxwidth: 5000 }).width).toBe(640);
  });

  it('refuses other sites, other pages and areas that name nothing', () => {
    for (const url of [
      'https://elsewhere.example/crime-clock',
      'http://crime-clock.example/crime-clock',
      `${ORIGIN}/search`,
      `${ORIGIN}/nope`,
      `${ORIGIN}/police-crime-clock?area=force:atlantis`,
      `${ORIGIN}/crime-clock?area=force:kent`,
    ]) {
      expect(oembedFor({ url }, ORIGIN).kind, url).toBe('not-ours');
    }
    expect(oembedFor({ url: '/crime-clock' }, ORIGIN).kind).toBe('bad-url');
  });
});

describe('oembedFor a Welsh page, and on the synthetic sample', () => {
  it('embeds the Welsh clock under its Welsh title for a /cy/ address', () => {
    const answer = rich(`${ORIGIN}/cy/crime-clock`);
    expect(answer.html).toContain(`<iframe src="${ORIGIN}/embed/crime-clock?lang=cy"`);
    expect(answer.title).toContain('Cloc Troseddau CSEW');
    expect(answer.thumbnail_url).toBe(`${ORIGIN}/api/og/clock.png?clock=crime-clock&lang=cy`);
    const area = rich(`${ORIGIN}/cy/police-crime-clock?area=force:kent`);
    expect(area.html).toContain(`src="${ORIGIN}/embed/police-crime-clock?area=force%3Akent&amp;lang=cy"`);
  });

  it("marks a police clock's title when its data is the synthetic sample, never the survey clock's", () => {
    const police = oembedFor({ url: `${ORIGIN}/police-crime-clock` }, ORIGIN, true);
    const survey = oembedFor({ url: `${ORIGIN}/crime-clock` }, ORIGIN, true);
    const welsh = oembedFor({ url: `${ORIGIN}/cy/police-crime-clock` }, ORIGIN, true);
    if (police.kind !== 'rich' || survey.kind !== 'rich' || welsh.kind !== 'rich')
      throw new Error('no answer');
    expect(police.answer.title).toBe('Police Crime Clock | Crime Clock (synthetic sample data)');
    expect(police.answer.html).toContain('title="Police Crime Clock | Crime Clock (synthetic sample data)"');
    expect(welsh.answer.title).toContain('(data sampl synthetig)');
    expect(survey.answer.title).not.toContain('synthetic');
    expect(rich(`${ORIGIN}/police-crime-clock`).title).not.toContain('synthetic');
  });
});
