/**
 * Test support for the palette tests (status.test.ts): no screen computes contrast at run time.
 *
 * Colour contrast as WCAG 2.x defines it: the relative luminance of each colour in sRGB, and their
 * ratio (L1 + 0.05) / (L2 + 0.05), from 1:1 (the same colour) to 21:1 (black on white).
 * https://www.w3.org/TR/WCAG22/#dfn-contrast-ratio
 */

/** Channels 0-255, alpha 0-1. */
export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

/** The thresholds of success criteria 1.4.3 (text) and 1.4.11 (large text, indicators, borders). */
export const MIN_CONTRAST_TEXT = 4.5;
export const MIN_CONTRAST_LARGE_TEXT = 3;
export const MIN_CONTRAST_GRAPHIC = 3;

const HEX = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const RGB = /^rgba?\(\s*([^)]*)\)$/i;
const NAMED: Record<string, Rgba> = {
  white: { r: 255, g: 255, b: 255, a: 1 },
  black: { r: 0, g: 0, b: 0, a: 1 },
  transparent: { r: 0, g: 0, b: 0, a: 0 },
};

function channel(text: string, whole: number): number {
  const value = text.endsWith('%') ? (Number(text.slice(0, -1)) / 100) * whole : Number(text);
  if (text === '' || !Number.isFinite(value)) throw new Error(`not a colour channel: "${text}"`);
  return Math.min(whole, Math.max(0, value));
}

/** A CSS colour: #rgb, #rgba, #rrggbb, #rrggbbaa, rgb()/rgba() in either syntax, white, black, transparent. */
export function parseColor(text: string): Rgba {
  const color = text.trim().toLowerCase();
  const named = NAMED[color];
  if (named) return { ...named };

  const hex = HEX.exec(color);
  if (hex) {
    let digits = hex[1]!;
    if (digits.length <= 4) digits = [...digits].map((d) => d + d).join('');
    const byte = (i: number) => parseInt(digits.slice(i * 2, i * 2 + 2), 16);
    return { r: byte(0), g: byte(1), b: byte(2), a: digits.length === 8 ? byte(3) / 255 : 1 };
  }

  const rgb = RGB.exec(color);
  if (rgb) {
    // rgb(1, 2, 3) / rgba(1, 2, 3, 0.5) / rgb(1 2 3) / rgb(1 2 3 / 50%)
    const [channels = '', slashAlpha, ...rest] = rgb[1]!.split('/');
    const parts = channels.split(/[\s,]+/).filter(Boolean);
    const commaAlpha = parts.length === 4 && slashAlpha === undefined ? parts.pop() : undefined;
    if (parts.length !== 3 || rest.length > 0) throw new Error(`not a colour: "${text}"`);
    const alpha = (slashAlpha ?? commaAlpha)?.trim();
    const [r, g, b] = parts as [string, string, string];
    return {
      r: channel(r, 255),
      g: channel(g, 255),
      b: channel(b, 255),
      a: alpha === undefined ? 1 : channel(alpha, 1),
    };
  }

  throw new Error(`not a colour this module reads: "${text}"`);
}

/** `top` painted over `bottom` (source-over), as a browser blends a translucent colour. */
export function composite(top: Rgba, bottom: Rgba): Rgba {
  const a = top.a + bottom.a * (1 - top.a);
  if (a === 0) return { r: 0, g: 0, b: 0, a: 0 };
  const mix = (t: number, u: number) => (t * top.a + u * bottom.a * (1 - top.a)) / a;
  return { r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b), a };
}

/** WCAG relative luminance of an opaque colour: 0 for black, 1 for white. */
export function relativeLuminance(color: Rgba): number {
  const linear = (value: number) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(color.r) + 0.7152 * linear(color.g) + 0.0722 * linear(color.b);
}

/**
 * The contrast ratio of a foreground on a background, 1 to 21, whichever is lighter. A translucent
 * foreground is blended onto the background first; the background must be opaque (blend it onto
 * what lies beneath with `composite` first).
 */
export function contrastRatio(foreground: string | Rgba, background: string | Rgba): number {
  const bg = typeof background === 'string' ? parseColor(background) : background;
  if (bg.a < 1) throw new Error('the background must be opaque: composite it onto what is beneath first');
  const fgColor = typeof foreground === 'string' ? parseColor(foreground) : foreground;
  const fg = fgColor.a < 1 ? composite(fgColor, bg) : fgColor;
  const [light, dark] = [relativeLuminance(fg), relativeLuminance(bg)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}
