import { hexbin } from 'd3-hexbin';
import { describe, expect, it } from 'vitest';
import { hexAt, hexBox, hexCentre } from './hexbin.ts';

function lcg(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 4294967296;
    return state / 4294967296;
  };
}

describe('hexagon grid', () => {
  it('puts every point in the hexagon with the nearest centre', () => {
    const next = lcg(7);
    const size = 40;
    for (let i = 0; i < 2000; i++) {
      const point = { x: (next() - 0.5) * 4000, y: (next() - 0.5) * 4000 };
      const centre = hexCentre(hexAt(point, size), size);
      const own = Math.hypot(point.x - centre.x, point.y - centre.y);
      // The six neighbours' centres are never nearer.
      for (const [dq, dr] of [
        [1, 0],
        [-1, 0],
        [0, 1],
        [0, -1],
        [1, -1],
        [-1, 1],
      ] as const) {
        const hex = hexAt(point, size);
        const other = hexCentre({ q: hex.q + dq, r: hex.r + dr }, size);
        expect(Math.hypot(point.x - other.x, point.y - other.y)).toBeGreaterThanOrEqual(own - 1e-9);
      }
      expect(own).toBeLessThanOrEqual(size + 1e-9);
    }
  });

  it('lays hexagons out where d3-hexbin draws them (y flipped: the frame points north, the screen down)', () => {
    // d3-hexbin compares distances in row/column units, so near a corner it can pick the second
    // nearest hexagon; the grid itself, which the browser draws with it, is the same.
    const next = lcg(11);
    const size = 25;
    const d3 = hexbin<[number, number]>().radius(size);
    const points: [number, number][] = Array.from({ length: 1500 }, () => [
      (next() - 0.5) * 3000,
      (next() - 0.5) * 3000,
    ]);
    const bins = d3(points);
    expect(bins.length).toBeGreaterThan(500);
    for (const bin of bins) {
      const centre = hexCentre(hexAt({ x: bin.x, y: -bin.y }, size), size);
      expect(centre.x).toBeCloseTo(bin.x, 6);
      expect(-centre.y).toBeCloseTo(bin.y, 6);
    }
  });

  it('gives the centre hexagon 0,0 and a box that holds the hexagon', () => {
    expect(hexAt({ x: 1, y: -1 }, 10)).toEqual({ q: 0, r: 0 });
    expect(Object.is(hexAt({ x: -1, y: 1 }, 10).q, 0)).toBe(true);
    const box = hexBox({ q: 2, r: -3 }, 10);
    const c = hexCentre({ q: 2, r: -3 }, 10);
    expect(box.maxY - box.minY).toBeCloseTo(20);
    expect(box.maxX - box.minX).toBeCloseTo(10 * Math.sqrt(3));
    expect((box.minX + box.maxX) / 2).toBeCloseTo(c.x);
  });
});
