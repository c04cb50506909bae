/**
 * Distances and areas for the search. Distances are great-circle (haversine) on a sphere of the
 * Earth's mean radius. The server's SQL evaluates the very same inequality as `withinRadius`
 * (see HAVERSINE_SQL in api/src/search), so a crime counted by the aggregate path and one listed
 * in the incident table are decided by one rule.
 */
import { GRID, cellBounds, cellColumn, cellRow, type CellBounds } from '../geo/grid.ts';

export const EARTH_RADIUS_METRES = 6_371_008.8;
export const METRES_PER_MILE = 1609.344;

export interface LatLng {
  lat: number;
  lng: number;
}

const RAD = Math.PI / 180;

/** sin²(Δφ/2) + cos φ1 cos φ2 sin²(Δλ/2): the haversine of the central angle. */
export function haversineTerm(a: LatLng, b: LatLng): number {
  const dLat = Math.sin(((b.lat - a.lat) * RAD) / 2);
  const dLng = Math.sin(((b.lng - a.lng) * RAD) / 2);
  return dLat * dLat + Math.cos(a.lat * RAD) * Math.cos(b.lat * RAD) * dLng * dLng;
}

/** The haversine term at exactly `metres`: a point is within the radius when its term is <= this. */
export function haversineLimit(metres: number): number {
  const s = Math.sin(metres / (2 * EARTH_RADIUS_METRES));
  return s * s;
}

export function withinRadius(centre: LatLng, point: LatLng, metres: number): boolean {
  return haversineTerm(centre, point) <= haversineLimit(metres);
}

/**
 * Metres per degree around a point, for a flat (equirectangular) distance. Within 2.5 km of the
 * point and at British latitudes it is within 0.5 m of the haversine distance, so it may settle
 * any point farther than PLANAR_MARGIN_METRES from the edge of a circle.
 */
export function flatScale(centre: LatLng): { metresPerLat: number; metresPerLng: number } {
  const metresPerLat = EARTH_RADIUS_METRES * RAD;
  return { metresPerLat, metresPerLng: metresPerLat * Math.cos(centre.lat * RAD) };
}

export const PLANAR_MARGIN_METRES = 5;

/** The grid cells a search area touches: whole cells inside it, and cells its edge crosses. */
export interface AreaCells {
  /** Every point of these cells is inside the area: their pre-aggregated counts are exact. */
  inside: number[];
  /** The area's edge crosses these cells: their crimes need an exact test. */
  edge: number[];
}

/**
 * Floating-point slack on cell bounds: a point's cell comes from floor(), so a point may sit a
 * hair outside the bounds computed back from its cell. Cells are judged on bounds widened by
 * this (about 0.1 mm), which can only move a cell from "inside" to "edge", never lose a point.
 */
const CELL_SLACK_DEGREES = 1e-9;

function widened(bounds: CellBounds): CellBounds {
  return {
    minLat: bounds.minLat - CELL_SLACK_DEGREES,
    maxLat: bounds.maxLat + CELL_SLACK_DEGREES,
    minLng: bounds.minLng - CELL_SLACK_DEGREES,
    maxLng: bounds.maxLng + CELL_SLACK_DEGREES,
  };
}

function cellId(row: number, column: number): number {
  return row * GRID.columns + column;
}

/**
 * Cells of a circle. A cell is inside when its farthest corner is within the radius (for cells
 * this small the farthest point of a cell is a corner); it is skipped when its nearest point is
 * more than a metre beyond the radius (the metre covers the clamp-to-rectangle approximation of
 * the nearest point on a sphere); everything between is an edge cell.
 */
