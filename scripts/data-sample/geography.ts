/**
 * Where synthetic crimes happen and what the places are called: points clustered around each
 * force's towns, snapped to fixed anonymised map points as data.police.uk does, LSOAs from a
 * national grid, neighbourhood boundaries and postcodes. The geography does not depend on the
 * seed: the same map point always has the same street name and the same LSOA.
 */
import { POLICE_FORCE_IDS, forceById, type PoliceForceId } from '../../common/police/forces.ts';
import {
  FORCE_GEOGRAPHY,
  PLACE_LOCATIONS,
  REAL_POSTCODES,
  STATION_FORCES,
  STREET_NAMES,
  type Place,
} from './places.ts';
import { Rng, WeightedTable, hashString, hashValues, mix, unitFromHash } from './random.ts';

const KM_PER_DEGREE_LAT = 111.32;

function kmPerDegreeLng(lat: number): number {
  return KM_PER_DEGREE_LAT * Math.cos((lat * Math.PI) / 180);
}

/** Typical distance of a town's crimes from its centre, in km. */
export function spreadKm(place: Place): number {
  return place.spreadKm ?? Math.min(9, Math.max(0.8, 0.6 * Math.sqrt(place.population / 10)));
}

/** Spread of the dense core (shopping streets, night life) around the centre, in km. */
export function coreSpreadKm(place: Place): number {
  return Math.min(0.6, Math.max(0.1, 0.12 * spreadKm(place)));
}

/** A point drawn for a row; reused between rows so drawing makes no garbage. */
export interface MutablePoint {
  lat: number;
  lng: number;
}

interface PlaceModel {
  readonly place: Place;
  readonly latPerKm: number;
  readonly lngPerKm: number;
  readonly spread: number;
  readonly core: number;
}

/** The spatial model of one force: a mixture of Gaussians around its places. */
export class ForceGeoModel {
  private readonly places: readonly PlaceModel[];
  private readonly table: WeightedTable<number>;

  constructor(readonly forceId: PoliceForceId) {
    const geo = FORCE_GEOGRAPHY[forceId];
    this.places = geo.places.map((place) => ({
      place,
      latPerKm: 1 / KM_PER_DEGREE_LAT,
      lngPerKm: 1 / kmPerDegreeLng(place.lat),
      spread: spreadKm(place),
      core: coreSpreadKm(place),
    }));
    this.table = new WeightedTable(
      this.places.map((_, i) => i),
      geo.places.map((p) => p.population * (p.crimeFactor ?? 1)),
    );
  }

  /**
   * Draws a point: a place by its weight, then the dense core with probability `coreShare`,
   * otherwise the town's whole spread. Tails are cut at three spreads.
   */
  sample(rng: Rng, coreShare: number, out: MutablePoint): MutablePoint {
    const pm = this.places[this.table.index(rng.next())]!;
    const sigma = rng.next() < coreShare ? pm.core : pm.spread;
    const dy = clamp(rng.gaussian(), -3, 3) * sigma;
    const dx = clamp(rng.gaussian(), -3, 3) * sigma;
    out.lat = pm.place.lat + dy * pm.latPerKm;
    out.lng = pm.place.lng + dx * pm.lngPerKm;
    return out;
  }
}

function clamp(v: number, lo: number, hi: number): number {
  return v < lo ? lo : v > hi ? hi : v;
}

// ---------------------------------------------------------------------------------------------
// Anonymised map points

/** Map points sit on a grid of roughly 100 m cells, one point per cell. */
const MAP_CELL_LAT = 0.0009;
const MAP_CELL_LNG = 0.0014;
const MAP_LNG_ORIGIN = -10;
const MAP_COLUMNS = 20000;

const STREET_LOCATIONS = STREET_NAMES.map((name) => `On or near ${name}`);
const PLACE_LOCATION_TEXTS = PLACE_LOCATIONS.map((name) => `On or near ${name}`);

