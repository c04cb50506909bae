/**
 * A hexagonal grid in the map's flat frame (metres): pointy-top hexagons of circumradius `size`,
 * the layout d3-hexbin draws (rows 1.5 × size apart, odd rows shifted half a hexagon), addressed
 * by axial coordinates (q along a row, r the row). Binning is our own, to the nearest centre (d3-hexbin
 * compares distances in row and column units and can pick a neighbour near a corner). The server bins crimes with it when a search
 * has too many locations to draw one by one; the browser finds a crime's hexagon with it.
 */
import type { Point } from './frame.ts';

export interface Hex {
  q: number;
  r: number;
}

const SQRT3 = Math.sqrt(3);

export function hexCentre(hex: Hex, size: number): Point {
  return { x: size * SQRT3 * (hex.q + hex.r / 2), y: size * 1.5 * hex.r };
}

/** The hexagon whose centre is nearest the point (rounding in cube coordinates). */
export function hexAt(point: Point, size: number): Hex {
  const fq = ((SQRT3 / 3) * point.x - point.y / 3) / size;
  const fr = ((2 / 3) * point.y) / size;
  const fs = -fq - fr;
  let q = Math.round(fq);
  let r = Math.round(fr);
  const s = Math.round(fs);
  const dq = Math.abs(q - fq);
  const dr = Math.abs(r - fr);
  const ds = Math.abs(s - fs);
  // The coordinate that moved most is the one the other two determine.
  if (dq > dr && dq > ds) q = -r - s;
  else if (dr > ds) r = -q - s;
  // -0 would print as "0" anyway; normalise so equal hexagons compare equal with Object.is too.
  return { q: q + 0, r: r + 0 };
}

/** The hexagon's bounding box in the frame, for finding the grid cells it overlaps. */
export function hexBox(hex: Hex, size: number): { minX: number; maxX: number; minY: number; maxY: number } {
  const c = hexCentre(hex, size);
  const halfWidth = (SQRT3 / 2) * size;
  return { minX: c.x - halfWidth, maxX: c.x + halfWidth, minY: c.y - size, maxY: c.y + size };
}
