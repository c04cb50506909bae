import {
  categoryFromCode,
  categoryFromSlug,
  type CrimeCategorySlug,
} from '../../../common/crime/categories.ts';
import { cellBounds, cellOf, cellsCovering } from '../../../common/geo/grid.ts';
import { frameAt, fromFrame, toFrame, type Frame, type Point } from '../../../common/map/frame.ts';
import { hexAt, hexBox, hexCentre } from '../../../common/map/hexbin.ts';
import {
  MAX_MAP_POINTS,
  type MapBinning,
  hexMarkId,
  hexSizeFor,
  markIdOf,
  parseCategoryList,
  parseMarkId,
  pointMarkId,
  type MapMark,
  type MapOutline,
  type SearchMapResponse,
} from '../../../common/map/marks.ts';
import { EARTH_RADIUS_METRES, ringsBbox, type Bbox } from '../../../common/search/geometry.ts';
import { DEFAULT_PAGE_SIZE, type SearchRequestBody } from '../../../common/search/types.ts';
import type { MarkCrimesResponse } from '../../../common/contracts/search.ts';
import { badRequest, notFound } from '../http/errors.ts';
import type { MapLocation } from './areas.ts';
import type { MapPlaces } from './map-places.ts';
import { toApiCrime, type ResolvedSearch, type SearchService } from './search-service.ts';
import { num } from './sql.ts';

/** Smallest hexagons of a force-wide map: wider than the ~550 m grid cells crimes are placed in. */
const MIN_CELL_HEX_SIZE = 450;

export interface MapService {
  map(request: SearchRequestBody): Promise<SearchMapResponse>;
  markCrimes(
    request: SearchRequestBody,
    mark: string,
    options: { page?: number; categories?: string },
  ): Promise<MarkCrimesResponse>;
}

interface Layout {
  resolved: ResolvedSearch;
  frame: Frame;
  binning: MapBinning;
  locations: MapLocation[];
  response: Omit<SearchMapResponse, 'marks' | 'mappedCrimes' | 'locations' | 'note' | 'places'>;
  distinct: number;
}

function span(points: readonly Point[]): number {
  if (points.length === 0) return 0;
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  return Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
}

function distance(metres: number): string {
  return metres < 1000 ? `${Math.round(metres / 10) * 10} m` : `${(metres / 1000).toFixed(1)} km`;
}

/** What the map frames: the outline's box grown to take in every location. */
function frameBox(outline: MapOutline | null, locations: readonly MapLocation[]): Bbox | undefined {
  let box: Bbox | undefined;
  const take = (b: Bbox) => {
    box = box
      ? {
          minLat: Math.min(box.minLat, b.minLat),
          maxLat: Math.max(box.maxLat, b.maxLat),
          minLng: Math.min(box.minLng, b.minLng),
          maxLng: Math.max(box.maxLng, b.maxLng),
        }
      : b;
  };
  if (outline?.kind === 'box') take(outline.box);
  if (outline?.kind === 'polygons') {
    const b = ringsBbox(outline.rings);
    if (b) take(b);
  }
  if (outline?.kind === 'circle') {
    const dLat = (outline.radiusMetres / EARTH_RADIUS_METRES) * (180 / Math.PI);
    const dLng = dLat / Math.cos((outline.centre.lat * Math.PI) / 180);
    const { lat, lng } = outline.centre;
    take({ minLat: lat - dLat, maxLat: lat + dLat, minLng: lng - dLng, maxLng: lng + dLng });
  }
  for (const l of locations) take({ minLat: l.lat, maxLat: l.lat, minLng: l.lng, maxLng: l.lng });
  return box;
}

/**
 * The map of a search: its locations (or hexagons of them when there are more than
 * MAX_MAP_POINTS) with crimes per category, and what frames them. The grouping is decided by the
 * store and the request alone, so the marks a page shows and the mark it later asks for agree.
 */
