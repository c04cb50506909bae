import { describe, expect, it } from 'vitest';
import { composite, contrastRatio, parseColor, relativeLuminance } from './contrast.test-support.ts';

describe('parseColor', () => {
  it('reads hex in its four lengths', () => {
    expect(parseColor('#fff')).toEqual({ r: 255, g: 255, b: 255, a: 1 });
    expect(parseColor('#1E3A8A')).toEqual({ r: 30, g: 58, b: 138, a: 1 });
    expect(parseColor('#0008')).toEqual({ r: 0, g: 0, b: 0, a: 0x88 / 255 });
    expect(parseColor('#ff000080')).toEqual({ r: 255, g: 0, b: 0, a: 128 / 255 });
  });

  it('reads rgb() and rgba() in the comma and the space syntax', () => {
    expect(parseColor('rgb(15 23 42 / 0.55)')).toEqual({ r: 15, g: 23, b: 42, a: 0.55 });
    expect(parseColor('rgb(255 255 255 / 12%)')).toEqual({ r: 255, g: 255, b: 255, a: 0.12 });
    expect(parseColor('rgba(1, 2, 3, 0.5)')).toEqual({ r: 1, g: 2, b: 3, a: 0.5 });
    expect(parseColor('rgb(1, 2, 3)')).toEqual({ r: 1, g: 2, b: 3, a: 1 });
    expect(parseColor(' White ')).toEqual({ r: 255, g: 255, b: 255, a: 1 });
  });

  it('refuses what it cannot read, rather than guessing', () => {
    for (const text of ['#ggg', '#12345', 'rgb(1 2)', 'rgb(1, 2, x)', 'var(--x)', 'hsl(0 0% 0%)', 'red']) {
      expect(() => parseColor(text), text).toThrow();
    }
  });
});

describe('relativeLuminance', () => {
  it('is 0 for black, 1 for white, and weighs green most', () => {
    expect(relativeLuminance(parseColor('#000'))).toBe(0);
    expect(relativeLuminance(parseColor('#fff'))).toBeCloseTo(1, 10);
    expect(relativeLuminance(parseColor('#0f0'))).toBeCloseTo(0.7152, 4);
    expect(relativeLuminance(parseColor('#00f'))).toBeCloseTo(0.0722, 4);
  });
});

describe('contrastRatio', () => {
  it('gives the known WCAG figures', () => {
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 10);
    expect(contrastRatio('#fff', '#fff')).toBe(1);
    // The classic pair just under the AA line, and the grey just over it.
    expect(contrastRatio('#777', '#fff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#767676', '#fff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#595959', '#fff')).toBeCloseTo(7.0, 1);
  });

  it('does not depend on which colour is the text', () => {
    expect(contrastRatio('#1e3a8a', '#f5f7fb')).toBeCloseTo(contrastRatio('#f5f7fb', '#1e3a8a'), 12);
  });

  it('blends a translucent text colour onto its background', () => {
    // Half-transparent black on white is mid grey: rgb(127.5 127.5 127.5).
    expect(contrastRatio('rgb(0 0 0 / 0.5)', '#fff')).toBeCloseTo(contrastRatio('#808080', '#fff'), 1);
    expect(contrastRatio('rgb(0 0 0 / 0)', '#fff')).toBe(1);
  });

  it('asks for an opaque background', () => {
    expect(() => contrastRatio('#000', 'rgb(255 255 255 / 0.5)')).toThrow(/opaque/);
    const onNavy = composite(parseColor('rgb(255 255 255 / 0.5)'), parseColor('#000080'));
    expect(onNavy.a).toBe(1);
    expect(contrastRatio('#000', onNavy)).toBeGreaterThan(1);
  });
});

describe('composite', () => {
  it('lays a translucent colour over another as the browser does', () => {
    expect(composite(parseColor('rgb(255 255 255 / 0.1)'), parseColor('#000'))).toEqual({
      r: 25.5,
      g: 25.5,
      b: 25.5,
      a: 1,
    });
    expect(composite(parseColor('#123456'), parseColor('#fff'))).toEqual(parseColor('#123456'));
    expect(composite(parseColor('transparent'), parseColor('transparent')).a).toBe(0);
  });
});
