import { geoMercator } from 'd3';
import { describe, expect, it } from 'vitest';
import { tilesFor, tileUrl, TILE_SIZE } from './tiles.ts';

const LONDON = { lng: -0.1276, lat: 51.5072 };

/**
 * The tile holding a point at zoom z by the OSM wiki's formula ("Slippy map tilenames"): what
 * tilesFor's layout is checked against, worked out another way than from a d3 projection.
 */
function tileOf(lng: number, lat: number, z: number): { x: number; y: number } {
  const n = 2 ** z;
  const phi = (lat * Math.PI) / 180;
  const x = Math.floor(((lng + 180) / 360) * n);
  const y = Math.floor(((1 - Math.log(Math.tan(phi) + 1 / Math.cos(phi)) / Math.PI) / 2) * n);
  return { x: Math.min(n - 1, Math.max(0, x)), y: Math.min(n - 1, Math.max(0, y)) };
}

describe('slippy map tile of a point (the test oracle)', () => {
  it('matches the OSM wiki: London is tile 511/340 at zoom 10, and the world is tile 0/0 at zoom 0', () => {
    expect(tileOf(LONDON.lng, LONDON.lat, 10)).toEqual({ x: 511, y: 340 });
    expect(tileOf(LONDON.lng, LONDON.lat, 0)).toEqual({ x: 0, y: 0 });
    // West of Greenwich and north of the equator: the top-left quarter at zoom 1.
    expect(tileOf(-3, 53, 1)).toEqual({ x: 0, y: 0 });
    expect(tileOf(3, -10, 1)).toEqual({ x: 1, y: 1 });
  });
});

describe('tiles covering a d3 Mercator view', () => {
  const width = 390;
  const height = 300;
  const projection = geoMercator()
    .center([LONDON.lng, LONDON.lat])
    .scale((TILE_SIZE * 2 ** 14.3) / (2 * Math.PI))
    .translate([width / 2, height / 2]);
  const view = {
    scale: projection.scale(),
    origin: projection([0, 0])!,
    width,
    height,
  };
  const layout = tilesFor(view);

  it("picks the zoom whose tiles are nearest 256 px, and draws them at the view's scale", () => {
    expect(layout.z).toBe(14);
    expect(layout.size).toBeCloseTo(TILE_SIZE * 2 ** 0.3, 6);
  });

  it('covers the whole view with no gap, and no tile lies wholly outside it', () => {
    const lefts = layout.tiles.map((t) => t.left);
    const tops = layout.tiles.map((t) => t.top);
    expect(Math.min(...lefts)).toBeLessThanOrEqual(0);
    expect(Math.min(...tops)).toBeLessThanOrEqual(0);
    expect(Math.max(...lefts) + layout.size).toBeGreaterThanOrEqual(width);
    expect(Math.max(...tops) + layout.size).toBeGreaterThanOrEqual(height);
    for (const t of layout.tiles) {
      expect(t.left).toBeLessThan(width);
      expect(t.top).toBeLessThan(height);
      expect(t.left + layout.size).toBeGreaterThan(0);
      expect(t.top + layout.size).toBeGreaterThan(0);
    }
  });

  it('draws the tile holding the centre under the centre, as the projection places it', () => {
    const { x, y } = tileOf(LONDON.lng, LONDON.lat, layout.z);
    const tile = layout.tiles.find((t) => t.x === x && t.y === y);
    expect(tile).toBeDefined();
    const [px, py] = projection([LONDON.lng, LONDON.lat])!;
    expect(px).toBeGreaterThanOrEqual(tile!.left);
    expect(px).toBeLessThan(tile!.left + layout.size);
    expect(py).toBeGreaterThanOrEqual(tile!.top);
    expect(py).toBeLessThan(tile!.top + layout.size);
  });

  it('never asks for a zoom deeper than the server has', () => {
    expect(tilesFor({ ...view, scale: view.scale * 2 ** 10 }, 19).z).toBe(19);
  });
});

describe('tile addresses', () => {
  it('fills in the template', () => {
    expect(tileUrl('https://tile.example.org/{z}/{x}/{y}.png', { z: 3, x: 4, y: 5 })).toBe(
      'https://tile.example.org/3/4/5.png',
    );
  });
});
