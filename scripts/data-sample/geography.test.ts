import { describe, expect, it } from 'vitest';
import { POLICE_FORCE_IDS, forceById } from '../../common/police/forces.ts';
import {
  ForceGeoModel,
  LsoaIndex,
  forceNeighbourhoods,
  generatePostcodes,
  snapToMapPoint,
  spiralIndex,
  type MutablePoint,
} from './geography.ts';
import { FORCE_GEOGRAPHY, REAL_POSTCODES, STATION_FORCES } from './places.ts';
import { Rng } from './random.ts';

/** The product's postcode rule (specification): 1-2 letters, digit or R, optional digit or letter, space, digit, 2 letters. */
const UK_POSTCODE = /^[A-Z]{1,2}[0-9R][0-9A-Z]? [0-9][ABD-HJLNP-UW-Z]{2}$/;

type Ring = number[][];

function signedArea(ring: Ring): number {
  let area = 0;
  for (let i = 0; i + 1 < ring.length; i++)
    area += ring[i]![0]! * ring[i + 1]![1]! - ring[i + 1]![0]! * ring[i]![1]!;
  return area / 2;
}

function segmentsCross(a: number[], b: number[], c: number[], d: number[]): boolean {
  const orient = (p: number[], q: number[], r: number[]): number =>
    Math.sign((q[0]! - p[0]!) * (r[1]! - p[1]!) - (q[1]! - p[1]!) * (r[0]! - p[0]!));
  return orient(a, b, c) * orient(a, b, d) < 0 && orient(c, d, a) * orient(c, d, b) < 0;
}

function isSimple(ring: Ring): boolean {
  const n = ring.length - 1;
  for (let i = 0; i < n; i++) {
    for (let j = i + 2; j < n; j++) {
      if (i === 0 && j === n - 1) continue; // the closing edge touches the first one
      if (segmentsCross(ring[i]!, ring[i + 1]!, ring[j]!, ring[j + 1]!)) return false;
    }
  }
  return true;
}

/** Ray casting, written here so the test does not trust any code of the generator. */
function inside(ring: Ring, lng: number, lat: number): boolean {
  let result = false;
  for (let i = 0, j = ring.length - 2; i < ring.length - 1; j = i++) {
    const [xi, yi] = ring[i] as [number, number];
    const [xj, yj] = ring[j] as [number, number];
    if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) result = !result;
  }
  return result;
}

describe('neighbourhood boundaries', () => {
  const forces = ['metropolitan', 'city-of-london', 'south-wales', 'btp'] as const;

  it('are closed, simple, counter-clockwise polygons in [lng, lat]', () => {
    for (const force of forces) {
      const features = forceNeighbourhoods(force);
      expect(features.length).toBeGreaterThanOrEqual(5);
      expect(new Set(features.map((f) => f.properties.id)).size).toBe(features.length);
      for (const feature of features) {
        expect(feature.properties.force).toBe(force);
        expect(feature.geometry.type).toBe('Polygon');
        const ring = feature.geometry.coordinates[0]!;
        expect(ring.length).toBeGreaterThanOrEqual(4);
        expect(ring[0]).toEqual(ring[ring.length - 1]);
        expect(signedArea(ring)).toBeGreaterThan(0);
        expect(isSimple(ring)).toBe(true);
        for (const [lng, lat] of ring as [number, number][]) {
          expect(lat).toBeGreaterThan(49.8);
          expect(lat).toBeLessThan(56);
          expect(lng).toBeGreaterThan(-8.5);
          expect(lng).toBeLessThan(2);
        }
      }
    }
  });

  it('never overlap between towns or forces (railway stations aside)', () => {
    const polygons = POLICE_FORCE_IDS.filter((f) => !STATION_FORCES.has(f)).flatMap((force) =>
      forceNeighbourhoods(force).map((f) => ({
        town: `${force}/${f.properties.id.replace(/-(centre|north|west|south|east)$/, '')}`,
        ring: f.geometry.coordinates[0]!,
      })),
    );
    expect(new Set(polygons.map((p) => p.town)).size).toBeGreaterThan(100);
    const boxes = polygons.map(({ ring }) => {
      const lngs = ring.map((c) => c[0]!);
      const lats = ring.map((c) => c[1]!);
      return [Math.min(...lngs), Math.min(...lats), Math.max(...lngs), Math.max(...lats)] as const;
    });
    const overlaps: string[] = [];
    polygons.forEach((a, i) => {
      polygons.forEach((b, j) => {
        const [ax0, ay0, ax1, ay1] = boxes[i]!;
        const [bx0, by0, bx1, by1] = boxes[j]!;
        if (a.town === b.town || ax1 < bx0 || bx1 < ax0 || ay1 < by0 || by1 < ay0) return;
        if ((a.ring as [number, number][]).some(([lng, lat]) => inside(b.ring, lng, lat))) {
          overlaps.push(`${a.town} / ${b.town}`);
        }
      });
    });
    expect(overlaps).toEqual([]);
  });

  it('are irregular and tile around a centre without overlapping', () => {
    const features = forceNeighbourhoods('west-midlands');
    const centre = features.find((f) => f.properties.id === 'birmingham-centre')!;
    const sectors = features.filter((f) => f.properties.id.startsWith('birmingham-') && f !== centre);
    expect(sectors).toHaveLength(4);
    const ring = centre.geometry.coordinates[0]!;
    // Not a rectangle: many vertices at different distances from the centre.
    const birmingham = FORCE_GEOGRAPHY['west-midlands'].places[0]!;
    const distances = new Set(
      ring.map(([lng, lat]) => Math.hypot(lng! - birmingham.lng, lat! - birmingham.lat).toFixed(4)),
    );
    expect(ring.length).toBeGreaterThan(10);
    expect(distances.size).toBeGreaterThan(8);
    expect(inside(ring, birmingham.lng, birmingham.lat)).toBe(true);
    for (const s of sectors)
      expect(inside(s.geometry.coordinates[0]!, birmingham.lng, birmingham.lat)).toBe(false);
    // Points on a grid belong to at most one of the five polygons.
    const all = [centre, ...sectors].map((f) => f.geometry.coordinates[0]!);
    let covered = 0;
    for (let i = -20; i <= 20; i++) {
      for (let j = -20; j <= 20; j++) {
        const lng = birmingham.lng + i * 0.004 + 0.0001;
        const lat = birmingham.lat + j * 0.0025 + 0.0001;
        const hits = all.filter((r) => inside(r, lng, lat)).length;
        expect(hits).toBeLessThanOrEqual(1);
        covered += hits;
      }
    }
    expect(covered).toBeGreaterThan(100);
  });
});