/** Snaps a point to its map point in place and returns the map point's key. */
export function snapToMapPoint(point: MutablePoint): number {
  const row = Math.floor(point.lat / MAP_CELL_LAT);
  const col = Math.floor((point.lng - MAP_LNG_ORIGIN) / MAP_CELL_LNG);
  const key = row * MAP_COLUMNS + col;
  const h = hashValues(0x3a9, key);
  // Inside its cell but away from the edges, so neighbouring points never coincide.
  point.lat = (row + 0.2 + 0.6 * unitFromHash(h)) * MAP_CELL_LAT;
  point.lng = (col + 0.2 + 0.6 * unitFromHash(mix(h, 1))) * MAP_CELL_LNG + MAP_LNG_ORIGIN;
  return key;
}

/** The "Location" text of a map point: a street, a kind of place, now and then both. */
export function mapPointLocation(key: number): string {
  const h = hashValues(0x51e, key);
  const roll = h % 1000;
  if (roll < 120) return PLACE_LOCATION_TEXTS[mix(h, 2) % PLACE_LOCATION_TEXTS.length]!;
  if (roll < 125) {
    // A few map points name a place on a street; the comma makes the field quoted in the CSV.
    const placeName = PLACE_LOCATIONS[mix(h, 3) % PLACE_LOCATIONS.length]!;
    return `On or near ${placeName}, ${STREET_NAMES[mix(h, 4) % STREET_NAMES.length]!}`;
  }
  return STREET_LOCATIONS[mix(h, 5) % STREET_LOCATIONS.length]!;
}

// ---------------------------------------------------------------------------------------------
// LSOAs

/**
 * LSOAs are cells of a national grid (about 670 m by 620 m) covering England and Wales, so the
 * same area always keeps the same code. Cell numbers are permuted into the six digits of the code
 * by a bijection, so codes look scattered but never collide.
 */
const LSOA_CELL_LAT = 0.006;
const LSOA_CELL_LNG = 0.009;
const LSOA_LAT_ORIGIN = 49.85;
const LSOA_LNG_ORIGIN = -5.8;
const LSOA_ROWS = 1000;
const LSOA_COLUMNS = 845;
const LSOA_CODE_SPACE = 1_000_000;
/** Odd and not a multiple of 5, hence invertible modulo 10^6. */
const LSOA_CODE_MULTIPLIER = 7919;
const LSOA_CODE_OFFSET = 104_729;
/** MSOA numbers in names count cells of 2 x 2 LSOAs outwards from the local authority's anchor. */
const MSOA_HALF_WIDTH = 15;

export interface Lsoa {
  readonly code: string;
  readonly name: string;
}

interface NamingPlace {
  readonly lat: number;
  readonly lng: number;
  readonly lad: string;
  readonly prefix: 'E01' | 'W01';
  readonly anchorRow: number;
  readonly anchorCol: number;
}

function lsoaRow(lat: number): number {
  return Math.floor((lat - LSOA_LAT_ORIGIN) / LSOA_CELL_LAT);
}

function lsoaCol(lng: number): number {
  return Math.floor((lng - LSOA_LNG_ORIGIN) / LSOA_CELL_LNG);
}

/** Towns of England and Wales that name LSOAs, each with its local authority's anchor cell. */
function namingPlaces(): NamingPlace[] {
  const anchors = new Map<string, { row: number; col: number }>();
  const result: NamingPlace[] = [];
  for (const [forceId, geo] of Object.entries(FORCE_GEOGRAPHY) as [
    PoliceForceId,
    (typeof FORCE_GEOGRAPHY)[PoliceForceId],
  ][]) {
    const area = forceById(forceId)?.area;
    if (STATION_FORCES.has(forceId) || (area !== 'england' && area !== 'wales')) continue;
    for (const p of geo.places) {
      let anchor = anchors.get(p.lad);
      if (!anchor) {
        anchor = { row: lsoaRow(p.lat) >> 1, col: lsoaCol(p.lng) >> 1 };
        anchors.set(p.lad, anchor);
      }
      result.push({
        lat: p.lat,
        lng: p.lng,
        lad: p.lad,
        prefix: area === 'wales' ? 'W01' : 'E01',
        anchorRow: anchor.row,
        anchorCol: anchor.col,
      });
    }
  }
  return result;
}

