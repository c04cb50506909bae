import {
  geoBounds,
  geoCircle,
  geoMercator,
  geoPath,
  type GeoPermissibleObjects,
  type GeoProjection,
} from 'd3';
import { MAX_TILE_ZOOM, TILE_SIZE } from '../../../../../common/map/tiles.ts';
import type { SearchMapResponse } from '../../../../../common/map/marks.ts';
import { EARTH_RADIUS_METRES, type Bbox } from '../../../../../common/search/geometry.ts';

/** Space kept free around what the map frames, in pixels. */
const PAD = 20;
/** The deepest the map zooms: where tiles are at their deepest zoom, 256 px each. */
const MAX_SCALE = (TILE_SIZE * 2 ** MAX_TILE_ZOOM) / (2 * Math.PI);

/**
 * The map's d3 Mercator projection (the tile servers' own, so marks sit on their streets), fitted
 * to `view` when zoomed into a cluster, else to the search's outline and marks.
 */
export function fitProjection(
  map: SearchMapResponse,
  width: number,
  height: number,
  view: Bbox | null,
): GeoProjection {
  const shape = view ? boxShape(view) : fitShape(map);
  const p = geoMercator().fitExtent(
    [
      [PAD, PAD],
      [Math.max(PAD + 1, width - PAD), Math.max(PAD + 1, height - PAD)],
    ],
    shape,
  );
  if (Number.isFinite(p.scale()) && p.scale() <= MAX_SCALE) return p;
  // One point, or a few metres: as deep as the tiles go, centred on it.
  const [[west, south], [east, north]] = geoBounds(shape);
  return geoMercator()
    .scale(MAX_SCALE)
    .center([(west + east) / 2, (south + north) / 2])
    .translate([width / 2, height / 2]);
}

/** Pixels per metre on the ground at the map's middle (Mercator's scale grows as 1/cos(latitude)). */
export function pixelsPerMetre(projection: GeoProjection, height: number, width: number): number {
  const middle = projection.invert?.([width / 2, height / 2]);
  const lat = middle ? middle[1] : 0;
  return projection.scale() / (EARTH_RADIUS_METRES * Math.cos((lat * Math.PI) / 180));
}

function boxShape(box: Bbox): GeoPermissibleObjects {
  return {
    type: 'MultiPoint',
    coordinates: [
      [box.minLng, box.minLat],
      [box.maxLng, box.maxLat],
    ],
  };
}

/** What the projection is fitted to: the outline, and the marks in case some lie outside it. */
function fitShape(map: SearchMapResponse): GeoPermissibleObjects {
  const geometries: GeoPermissibleObjects[] = [];
  const outline = map.outline;
  if (outline?.kind === 'circle') geometries.push(circleShape(outline.centre, outline.radiusMetres));
  else if (outline?.kind === 'polygons')
    geometries.push({ type: 'MultiLineString', coordinates: outline.rings });
  else if (outline?.kind === 'box') geometries.push(boxShape(outline.box));
  const points = map.marks.map((m) => [m.lng, m.lat]);
  if (points.length === 0) points.push([map.centre.lng, map.centre.lat]);
  geometries.push({ type: 'MultiPoint', coordinates: points });
  return { type: 'GeometryCollection', geometries } as GeoPermissibleObjects;
}

function circleShape(centre: { lat: number; lng: number }, metres: number): GeoPermissibleObjects {
  return geoCircle()
    .center([centre.lng, centre.lat])
    .radius((metres / EARTH_RADIUS_METRES) * (180 / Math.PI))
    .precision(2)();
}

/**
 * Rings as an SVG path, projected point by point rather than drawn as d3-geo polygons, whose
 * winding order decides inside from outside on the sphere (a ring wound the other way would fill
 * the whole world).
 */
export function ringsPath(
  rings: readonly (readonly (readonly [number, number])[])[],
  projection: GeoProjection,
): string {
  return rings
    .map((ring) => {
      const points = ring
        .map((p) => projection([p[0], p[1]]))
        .filter((p): p is [number, number] => p !== null);
      return points.length < 2
        ? ''
        : `M${points.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join('L')}Z`;
    })
    .join('');
}

/** The search's outline as an SVG path. */
export function outlinePath(
  map: SearchMapResponse,
  projection: GeoProjection,
): { kind: string; d: string } | null {
  const outline = map.outline;
  if (!outline) return null;
  if (outline.kind === 'circle') {
    const d = geoPath(projection)(circleShape(outline.centre, outline.radiusMetres));
    return d ? { kind: 'circle', d } : null;
  }
  const rings =
    outline.kind === 'polygons'
      ? outline.rings
      : [
          [
            [outline.box.minLng, outline.box.minLat],
            [outline.box.maxLng, outline.box.minLat],
            [outline.box.maxLng, outline.box.maxLat],
            [outline.box.minLng, outline.box.maxLat],
          ] as [number, number][],
        ];
  return { kind: outline.kind, d: ringsPath(rings, projection) };
}
