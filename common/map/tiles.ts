/**
 * Web Mercator ("slippy map") tile maths for the search map's base layer: which {z}/{x}/{y}
 * tiles of a tile server cover the map, and where each is drawn. The map is drawn with a d3
 * `geoMercator` projection (unrotated); this module speaks in that projection's own terms (its
 * scale, and where it draws 0°, 0°), as d3-tile does, so tiles and marks line up exactly.
 */

/** Tiles are 256 px squares: world width at zoom z is 256 · 2^z px. */
export const TILE_SIZE = 256;
/** Deepest zoom OpenStreetMap's standard tiles (and most servers) offer. */
export const MAX_TILE_ZOOM = 19;

export interface TileView {
  /** d3 geoMercator `scale()`: the world is 2π · scale pixels wide. */
  scale: number;
  /** Where longitude 0, latitude 0 is drawn: `projection([0, 0])`. */
  origin: readonly [number, number];
  width: number;
  height: number;
}

export interface Tile {
  z: number;
  x: number;
  y: number;
  /** Top-left corner of the tile on the map, in pixels. */
  left: number;
  top: number;
}

export interface TileLayout {
  z: number;
  /** Side of every tile as drawn (pixels): between 181 and 362 for a zoom rounded to the nearest. */
  size: number;
  tiles: Tile[];
}

/**
 * The tiles that cover the view, at the zoom whose tiles are nearest their natural 256 px, no
 * deeper than `maxZoom`. Columns and rows off the world (beyond ±85° or the antimeridian) are left out.
 */
export function tilesFor(view: TileView, maxZoom = MAX_TILE_ZOOM): TileLayout {
  const world = 2 * Math.PI * view.scale;
  const z = Math.max(0, Math.min(maxZoom, Math.round(Math.log2(world / TILE_SIZE))));
  const n = 2 ** z;
  const size = world / n;
  // The world's top-left corner on the map.
  const x0 = view.origin[0] - world / 2;
  const y0 = view.origin[1] - world / 2;
  const tiles: Tile[] = [];
  const firstX = Math.max(0, Math.floor(-x0 / size));
  const lastX = Math.min(n - 1, Math.ceil((view.width - x0) / size) - 1);
  const firstY = Math.max(0, Math.floor(-y0 / size));
  const lastY = Math.min(n - 1, Math.ceil((view.height - y0) / size) - 1);
  for (let y = firstY; y <= lastY; y++) {
    for (let x = firstX; x <= lastX; x++) tiles.push({ z, x, y, left: x0 + x * size, top: y0 + y * size });
  }
  return { z, size, tiles };
}

/** A tile's address from a `{z}/{x}/{y}` template (MAP_TILE_URL). */
export function tileUrl(template: string, tile: { z: number; x: number; y: number }): string {
  return template
    .replaceAll('{z}', String(tile.z))
    .replaceAll('{x}', String(tile.x))
    .replaceAll('{y}', String(tile.y));
}
