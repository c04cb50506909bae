import { polygonArea, polygonCentroid, type GeoProjection } from 'd3';
import type { MapPlace } from '../../../../../common/map/marks.ts';
import { tilesFor, tileUrl } from '../../../../../common/map/tiles.ts';
import { ringsPath } from './mapProjection.ts';
import type { MapTiles } from './useMapTiles.ts';

/** Rough width of a 12 px label per character, to keep labels from overprinting each other. */
const CHARACTER_WIDTH = 7.4;
const LABEL_HEIGHT = 14;
const MAX_LABELS = 40;

interface Props {
  places: readonly MapPlace[];
  projection: GeoProjection;
  width: number;
  height: number;
  tiles: MapTiles | null;
}

/**
 * What lies under the marks: the tile server's map when one is configured (MAP_TILE_URL), else the
 * store's neighbourhoods, outlined and named (the store holds no other place names).
 */
export function BaseLayer({ places, projection, width, height, tiles }: Props) {
  if (tiles) {
    const origin = projection([0, 0]) ?? [0, 0];
    const layout = tilesFor({ scale: projection.scale(), origin, width, height });
    return (
      <g className="search-map__tiles" aria-hidden="true">
        {layout.tiles.map((tile) => (
          <image
            key={`${tile.z}/${tile.x}/${tile.y}`}
            href={tileUrl(tiles.url, tile)}
            x={tile.left}
            y={tile.top}
            // Half a pixel over, so neighbouring tiles leave no hairline between them.
            width={layout.size + 0.5}
            height={layout.size + 0.5}
            data-tile={`${tile.z}/${tile.x}/${tile.y}`}
          />
        ))}
      </g>
    );
  }
  const outlined = places.filter((p) => p.rings);
  return (
    <g className="search-map__base" aria-hidden="true">
      {outlined.map((place) => (
        <path key={place.id} className="search-map__neighbourhood" d={ringsPath(place.rings!, projection)} />
      ))}
      {placeLabels(places, projection, width, height).map((label) => (
        <text key={label.id} className="search-map__place" x={label.x} y={label.y} textAnchor="middle">
          {label.name}
        </text>
      ))}
    </g>
  );
}

interface Label {
  id: string;
  name: string;
  x: number;
  y: number;
}

/** Labels in the middle of their neighbourhoods, the largest first, none over another or off the map. */
function placeLabels(
  places: readonly MapPlace[],
  projection: GeoProjection,
  width: number,
  height: number,
): Label[] {
  const taken: { left: number; right: number; top: number; bottom: number }[] = [];
  const out: Label[] = [];
  for (const place of places) {
    if (out.length >= MAX_LABELS) break;
    const at = labelPoint(place, projection);
    if (!at) continue;
    const half = (place.name.length * CHARACTER_WIDTH) / 2 + 2;
    const box = { left: at[0] - half, right: at[0] + half, top: at[1] - LABEL_HEIGHT, bottom: at[1] + 4 };
    if (box.left < 0 || box.right > width || box.top < 0 || box.bottom > height) continue;
    const overlaps = taken.some(
      (t) => box.left < t.right && box.right > t.left && box.top < t.bottom && box.bottom > t.top,
    );
    if (overlaps) continue;
    taken.push(box);
    out.push({ id: place.id, name: place.name, x: at[0], y: at[1] });
  }
  return out;
}

/** The centroid of the neighbourhood's largest ring on screen; its box's middle without an outline. */
function labelPoint(place: MapPlace, projection: GeoProjection): [number, number] | null {
  let best: [number, number][] | null = null;
  let bestArea = 0;
  for (const ring of place.rings ?? []) {
    const points = ring.map((p) => projection(p)).filter((p): p is [number, number] => p !== null);
    const area = Math.abs(polygonArea(points));
    if (points.length >= 3 && area > bestArea) {
      best = points;
      bestArea = area;
    }
  }
  if (best) return polygonCentroid(best);
  return projection([place.at.lng, place.at.lat]);
}
