/**
 * What the search map draws and how its marks are named. A mark is either one location (crimes
 * share anonymised map points) or a hexagon of the grid in common/map/hexbin.ts when the search
 * has too many locations to draw one by one. The mark id is what the URL keeps for a selection
 * and what the API is asked for a mark's crimes; the browser works out a listed crime's mark
 * from its location with the same rules.
 */
import type { ResponseOf } from '../contracts/endpoint.ts';
import type { GetSearchMap } from '../contracts/search.ts';
import { CRIME_CATEGORY_SLUGS, type CrimeCategorySlug } from '../crime/categories.ts';
import { cellBounds, cellOf } from '../geo/grid.ts';
import type { LatLng } from '../search/geometry.ts';
import type { ApiCrime } from '../search/types.ts';
import { toFrame, type Frame } from './frame.ts';
import { hexAt, type Hex } from './hexbin.ts';

/** More distinct locations than this and the map groups them into hexagons. */
export const MAX_MAP_POINTS = 1500;
/** Hexagons across the widest side of the area: at most a few thousand cells, however large it is. */
export const HEXAGONS_ACROSS = 60;

/** GET /api/crimes/map; its parts are described in its contract's schema (common/contracts/search.ts). */
export type SearchMapResponse = ResponseOf<typeof GetSearchMap>;
export type MapBinning = SearchMapResponse['binning'];
export type MapMark = SearchMapResponse['marks'][number];
export type MapOutline = NonNullable<SearchMapResponse['outline']>;
export type MapPlace = SearchMapResponse['places'][number];

/** Most neighbourhoods one map names: a force's few hundred, not the country's thousands. */
export const MAX_MAP_PLACES = 400;

export type MarkRef = { kind: 'point'; lat: number; lng: number } | { kind: 'hex'; q: number; r: number };

export function pointMarkId(point: LatLng): string {
  return `p${point.lat},${point.lng}`;
}

export function hexMarkId(hex: Hex): string {
  return `h${hex.q},${hex.r}`;
}

const POINT_ID = /^p(-?\d{1,3}(?:\.\d{1,17})?(?:e-?\d+)?),(-?\d{1,3}(?:\.\d{1,17})?(?:e-?\d+)?)$/;
const HEX_ID = /^h(-?\d{1,7}),(-?\d{1,7})$/;

/** The mark an id names; undefined for anything else (a hand-edited URL, a bad request). */
export function parseMarkId(id: string): MarkRef | undefined {
  const point = POINT_ID.exec(id);
  if (point) {
    const lat = Number(point[1]);
    const lng = Number(point[2]);
    if (Math.abs(lat) <= 90 && Math.abs(lng) <= 180) return { kind: 'point', lat, lng };
    return undefined;
  }
  const hex = HEX_ID.exec(id);
  if (hex) return { kind: 'hex', q: Number(hex[1]) + 0, r: Number(hex[2]) + 0 };
  return undefined;
}

/** The centre of the grid cell holding a point: where a force-wide map places its crimes. */
export function cellCentre(point: LatLng): LatLng | undefined {
  const cell = cellOf(point.lat, point.lng);
  if (cell === null) return undefined;
  const b = cellBounds(cell);
  return { lat: (b.minLat + b.maxLat) / 2, lng: (b.minLng + b.maxLng) / 2 };
}

/** The id of the mark a location belongs to under a binning; undefined when it has none. */
export function markIdOf(point: LatLng, binning: MapBinning, frame: Frame): string | undefined {
  if (binning.kind === 'points') return pointMarkId(point);
  const placed = binning.by === 'cell' ? cellCentre(point) : point;
  return placed && hexMarkId(hexAt(toFrame(frame, placed), binning.size));
}

/** The mark of a listed crime, for highlighting it on the map. */
export function markIdOfCrime(crime: ApiCrime, binning: MapBinning, frame: Frame): string | undefined {
  if (!crime.location) return undefined;
  const lat = Number(crime.location.latitude);
  const lng = Number(crime.location.longitude);
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return undefined;
  return markIdOf({ lat, lng }, binning, frame);
}

/** Circumradius of the hexagons for an area `spanMetres` across, never below `minimum`. */
export function hexSizeFor(spanMetres: number, minimum = 25): number {
  // The width of a pointy-top hexagon is √3 × its circumradius.
  return Math.max(minimum, spanMetres / HEXAGONS_ACROSS / Math.sqrt(3));
}

function isSlug(text: string): text is CrimeCategorySlug {
  return (CRIME_CATEGORY_SLUGS as readonly string[]).includes(text);
}

/**
 * A comma-separated list of category slugs. `unknown` lists words that are not slugs, so the API
 * can refuse them and the URL can drop them.
 */
export function parseCategoryList(text: string): { categories: CrimeCategorySlug[]; unknown: string[] } {
  const categories: CrimeCategorySlug[] = [];
  const unknown: string[] = [];
  for (const word of text.split(',')) {
    const slug = word.trim();
    if (slug === '') continue;
    if (isSlug(slug)) {
      if (!categories.includes(slug)) categories.push(slug);
    } else unknown.push(slug);
  }
  return { categories, unknown };
}

/** A mark's crimes of the shown categories, and the category with most of them (ties: listed order). */
export function shownCounts(
  mark: MapMark,
  shown: ReadonlySet<CrimeCategorySlug> | null,
): { total: number; top: CrimeCategorySlug | null } {
  let total = 0;
  let top: CrimeCategorySlug | null = null;
  let topCount = 0;
  for (const slug of CRIME_CATEGORY_SLUGS) {
    const count = mark.counts[slug] ?? 0;
    if (count === 0 || (shown && !shown.has(slug))) continue;
    total += count;
    if (count > topCount) {
      top = slug;
      topCount = count;
    }
  }
  return { total, top };
}
