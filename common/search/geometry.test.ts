import { describe, expect, it } from 'vitest';
import { haversineMetres } from '../../tests/support/great-circle.ts';
import { cellBounds, cellOf } from '../geo/grid.ts';
import {
  EARTH_RADIUS_METRES,
  METRES_PER_MILE,
  cellsForCircle,
  PLANAR_MARGIN_METRES,
  PARTS_PER_CELL,
  cellsForPolygon,
  flatScale,
  partBounds,
  partsForCircle,
  parseBoundary,
  pointInPolygon,
  polygonIntersectsCircle,
  withinRadius,
  type Ring,
} from './geometry.ts';

const MILE = METRES_PER_MILE;
const centre = { lat: 51.5074, lng: -0.1278 };

/** The point `metres` from the centre along a bearing, by the spherical destination formula. */
function destination(from: { lat: number; lng: number }, metres: number, bearingDegrees: number) {
  const r = Math.PI / 180;
  const d = metres / EARTH_RADIUS_METRES;
  const b = bearingDegrees * r;
  const lat1 = from.lat * r;
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(b));
  const lng2 =
    from.lng * r +
    Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
  return { lat: lat2 / r, lng: lng2 / r };
}

describe('haversine', () => {
  it('measures known distances', () => {
    // London (Charing Cross) to Paris (Notre-Dame): ~343.5 km on the mean-radius sphere
    expect(haversineMetres(centre, { lat: 48.853, lng: 2.3499 }) / 1000).toBeCloseTo(343.5, 0);
    expect(haversineMetres(centre, centre)).toBe(0);
    expect(haversineMetres({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBeCloseTo(
      (Math.PI / 180) * EARTH_RADIUS_METRES,
      3,
    );
  });

  it('decides the 1-mile edge to the metre in every direction', () => {
    for (let bearing = 0; bearing < 360; bearing += 15) {
      expect(withinRadius(centre, destination(centre, MILE - 1, bearing), MILE)).toBe(true);
      expect(withinRadius(centre, destination(centre, MILE + 1, bearing), MILE)).toBe(false);
      expect(haversineMetres(centre, destination(centre, MILE, bearing))).toBeCloseTo(MILE, 6);
    }
  });
});

describe('flatScale', () => {
  it('stays within 0.5 m of the haversine up to 2.5 km across Britain, well inside the SQL margin', () => {
    let worst = 0;
    for (let i = 0; i < 20000; i++) {
      const origin = { lat: 49.5 + ((i * 0.618) % 1) * 11.5, lng: -8 + ((i * 0.414) % 1) * 10 };
      const point = destination(origin, ((i * 0.7548) % 1) * 2500, (i * 137.508) % 360);
      const { metresPerLat, metresPerLng } = flatScale(origin);
      const flat = Math.hypot(
        (point.lat - origin.lat) * metresPerLat,
        (point.lng - origin.lng) * metresPerLng,
      );
      worst = Math.max(worst, Math.abs(flat - haversineMetres(origin, point)));
    }
    expect(worst).toBeLessThan(0.5);
    expect(PLANAR_MARGIN_METRES).toBeGreaterThan(10 * worst);
  });
});

describe('cellsForCircle', () => {
  const cells = cellsForCircle(centre, MILE);

  it('splits the circle into whole cells and edge cells', () => {
    expect(cells.inside.length).toBeGreaterThan(10);
    expect(cells.edge.length).toBeGreaterThan(10);
    expect(new Set([...cells.inside, ...cells.edge]).size).toBe(cells.inside.length + cells.edge.length);
  });

  it('puts every corner of an inside cell within the radius', () => {
    for (const cell of cells.inside) {
      const b = cellBounds(cell);
      for (const lat of [b.minLat, b.maxLat]) {
        for (const lng of [b.minLng, b.maxLng])
          expect(haversineMetres(centre, { lat, lng })).toBeLessThanOrEqual(MILE);
      }
    }
  });

  it('never misses a point within the radius', () => {
    const known = new Set([...cells.inside, ...cells.edge]);
    for (let i = 0; i < 5000; i++) {
      const p = destination(centre, Math.sqrt(i / 5000) * MILE, (i * 137.508) % 360);
      expect(known.has(cellOf(p.lat, p.lng)!)).toBe(true);
    }
    for (let bearing = 0; bearing < 360; bearing += 1) {
      const p = destination(centre, MILE - 0.001, bearing);
      expect(known.has(cellOf(p.lat, p.lng)!)).toBe(true);
    }
  });
});

describe('partsForCircle', () => {
  const cells = cellsForCircle(centre, MILE);
  const parts = partsForCircle(cells.edge, centre, MILE);

  it('settles most of the edge cells by whole parts', () => {
    expect(parts.inside.length + parts.edge.length).toBeLessThan(cells.edge.length * PARTS_PER_CELL);
    expect(parts.inside.length).toBeGreaterThan(parts.edge.length / 2);
    for (const part of parts.inside) {
      const b = partBounds(part);
      for (const lat of [b.minLat, b.maxLat]) {
        for (const lng of [b.minLng, b.maxLng])
          expect(haversineMetres(centre, { lat, lng })).toBeLessThanOrEqual(MILE);
      }
    }
  });

  it('keeps every point within the radius that falls in an edge cell', () => {
    const edgeCells = new Set(cells.edge);
    const kept = new Set([...parts.inside, ...parts.edge]);
    for (let i = 0; i < 20000; i++) {
      const p = destination(centre, Math.sqrt(i / 20000) * MILE, (i * 137.508) % 360);
      const cell = cellOf(p.lat, p.lng)!;
      if (!edgeCells.has(cell)) continue;
      const b = cellBounds(cell);
      const row = Math.min(3, Math.floor((p.lat - b.minLat) / ((b.maxLat - b.minLat) / 4)));
      const column = Math.min(3, Math.floor((p.lng - b.minLng) / ((b.maxLng - b.minLng) / 4)));
      expect(kept.has(cell * PARTS_PER_CELL + row * 4 + column)).toBe(true);
    }
  });
});

const square: Ring = [
  [-0.2, 51.45],
  [-0.05, 51.45],
  [-0.05, 51.55],
  [-0.2, 51.55],
  [-0.2, 51.45],
];
// An L shape: the bounding box contains points that are outside the polygon.
const ell: Ring = [
  [-0.2, 51.45],
  [-0.05, 51.45],
  [-0.05, 51.48],
  [-0.15, 51.48],
  [-0.15, 51.55],
  [-0.2, 51.55],
];

describe('pointInPolygon', () => {
  it('tells inside from outside, also within the bounding box', () => {
    expect(pointInPolygon({ lat: 51.5, lng: -0.1 }, [square])).toBe(true);
    expect(pointInPolygon({ lat: 51.5, lng: -0.1 }, [ell])).toBe(false);
    expect(pointInPolygon({ lat: 51.46, lng: -0.1 }, [ell])).toBe(true);
    expect(pointInPolygon({ lat: 51.52, lng: -0.17 }, [ell])).toBe(true);
    expect(pointInPolygon({ lat: 51.6, lng: -0.1 }, [square])).toBe(false);
  });

  it('treats a second ring inside the first as a hole', () => {
    const hole: Ring = [
      [-0.15, 51.48],
      [-0.1, 51.48],
      [-0.1, 51.52],
      [-0.15, 51.52],
    ];
    expect(pointInPolygon({ lat: 51.5, lng: -0.12 }, [square, hole])).toBe(false);
    expect(pointInPolygon({ lat: 51.46, lng: -0.12 }, [square, hole])).toBe(true);
  });
});

describe('cellsForPolygon', () => {
  it('classifies cells consistently with the point test', () => {
    const { inside, edge } = cellsForPolygon([ell]);
    const insideSet = new Set(inside);
    const edgeSet = new Set(edge);
    // Every point inside the polygon falls in an inside or edge cell; points of inside cells are inside.
    for (let i = 0; i < 20000; i++) {
      const lat = 51.44 + ((i * 0.618034) % 1) * 0.12;
      const lng = -0.21 + ((i * 0.414214) % 1) * 0.17;
      const cell = cellOf(lat, lng)!;
      const hit = pointInPolygon({ lat, lng }, [ell]);
      if (hit) expect(insideSet.has(cell) || edgeSet.has(cell)).toBe(true);
      if (insideSet.has(cell)) expect(hit).toBe(true);
    }
  });
});

describe('polygonIntersectsCircle and parseBoundary', () => {
  it('finds overlap by containment or by a nearby edge', () => {
    expect(polygonIntersectsCircle([square], { lat: 51.5, lng: -0.1 }, MILE)).toBe(true);
    // 1 km east of the square's east edge
    expect(polygonIntersectsCircle([square], { lat: 51.5, lng: -0.05 + 1000 / 69_400 }, MILE)).toBe(true);
    expect(polygonIntersectsCircle([square], { lat: 51.5, lng: -0.05 + 3000 / 69_400 }, MILE)).toBe(false);
  });

  it('reads one ring or several and refuses anything else', () => {
    expect(parseBoundary(JSON.stringify(square))).toHaveLength(1);
    expect(parseBoundary(JSON.stringify([square, ell]))).toHaveLength(2);
    expect(parseBoundary(JSON.stringify({ type: 'Polygon', coordinates: [square] }))).toEqual([square]);
    expect(parseBoundary(JSON.stringify({ type: 'MultiPolygon', coordinates: [[square], [ell]] }))).toEqual([
      square,
      ell,
    ]);
    expect(parseBoundary(JSON.stringify({ type: 'Point', coordinates: [0, 51] }))).toBeUndefined();
    for (const bad of ['', 'null', '[]', '[[1,2],[3,4]]', '{"a":1}', '[[1,"x"],[2,3],[4,5]]']) {
      expect(parseBoundary(bad)).toBeUndefined();
    }
  });
});