export function createMapService(
  search: Pick<SearchService, 'resolve' | 'consistently'>,
  {
    maxPoints = MAX_MAP_POINTS,
    places,
  }: {
    maxPoints?: number;
    /** The neighbourhoods drawn and named under the marks (the offline base layer); none without. */
    places?: MapPlaces;
  } = {},
): MapService {
  async function layout(request: SearchRequestBody): Promise<Layout> {
    const resolved = await search.resolve(request);
    const { area, start, end } = resolved;
    const [outline, located] = await Promise.all([area.outline(), area.mapLocations(start, end)]);
    const frame = frameAt(area.centre);
    const keys = new Set(located.rows.map((r) => `${r.lat},${r.lng}`));
    let binning: MapBinning = { kind: 'points' };
    if (located.byCell || keys.size > maxPoints) {
      const extent =
        outline?.kind === 'circle'
          ? 2 * outline.radiusMetres
          : span(located.rows.map((r) => toFrame(frame, r)));
      binning = {
        kind: 'hexagons',
        size: hexSizeFor(extent, located.byCell ? MIN_CELL_HEX_SIZE : undefined),
        by: located.byCell ? 'cell' : 'point',
      };
    }
    const labelled = outline && (outline.label === '' ? { ...outline, label: resolved.label } : outline);
    return {
      resolved,
      frame,
      binning,
      locations: located.rows,
      distinct: keys.size,
      response: { centre: area.centre, outline: labelled ?? null, binning },
    };
  }

  function marksOf({ locations, binning, frame }: Layout): MapMark[] {
    const marks = new Map<string, MapMark>();
    for (const row of locations) {
      const slug = categoryFromCode(row.category)?.slug ?? 'other-crime';
      let id: string;
      let at = { lat: row.lat, lng: row.lng };
      if (binning.kind === 'points') id = pointMarkId(row);
      else {
        const hex = hexAt(toFrame(frame, row), binning.size);
        id = hexMarkId(hex);
        at = fromFrame(frame, hexCentre(hex, binning.size));
      }
      let mark = marks.get(id);
      if (!mark) {
        mark = { id, lat: at.lat, lng: at.lng, total: 0, counts: {} };
        marks.set(id, mark);
      }
      mark.total += row.crimes;
      mark.counts[slug] = (mark.counts[slug] ?? 0) + row.crimes;
    }
    return [...marks.values()].sort((a, b) => b.total - a.total || (a.id < b.id ? -1 : 1));
  }

  function noteOf(l: Layout, marks: number): string {
    const { binning } = l;
    if (binning.kind === 'points') {
      return `${l.distinct.toLocaleString('en-GB')} locations. data.police.uk places each crime at an anonymised point near where it happened; one dot is one point.`;
    }
    const across = distance(binning.size * Math.sqrt(3));
    if (binning.by === 'cell') {
      return `Force-wide, crimes are placed at the centre of their ~550 m grid square and grouped into ${marks.toLocaleString('en-GB')} hexagons about ${across} across.`;
    }
    return `${l.distinct.toLocaleString('en-GB')} locations, too many to draw one by one: grouped into ${marks.toLocaleString('en-GB')} hexagons about ${across} across.`;
  }

  /** The grid cells that may hold the mark's crimes. */
  function cellsOfMark(l: Layout, mark: string): number[] {
    const ref = parseMarkId(mark);
    const wrongKind = ref && (ref.kind === 'point') !== (l.binning.kind === 'points');
    if (!ref || wrongKind) {
      throw notFound(`The map of this search has no mark "${mark}"`, 'MARK_NOT_FOUND');
    }
    if (ref.kind === 'point') {
      const cell = cellOf(ref.lat, ref.lng);
      return cell === null ? [] : [cell];
    }
    const size = (l.binning as { size: number }).size;
    const box = hexBox(ref, size);
    const sw = fromFrame(l.frame, { x: box.minX, y: box.minY });
    const ne = fromFrame(l.frame, { x: box.maxX, y: box.maxY });
    const cells = cellsCovering({ minLat: sw.lat, maxLat: ne.lat, minLng: sw.lng, maxLng: ne.lng });
    if (l.binning.kind === 'hexagons' && l.binning.by === 'cell') {
      // A cell's crimes belong to the hexagon holding its centre, wherever they lie in it.
      const cellLayout = l.binning;
      return cells.filter((cell) => {
        const b = cellBounds(cell);
        const middle = { lat: (b.minLat + b.maxLat) / 2, lng: (b.minLng + b.maxLng) / 2 };
        return markIdOf(middle, cellLayout, l.frame) === mark;
      });
    }
    return cells;
  }

  return {
    async map(request) {
      const { l, near } = await search.consistently(async () => {
        const read = await layout(request);
        const box = frameBox(read.response.outline, read.locations);
        // The whole store's map spans the country: no neighbourhood is worth naming there.
        const wanted = places && box && read.resolved.searchType !== 'default';
        // A force's outline is already its neighbourhoods' boundaries: names suffice.
        const outlines = read.resolved.searchType !== 'force';
        return { l: read, near: wanted ? await places(box, { outlines }) : [] };
      });
      const marks = marksOf(l);
      return {
        ...l.response,
        marks,
        mappedCrimes: marks.reduce((sum, m) => sum + m.total, 0),
        locations: l.distinct,
        note: noteOf(l, marks.length),
        places: near,
      };
    },

    async markCrimes(request, mark, options) {
      const page = options.page ?? 1;
      let codes: number[] | null = null;
      if (options.categories !== undefined) {
        const { categories, unknown } = parseCategoryList(options.categories);
        if (unknown.length > 0)
          throw badRequest(`Unknown crime categories: ${unknown.join(', ')}`, 'INVALID_CATEGORY');
        codes = categories.map((slug: CrimeCategorySlug) => categoryFromSlug(slug)!.code);
      }
      const { l, rows } = await search.consistently(async () => {
        const read = await layout(request);
        const { start, end } = read.resolved;
        return {
          l: read,
          rows: await read.resolved.area.crimesInCells(cellsOfMark(read, mark), start, end, codes),
        };
      });
      const { area } = l.resolved;
      const kept = rows
        .filter((row) => {
          if (row.lat === null || row.lng === null) return false;
          const point = { lat: num(row.lat), lng: num(row.lng) };
          return area.contains(point) && markIdOf(point, l.binning, l.frame) === mark;
        })
        .sort((a, b) => num(b.month) - num(a.month) || num(b.id) - num(a.id));
      const pageSize = DEFAULT_PAGE_SIZE;
      const total = kept.length;
      return {
        mark,
        data: kept.slice((page - 1) * pageSize, page * pageSize).map(toApiCrime),
        pagination: { page, pageSize, total, pages: Math.ceil(total / pageSize) },
      };
    },
  };
}