export function cellsForCircle(centre: LatLng, metres: number): AreaCells {
  const dLat = metres / EARTH_RADIUS_METRES / RAD;
  const dLng = dLat / Math.cos(Math.min(89, Math.abs(centre.lat) + dLat) * RAD);
  const limitInside = haversineLimit(Math.max(0, metres - 0.01));
  const limitOutside = haversineLimit(metres + 1);
  const inside: number[] = [];
  const edge: number[] = [];
  const rowFrom = Math.max(0, cellRow(centre.lat - dLat));
  const rowTo = cellRow(centre.lat + dLat);
  const colFrom = Math.max(0, cellColumn(centre.lng - dLng));
  const colTo = Math.min(GRID.columns - 1, cellColumn(centre.lng + dLng));
  for (let row = rowFrom; row <= rowTo; row++) {
    for (let column = colFrom; column <= colTo; column++) {
      const cell = cellId(row, column);
      const b = widened(cellBounds(cell));
      const nearest = {
        lat: Math.min(Math.max(centre.lat, b.minLat), b.maxLat),
        lng: Math.min(Math.max(centre.lng, b.minLng), b.maxLng),
      };
      if (haversineTerm(centre, nearest) > limitOutside) continue;
      (farthestCornerTerm(centre, b) <= limitInside ? inside : edge).push(cell);
    }
  }
  return { inside, edge };
}

/**
 * Each grid cell split 4 x 4 into parts (~140 m squares). The store keeps edge-cell points under
 * their part, `cell * 16 + row * 4 + column`, so an edge cell is mostly settled part by part and
 * only the parts the edge itself crosses are tested point by point.
 */
export const PARTS_PER_SIDE = 4;
export const PARTS_PER_CELL = PARTS_PER_SIDE * PARTS_PER_SIDE;

export function partBounds(part: number): CellBounds {
  const cell = Math.floor(part / PARTS_PER_CELL);
  const sub = part - cell * PARTS_PER_CELL;
  const row = Math.floor(sub / PARTS_PER_SIDE);
  const column = sub - row * PARTS_PER_SIDE;
  const b = cellBounds(cell);
  const height = GRID.cellLat / PARTS_PER_SIDE;
  const width = GRID.cellLng / PARTS_PER_SIDE;
  return {
    minLat: b.minLat + row * height,
    maxLat: b.minLat + (row + 1) * height,
    minLng: b.minLng + column * width,
    maxLng: b.minLng + (column + 1) * width,
  };
}

/** The parts of the given cells, split like `AreaCells`; parts wholly outside are left out. */
export function partsForCircle(cells: readonly number[], centre: LatLng, metres: number): AreaCells {
  const limitInside = haversineLimit(Math.max(0, metres - 0.01));
  const limitOutside = haversineLimit(metres + 1);
  const inside: number[] = [];
  const edge: number[] = [];
  for (const cell of cells) {
    for (let sub = 0; sub < PARTS_PER_CELL; sub++) {
      const part = cell * PARTS_PER_CELL + sub;
      const b = widened(partBounds(part));
      const nearest = {
        lat: Math.min(Math.max(centre.lat, b.minLat), b.maxLat),
        lng: Math.min(Math.max(centre.lng, b.minLng), b.maxLng),
      };
      if (haversineTerm(centre, nearest) > limitOutside) continue;
      (farthestCornerTerm(centre, b) <= limitInside ? inside : edge).push(part);
    }
  }
  return { inside, edge };
}

function farthestCornerTerm(centre: LatLng, b: CellBounds): number {
  return Math.max(
    haversineTerm(centre, { lat: b.minLat, lng: b.minLng }),
    haversineTerm(centre, { lat: b.minLat, lng: b.maxLng }),
    haversineTerm(centre, { lat: b.maxLat, lng: b.minLng }),
    haversineTerm(centre, { lat: b.maxLat, lng: b.maxLng }),
  );
}

/** A closed ring of [longitude, latitude] pairs (the first point need not be repeated). */
export type Ring = readonly (readonly [number, number])[];

/**
 * Even-odd point-in-polygon over one or more rings (holes and multi-part boundaries come out
 * right with the even-odd rule). Coordinates are treated as planar, which is how
 * data.police.uk draws neighbourhood boundaries too.
 */