/**
 * Numbers the cells of a square spiral around (0, 0): the centre is 0, the 8 cells around it
 * 1 to 8, the next ring 9 to 24, and so on. So areas near a town centre get small numbers, as
 * MSOA numbers do, and two cells never share one.
 */
export function spiralIndex(dx: number, dy: number): number {
  const r = Math.max(Math.abs(dx), Math.abs(dy));
  if (r === 0) return 0;
  const before = (2 * r - 1) * (2 * r - 1);
  if (dy === -r && dx < r) return before + dx + r;
  if (dx === r && dy < r) return before + 2 * r + dy + r;
  if (dy === r && dx > -r) return before + 4 * r + r - dx;
  return before + 6 * r + r - dy;
}

/** Finds (and remembers) the LSOA of points; what it remembers is every LSOA that was used. */
export class LsoaIndex {
  private readonly places = namingPlaces();
  private readonly cells = new Map<number, Lsoa>();

  /** The LSOA of a point, or undefined outside England and Wales' grid. */
  lookup(lat: number, lng: number): Lsoa | undefined {
    const row = lsoaRow(lat);
    const col = lsoaCol(lng);
    if (row < 0 || row >= LSOA_ROWS || col < 0 || col >= LSOA_COLUMNS) return undefined;
    const cell = row * LSOA_COLUMNS + col;
    let lsoa = this.cells.get(cell);
    if (!lsoa) {
      lsoa = this.describe(row, col, cell);
      this.cells.set(cell, lsoa);
    }
    return lsoa;
  }

  /** Every LSOA looked up so far, sorted by code. */
  used(): Lsoa[] {
    return [...this.cells.values()].sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  }

  private describe(row: number, col: number, cell: number): Lsoa {
    const lat = LSOA_LAT_ORIGIN + (row + 0.5) * LSOA_CELL_LAT;
    const lng = LSOA_LNG_ORIGIN + (col + 0.5) * LSOA_CELL_LNG;
    const cosLat = Math.cos((lat * Math.PI) / 180);
    let best = this.places[0]!;
    let bestDistance = Infinity;
    for (const p of this.places) {
      const dLat = p.lat - lat;
      const dLng = (p.lng - lng) * cosLat;
      const d = dLat * dLat + dLng * dLng;
      if (d < bestDistance) {
        bestDistance = d;
        best = p;
      }
    }
    const number = (cell * LSOA_CODE_MULTIPLIER + LSOA_CODE_OFFSET) % LSOA_CODE_SPACE;
    const code = `${best.prefix}${String(number).padStart(6, '0')}`;
    const dy = clamp((row >> 1) - best.anchorRow, -MSOA_HALF_WIDTH, MSOA_HALF_WIDTH);
    const dx = clamp((col >> 1) - best.anchorCol, -MSOA_HALF_WIDTH, MSOA_HALF_WIDTH);
    const msoa = spiralIndex(dx, dy) + 1;
    const letter = 'ABCD'[(row & 1) * 2 + (col & 1)]!;
    return { code, name: `${best.lad} ${String(msoa).padStart(3, '0')}${letter}` };
  }
}

/** Residents of a synthetic LSOA: 1,000 to about 3,100, as most real LSOAs have. */
export function lsoaPopulation(code: string): number {
  const h = hashString(code);
  return 1000 + (h % 1600) + ((h >>> 16) % 500);
}

// ---------------------------------------------------------------------------------------------
// Neighbourhoods

export interface NeighbourhoodFeature {
  readonly type: 'Feature';
  readonly properties: { readonly force: string; readonly id: string; readonly name: string };
  readonly geometry: { readonly type: 'Polygon'; readonly coordinates: number[][][] };
}

const RING_STEPS = 24;
const SECTORS = [
  { suffix: 'north', label: 'North' },
  { suffix: 'west', label: 'West' },
  { suffix: 'south', label: 'South' },
  { suffix: 'east', label: 'East' },
] as const;
const NEIGHBOURHOOD_TOWNS_PER_FORCE = 3;

function innerRadiusKm(place: Place): number {
  return clamp(0.35 * spreadKm(place), 0.3, 2.5);
}

