import { describe, expect, it } from 'vitest';
import { CRIME_CATEGORIES } from '../crime/categories.ts';
import { categorySymbol, MARK_SHAPES, OKABE_ITO } from './symbols.ts';

describe('category symbols', () => {
  const symbols = CRIME_CATEGORIES.map((c) => categorySymbol(c.slug));

  it('give every category its own colour-and-shape pair, in the Okabe-Ito palette', () => {
    const pairs = new Set(symbols.map((s) => `${s.color} ${s.shape}`));
    expect(pairs.size).toBe(CRIME_CATEGORIES.length);
    for (const s of symbols) {
      expect(OKABE_ITO).toContain(s.color);
      expect(MARK_SHAPES).toContain(s.shape);
    }
  });

  it('never tell two categories apart by colour alone: same colour means another shape', () => {
    for (let i = 0; i < symbols.length; i++) {
      for (let j = i + 1; j < symbols.length; j++) {
        if (symbols[i]!.color === symbols[j]!.color) expect(symbols[i]!.shape).not.toBe(symbols[j]!.shape);
      }
    }
  });

  it('differ in shape as well as colour between neighbours in the list', () => {
    for (let i = 1; i < symbols.length; i++) {
      expect(symbols[i]!.shape).not.toBe(symbols[i - 1]!.shape);
      expect(symbols[i]!.color).not.toBe(symbols[i - 1]!.color);
    }
  });

  it('are the same for a category on every map', () => {
    expect(categorySymbol('burglary')).toEqual(categorySymbol('burglary'));
  });
});