export function pointInPolygon(point: LatLng, rings: readonly Ring[]): boolean {
  let inside = false;
  const x = point.lng;
  const y = point.lat;
  for (const ring of rings) {
    const n = ring.length;
    for (let i = 0, j = n - 1; i < n; j = i++) {
      const [xi, yi] = ring[i]!;
      const [xj, yj] = ring[j]!;
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

export interface Bbox {
  minLat: number;
  maxLat: number;
  minLng: number;
  maxLng: number;
}

export function ringsBbox(rings: readonly Ring[]): Bbox | undefined {
  let box: Bbox | undefined;
  for (const ring of rings) {
    for (const [lng, lat] of ring) {
      if (!box) box = { minLat: lat, maxLat: lat, minLng: lng, maxLng: lng };
      else {
        box.minLat = Math.min(box.minLat, lat);
        box.maxLat = Math.max(box.maxLat, lat);
        box.minLng = Math.min(box.minLng, lng);
        box.maxLng = Math.max(box.maxLng, lng);
      }
    }
  }
  return box;
}

/** Liang–Barsky: does the segment touch the (closed) rectangle? */
function segmentTouchesRect(x1: number, y1: number, x2: number, y2: number, r: CellBounds): boolean {
  let t0 = 0;
  let t1 = 1;
  const dx = x2 - x1;
  const dy = y2 - y1;
  const edges: [number, number][] = [
    [-dx, x1 - r.minLng],
    [dx, r.maxLng - x1],
    [-dy, y1 - r.minLat],
    [dy, r.maxLat - y1],
  ];
  for (const [p, q] of edges) {
    if (p === 0) {
      if (q < 0) return false;
    } else {
      const t = q / p;
      if (p < 0) {
        if (t > t1) return false;
        if (t > t0) t0 = t;
      } else {
        if (t < t0) return false;
        if (t < t1) t1 = t;
      }
    }
  }
  return true;
}

/**
 * Cells of a polygon: a cell is an edge cell when any boundary segment touches it; other cells
 * lie wholly on one side, and a scan line through each row of cell centres tells which.
 */
export function cellsForPolygon(rings: readonly Ring[]): AreaCells {
  const box = ringsBbox(rings);
  if (!box) return { inside: [], edge: [] };
  const rowFrom = Math.max(0, cellRow(box.minLat));
  const rowTo = cellRow(box.maxLat);
  const colFrom = Math.max(0, cellColumn(box.minLng));
  const colTo = Math.min(GRID.columns - 1, cellColumn(box.maxLng));
  const edgeCells = new Set<number>();
  for (const ring of rings) {
    const n = ring.length;
    for (let i = 0, j = n - 1; i < n; j = i++) {
      const [x1, y1] = ring[j]!;
      const [x2, y2] = ring[i]!;
      const r0 = Math.max(rowFrom, cellRow(Math.min(y1, y2) - CELL_SLACK_DEGREES));
      const r1 = Math.min(rowTo, cellRow(Math.max(y1, y2) + CELL_SLACK_DEGREES));
      const c0 = Math.max(colFrom, cellColumn(Math.min(x1, x2) - CELL_SLACK_DEGREES));
      const c1 = Math.min(colTo, cellColumn(Math.max(x1, x2) + CELL_SLACK_DEGREES));
      for (let row = r0; row <= r1; row++) {
        for (let column = c0; column <= c1; column++) {
          const cell = cellId(row, column);
          if (edgeCells.has(cell)) continue;
          if (segmentTouchesRect(x1, y1, x2, y2, widened(cellBounds(cell)))) edgeCells.add(cell);
        }
      }
    }
  }
  const inside: number[] = [];
  for (let row = rowFrom; row <= rowTo; row++) {
    const y = GRID.originLat + (row + 0.5) * GRID.cellLat;
    const crossings: number[] = [];
    for (const ring of rings) {
      const n = ring.length;
      for (let i = 0, j = n - 1; i < n; j = i++) {
        const [xi, yi] = ring[i]!;
        const [xj, yj] = ring[j]!;
        if (yi > y !== yj > y) crossings.push(((xj - xi) * (y - yi)) / (yj - yi) + xi);
      }
    }
    crossings.sort((a, b) => a - b);
    for (let k = 0; k + 1 < crossings.length; k += 2) {
      const from = Math.max(colFrom, cellColumn(crossings[k]!));
      const to = Math.min(colTo, cellColumn(crossings[k + 1]!));
      for (let column = from; column <= to; column++) {
        const cell = cellId(row, column);
        if (edgeCells.has(cell)) continue;
        const x = GRID.originLng + (column + 0.5) * GRID.cellLng;
        if (x > crossings[k]! && x < crossings[k + 1]!) inside.push(cell);
      }
    }
  }
  return { inside, edge: [...edgeCells].sort((a, b) => a - b) };
}

/**
 * Whether a polygon and a circle overlap: the centre is inside, or some boundary segment comes
 * within the radius. Segment distances use a local flat projection around the centre, plenty for
 * deciding which forces police a 1-mile circle.
 */
export function polygonIntersectsCircle(rings: readonly Ring[], centre: LatLng, metres: number): boolean {
  if (pointInPolygon(centre, rings)) return true;
  const metresPerLat = EARTH_RADIUS_METRES * RAD;
  const metresPerLng = metresPerLat * Math.cos(centre.lat * RAD);
  const project = ([lng, lat]: readonly [number, number]) =>
    [(lng - centre.lng) * metresPerLng, (lat - centre.lat) * metresPerLat] as const;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [ax, ay] = project(ring[j]!);
      const [bx, by] = project(ring[i]!);
      const dx = bx - ax;
      const dy = by - ay;
      const lengthSquared = dx * dx + dy * dy;
      const t = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / lengthSquared));
      const px = ax + t * dx;
      const py = ay + t * dy;
      if (px * px + py * py <= metres * metres) return true;
    }
  }
  return false;
}