/** Farthest a town's neighbourhoods reach from its centre: the outer ring at its widest. */
function reachKm(place: Place): number {
  return 3 * innerRadiusKm(place) * 1.2;
}

let towns: Map<PoliceForceId, Place[]> | undefined;

/**
 * The towns that get neighbourhoods: per force its largest ones, skipping any whose area would
 * overlap one already taken, so that no point lies in two neighbourhoods (railway stations
 * excepted: British Transport Police areas lie on top of the territorial ones). Decided over all
 * forces in a fixed order, so a force's neighbourhoods never depend on which others are generated.
 */
function neighbourhoodTowns(): Map<PoliceForceId, Place[]> {
  if (towns) return towns;
  towns = new Map();
  const taken: Place[] = [];
  const overlaps = (a: Place, b: Place): boolean => {
    const dy = (a.lat - b.lat) * KM_PER_DEGREE_LAT;
    const dx = (a.lng - b.lng) * kmPerDegreeLng((a.lat + b.lat) / 2);
    return Math.hypot(dx, dy) < reachKm(a) + reachKm(b);
  };
  for (const forceId of POLICE_FORCE_IDS) {
    const stations = STATION_FORCES.has(forceId);
    const chosen: Place[] = [];
    const byWeight = [...FORCE_GEOGRAPHY[forceId].places].sort(
      (a, b) => b.population * (b.crimeFactor ?? 1) - a.population * (a.crimeFactor ?? 1),
    );
    for (const place of byWeight) {
      if (chosen.length === NEIGHBOURHOOD_TOWNS_PER_FORCE) break;
      if ([...chosen, ...(stations ? [] : taken)].some((other) => overlaps(place, other))) continue;
      chosen.push(place);
    }
    if (!stations) taken.push(...chosen);
    towns.set(forceId, chosen);
  }
  return towns;
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function round6(v: number): number {
  return Math.round(v * 1e6) / 1e6;
}

/**
 * Neighbourhoods of a force: around each of its largest towns, an irregular central polygon and
 * four sectors (north, west, south, east) that share its edge, so they tile the area without
 * overlapping. Rings run counter-clockwise, closed, in [longitude, latitude] (RFC 7946).
 */
export function forceNeighbourhoods(forceId: PoliceForceId): NeighbourhoodFeature[] {
  const features: NeighbourhoodFeature[] = [];
  for (const place of neighbourhoodTowns().get(forceId) ?? []) {
    const inner = innerRadiusKm(place);
    const outer = 3 * inner;
    const h = hashValues(hashString(forceId), hashString(place.name));
    const lngPerKm = 1 / kmPerDegreeLng(place.lat);
    const ring = (radiusKm: number, salt: number): number[][] =>
      Array.from({ length: RING_STEPS }, (_, k) => {
        // Radii vary by up to a fifth either way; a star-shaped ring cannot cross itself.
        const r = radiusKm * (0.8 + 0.4 * unitFromHash(hashValues(h, salt, k)));
        const angle = Math.PI / 4 + (2 * Math.PI * k) / RING_STEPS;
        return [
          round6(place.lng + r * Math.cos(angle) * lngPerKm),
          round6(place.lat + (r * Math.sin(angle)) / KM_PER_DEGREE_LAT),
        ];
      });
    const innerRing = ring(inner, 1);
    const outerRing = ring(outer, 2);
    const base = slug(place.name);
    features.push({
      type: 'Feature',
      properties: { force: forceId, id: `${base}-centre`, name: `${place.name} Centre` },
      geometry: { type: 'Polygon', coordinates: [[...innerRing, innerRing[0]!]] },
    });
    const perSector = RING_STEPS / SECTORS.length;
    SECTORS.forEach((sector, s) => {
      const ks = Array.from({ length: perSector + 1 }, (_, j) => (s * perSector + j) % RING_STEPS);
      const outerArc = ks.map((k) => outerRing[k]!);
      const innerArc = ks.map((k) => innerRing[k]!).reverse();
      const coords = [...outerArc, ...innerArc, outerArc[0]!];
      features.push({
        type: 'Feature',
        properties: { force: forceId, id: `${base}-${sector.suffix}`, name: `${place.name} ${sector.label}` },
        geometry: { type: 'Polygon', coordinates: [coords] },
      });
    });
  }
  return features;
}

// ---------------------------------------------------------------------------------------------
// Postcodes

export interface PostcodePoint {
  readonly postcode: string;
  readonly lat: number;
  readonly lng: number;
}

interface District {
  readonly outward: string;
  /** Offset from the town centre, km east and north. */
  readonly x: number;
  readonly y: number;
}

/**
 * Gives each postcode district of a town an area: the first district is the centre, the others
 * take turns round two rings, so a district's postcodes lie together as real ones do.
 */
function districtCentres(place: Place): District[] {
  const others = place.outward.length - 1;
  const spread = spreadKm(place);
  return place.outward.map((outward, k) => {
    if (k === 0) return { outward, x: 0, y: 0 };
    const angle = (2 * Math.PI * (k - 1)) / others;
    const radius = spread * (k % 2 === 1 ? 0.7 : 1.5);
    return { outward, x: radius * Math.cos(angle), y: radius * Math.sin(angle) };
  });
}

function nearestDistrict(districts: readonly District[], x: number, y: number): string {
  let best = districts[0]!;
  let bestDistance = Infinity;
  for (const d of districts) {
    const distance = (d.x - x) * (d.x - x) + (d.y - y) * (d.y - y);
    if (distance < bestDistance) {
      bestDistance = distance;
      best = d;
    }
  }
  return best.outward;
}

/** Letters allowed in the inward code (the part after the space) of a UK postcode. */
const INWARD_LETTERS = 'ABDEFGHJLNPQRSTUWXYZ';

/**
 * Made-up postcodes in valid format around the towns of the given forces, in those towns' real
 * districts, plus the real well-known ones; sorted by postcode. A made-up one may happen to exist
 * for real somewhere else in its district: it is still synthetic.
 */
export function generatePostcodes(forces: readonly PoliceForceId[], scale: number): PostcodePoint[] {
  const real = new Set(REAL_POSTCODES.map((p) => p.postcode));
  const seen = new Set<string>(real);
  const result: PostcodePoint[] = REAL_POSTCODES.map(({ postcode, lat, lng }) => ({ postcode, lat, lng }));
  const rng = new Rng();
  const point: MutablePoint = { lat: 0, lng: 0 };
  for (const forceId of forces) {
    const geo = FORCE_GEOGRAPHY[forceId];
    geo.places.forEach((place, placeIndex) => {
      const count = Math.round((15 + 0.4 * place.population) * Math.sqrt(scale));
      rng.reseed(hashValues(hashString(forceId), placeIndex, 0x9c0de));
      const latPerKm = 1 / KM_PER_DEGREE_LAT;
      const lngPerKm = 1 / kmPerDegreeLng(place.lat);
      const districts = districtCentres(place);
      for (let i = 0; i < count; i++) {
        const sigma = rng.next() < 0.15 ? coreSpreadKm(place) : spreadKm(place);
        const dyKm = clamp(rng.gaussian(), -3, 3) * sigma;
        const dxKm = clamp(rng.gaussian(), -3, 3) * sigma;
        point.lat = place.lat + dyKm * latPerKm;
        point.lng = place.lng + dxKm * lngPerKm;
        const outward = nearestDistrict(districts, dxKm, dyKm);
        // A few tries for an unused code; districts are large enough that this rarely loops.
        for (let attempt = 0; attempt < 5; attempt++) {
          const inward = `${rng.int(10)}${INWARD_LETTERS[rng.int(20)]!}${INWARD_LETTERS[rng.int(20)]!}`;
          const postcode = `${outward} ${inward}`;
          if (seen.has(postcode)) continue;
          seen.add(postcode);
          result.push({ postcode, lat: round6(point.lat), lng: round6(point.lng) });
          break;
        }
      }
    });
  }
  return result.sort((a, b) => (a.postcode < b.postcode ? -1 : a.postcode > b.postcode ? 1 : 0));
}
