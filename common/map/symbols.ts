/**
 * How the search map tells crime categories apart: each category has a colour from the Okabe-Ito
 * palette (safe for the common colour-vision deficiencies) AND a shape, so two categories are never
 * told apart by colour alone. 8 colours × 7 shapes: the pairs repeat only after 56 categories, and
 * neighbours in the category list differ in both.
 */
import { CRIME_CATEGORIES, type CrimeCategorySlug } from '../crime/categories.ts';

/** Okabe & Ito (2008), "Color Universal Design": black, orange, sky blue, bluish green, yellow, blue, vermillion, reddish purple. */
export const OKABE_ITO = [
  '#E69F00',
  '#56B4E9',
  '#009E73',
  '#F0E442',
  '#0072B2',
  '#D55E00',
  '#CC79A7',
  '#000000',
] as const;

/** The d3 symbol types (d3.symbolsFill) by name, in the order they are handed out. */
export const MARK_SHAPES = ['circle', 'square', 'triangle', 'diamond', 'star', 'cross', 'wye'] as const;
export type MarkShape = (typeof MARK_SHAPES)[number];

export interface CategorySymbol {
  color: string;
  shape: MarkShape;
}

/** The symbol of the i-th category of a list. */
export function symbolAt(index: number): CategorySymbol {
  return {
    color: OKABE_ITO[index % OKABE_ITO.length]!,
    shape: MARK_SHAPES[index % MARK_SHAPES.length]!,
  };
}

const BY_SLUG = new Map<string, CategorySymbol>(CRIME_CATEGORIES.map((c, i) => [c.slug, symbolAt(i)]));

/** A category's symbol: fixed by its place in the category list, so it is the same on every map. */
export function categorySymbol(slug: CrimeCategorySlug): CategorySymbol {
  return BY_SLUG.get(slug) ?? symbolAt(CRIME_CATEGORIES.length);
}