/**
 * Reads a stored boundary in any of the forms the store holds: one ring `[[lng, lat], ...]`
 * (data.police.uk sync), several rings, or a GeoJSON Polygon / MultiPolygon geometry (boundary
 * files). All rings are returned flat; the even-odd rule then handles holes and separate parts.
 * Undefined when the text is none of these with finite numbers.
 */
export function parseBoundary(json: string): Ring[] | undefined {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return undefined;
  }
  const isPoint = (p: unknown): p is [number, number] =>
    Array.isArray(p) && p.length >= 2 && Number.isFinite(p[0]) && Number.isFinite(p[1]);
  const isRing = (r: unknown): r is [number, number][] =>
    Array.isArray(r) && r.length >= 3 && r.every(isPoint);
  const isRings = (rs: unknown): rs is [number, number][][] =>
    Array.isArray(rs) && rs.length > 0 && rs.every(isRing);
  const toRings = (rings: [number, number][][]): Ring[] =>
    rings.map((ring) => ring.map(([lng, lat]) => [lng, lat] as const));

  if (isRing(value)) return toRings([value]);
  if (isRings(value)) return toRings(value);
  const geometry = value as { type?: unknown; coordinates?: unknown } | null;
  if (geometry && typeof geometry === 'object' && !Array.isArray(geometry)) {
    if (geometry.type === 'Polygon' && isRings(geometry.coordinates)) return toRings(geometry.coordinates);
    if (
      geometry.type === 'MultiPolygon' &&
      Array.isArray(geometry.coordinates) &&
      geometry.coordinates.length > 0
    ) {
      const polygons = geometry.coordinates as unknown[];
      if (polygons.every(isRings)) return toRings(polygons.flat());
    }
  }
  return undefined;
}