describe('map points and LSOAs', () => {
  it('snaps nearby points to one map point and keeps one LSOA per area', () => {
    const a: MutablePoint = { lat: 53.80001, lng: -1.54901 };
    const b: MutablePoint = { lat: 53.80002, lng: -1.54902 };
    expect(snapToMapPoint(a)).toBe(snapToMapPoint(b));
    expect(a).toEqual(b);
    const index = new LsoaIndex();
    const first = index.lookup(a.lat, a.lng)!;
    expect(first.code).toMatch(/^E01\d{6}$/);
    expect(first.name).toMatch(/^Leeds \d{3}[A-D]$/);
    expect(new LsoaIndex().lookup(a.lat, a.lng)).toEqual(first);
    expect(index.lookup(51.4816, -3.1791)!.code).toMatch(/^W01\d{6}$/);
    expect(index.lookup(54.5973, -5.9301)).toBeUndefined(); // Belfast: no LSOAs
  });

  it('never gives one LSOA name to two codes, nor one code to two names', () => {
    const index = new LsoaIndex();
    const rng = new Rng(5);
    const point: MutablePoint = { lat: 0, lng: 0 };
    for (const force of ['metropolitan', 'west-yorkshire', 'south-wales'] as const) {
      const model = new ForceGeoModel(force);
      for (let i = 0; i < 20_000; i++) {
        model.sample(rng, 0.3, point);
        index.lookup(point.lat, point.lng);
      }
    }
    const used = index.used();
    expect(used.length).toBeGreaterThan(1000);
    expect(new Set(used.map((l) => l.code)).size).toBe(used.length);
    expect(new Set(used.map((l) => l.name)).size).toBe(used.length);
  });

  it('numbers spiral cells uniquely, small near the centre', () => {
    const seen = new Set<number>();
    for (let dx = -15; dx <= 15; dx++) for (let dy = -15; dy <= 15; dy++) seen.add(spiralIndex(dx, dy));
    expect(seen.size).toBe(31 * 31);
    expect(Math.max(...seen)).toBe(31 * 31 - 1);
    expect(spiralIndex(0, 0)).toBe(0);
    expect(spiralIndex(1, 1)).toBeLessThan(9);
  });

  it('has places for every force, inside the UK, with valid postcode districts', () => {
    for (const id of POLICE_FORCE_IDS) {
      const geo = FORCE_GEOGRAPHY[id];
      expect(geo.places.length, id).toBeGreaterThan(0);
      for (const p of geo.places) {
        expect(p.lat, p.name).toBeGreaterThan(49.9);
        expect(p.lat, p.name).toBeLessThan(55.9);
        expect(p.lng, p.name).toBeGreaterThan(-7.6);
        expect(p.lng, p.name).toBeLessThan(1.8);
        for (const o of p.outward) expect(`${o} 1AB`, p.name).toMatch(UK_POSTCODE);
      }
      if (forceById(id)?.area === 'northern-ireland') {
        for (const p of geo.places) expect(p.outward.every((o) => o.startsWith('BT'))).toBe(true);
      }
    }
    expect(STATION_FORCES.has('btp')).toBe(true);
  });
});

describe('postcodes', () => {
  it('are valid, unique, sorted, near their towns, with the real ones at their positions', () => {
    const postcodes = generatePostcodes(['west-yorkshire', 'metropolitan'], 1);
    expect(postcodes.length).toBeGreaterThan(1000);
    const codes = postcodes.map((p) => p.postcode);
    expect(new Set(codes).size).toBe(codes.length);
    expect([...codes].sort()).toEqual(codes);
    for (const p of postcodes) expect(p.postcode).toMatch(UK_POSTCODE);
    for (const real of REAL_POSTCODES) {
      const found = postcodes.find((p) => p.postcode === real.postcode);
      expect(found, real.postcode).toEqual({ postcode: real.postcode, lat: real.lat, lng: real.lng });
    }
    expect(postcodes.find((p) => p.postcode === 'SW1A 1AA')).toEqual({
      postcode: 'SW1A 1AA',
      lat: 51.501009,
      lng: -0.141588,
    });
    const leeds = postcodes.filter(
      (p) => /^LS\d/.test(p.postcode) && !REAL_POSTCODES.some((r) => r.postcode === p.postcode),
    );
    expect(leeds.length).toBeGreaterThan(100);
    for (const p of leeds) expect(Math.hypot(p.lat - 53.8, (p.lng + 1.55) * 0.6)).toBeLessThan(0.3);
  });
});
