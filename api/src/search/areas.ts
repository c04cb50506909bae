import type { Sequelize } from 'sequelize';
import { GRID, cellBounds } from '../../../common/geo/grid.ts';
import type { MapOutline } from '../../../common/map/marks.ts';
import { COUNTED_FORCE_IDS, isCountedForce } from '../../../common/police-coverage/coverage.ts';
import {
  EARTH_RADIUS_METRES,
  cellsForCircle,
  cellsForPolygon,
  PARTS_PER_CELL,
  partsForCircle,
  pointInPolygon,
  polygonIntersectsCircle,
  parseBoundary,
  ringsBbox,
  withinRadius,
  type AreaCells,
  type Bbox,
  type LatLng,
  type Ring,
} from '../../../common/search/geometry.ts';
import type { MonthNumber } from '../../../common/search/months.ts';
import type { RequestSearchType } from '../../../common/search/types.ts';
import { STREET_DATASET, coverageFromRows, coverageOf, type Coverage, type HeldMonth } from './coverage.ts';
import { countSum } from '../db/count-sums.ts';
import { partsOfCells } from './derived-tables.ts';
import {
  AreaCounts,
  crimesColumn,
  MONTH_ROW_CODES,
  MONTH_ROW_CRIMES,
  monthRowSums,
  type MonthCategoryCount,
} from './month-rows.ts';
import { inList, num, select, selectBounded, withinCircleSql } from './sql.ts';

export interface PopulationEstimate {
  /** Null when no LSOA of the area has a population on record. */
  total: number | null;
  lsoaCount: number;
  lsoasWithoutPopulation: number;
}

export interface SummaryPeriod {
  /** Counts start here: the period's first month, or the month before a one-month period. */
  windowStart: MonthNumber;
  end: MonthNumber;
}

export interface AreaSummary {
  counts: MonthCategoryCount[];
  /** Resolved crimes per month (a search reports them for its period, not per category). */
  resolvedByMonth: ReadonlyMap<MonthNumber, number>;
  population: PopulationEstimate;
}

export type { MonthCategoryCount };

/**
 * One way of drawing the search area over the store. Every method answers from aggregates with
 * GROUP BY in SQL; only the neighbourhood's boundary cells come to JavaScript, because a
 * point-in-polygon test has no portable SQL form.
 */
export interface SearchArea {
  readonly kind: RequestSearchType;
  readonly centre: LatLng;
  /**
   * Which months the forces that police the area have data for: a month a force did not report
   * is "no data" for it, not zero.
   */
  coverage(period: SummaryPeriod): Promise<Coverage>;
  /** Counts per month x category, and the residents of the area's LSOAs (docs/search.md). */
  summary(period: SummaryPeriod): Promise<AreaSummary>;
  /** Crimes of one month in the area, newest first (by id), from `offset`. */
  page(month: MonthNumber, offset: number, limit: number): Promise<CrimeRow[]>;
  /**
   * Every crime of one month in the area, newest first, read `size` rows at a time (each read
   * starts below the last id seen, so a month costs no more than its rows however long it is).
   */
  batches(month: MonthNumber, size: number): AsyncGenerator<CrimeRow[]>;
  /** The map's frame around the crimes (the label is the search's own unless one is given). */
  outline(): Promise<MapOutline | null>;
  /**
   * Located crimes of the months per location and category code. `byCell`: per grid cell, placed
   * at the cell's centre (a force-wide search reads its cell counts, not every point).
   */
  mapLocations(start: MonthNumber, end: MonthNumber): Promise<MapLocations>;
  /** Whether a location is inside the area, by the same rule the counts use. */
  contains(point: LatLng): boolean;
  /**
   * Crimes of the months in the given cells that this area may count (a force's own only); the
   * caller tests their positions. `categories`: codes to keep, null for all.
   */
  crimesInCells(
    cells: readonly number[],
    start: MonthNumber,
    end: MonthNumber,
    categories: readonly number[] | null,
  ): Promise<CrimeRow[]>;
}

/**
 * The area with its coverage and summary read once per period: a search and the area's clock
 * over the same 12 months (the default period of a radius search) would otherwise count the same
 * months twice in one request.
 */
export function readingOnce(area: SearchArea): SearchArea {
  const coverages = new Map<string, Promise<Coverage>>();
  const summaries = new Map<string, Promise<AreaSummary>>();
  const once = <T>(cache: Map<string, Promise<T>>, period: SummaryPeriod, read: () => Promise<T>) => {
    const key = `${period.windowStart}:${period.end}`;
    let reading = cache.get(key);
    if (!reading) cache.set(key, (reading = read()));
    return reading;
  };
  return {
    ...area,
    coverage: (period) => once(coverages, period, () => area.coverage(period)),
    summary: (period) => once(summaries, period, () => area.summary(period)),
  };
}

export interface MapLocation {
  lat: number;
  lng: number;
  category: number;
  crimes: number;
}

export interface MapLocations {
  byCell: boolean;
  rows: MapLocation[];
}

function toMapLocations(rows: { lat: unknown; lng: unknown; category: unknown; crimes: unknown }[]) {
  return rows.map((r) => ({
    lat: num(r.lat),
    lng: num(r.lng),
    category: num(r.category),
    crimes: num(r.crimes),
  }));
}

/** A grid cell's crimes of one category, placed at the cell's centre. */
function cellLocation(r: { cell: unknown; category: unknown; crimes: unknown }): MapLocation {
  const b = cellBounds(num(r.cell));
  return {
    lat: (b.minLat + b.maxLat) / 2,
    lng: (b.minLng + b.maxLng) / 2,
    category: num(r.category),
    crimes: num(r.crimes),
  };
}

/**
 * Crimes per cell and category of the month rows of crime_cell_months matching `where`, one map
 * location per cell and category that has any.
 */
async function cellLocations(
  sequelize: Sequelize,
  where: string,
  replacements: Record<string, unknown>,
): Promise<MapLocation[]> {
  const sums = MONTH_ROW_CODES.map(
    (code) => `${countSum(sequelize, crimesColumn(code))} AS ${crimesColumn(code)}`,
  );
  const rows = await select<Record<string, unknown>>(
    sequelize,
    `SELECT cell, ${sums.join(', ')} FROM crime_cell_months WHERE ${where} GROUP BY cell`,
    replacements,
  );
  return rows.flatMap((row) =>
    MONTH_ROW_CODES.flatMap((category) => {
      const crimes = num(row[crimesColumn(category)]);
      return crimes > 0 ? [cellLocation({ cell: row.cell, category, crimes })] : [];
    }),
  );
}

/** Crimes of `where` (over `crimes c`) in cells and months; shared by every area's map selection. */
function crimesInCellsSql(
  sequelize: Sequelize,
  where: string,
  replacements: Record<string, unknown>,
  cells: readonly number[],
  start: MonthNumber,
  end: MonthNumber,
  categories: readonly number[] | null,
): Promise<CrimeRow[]> {
  if (cells.length === 0 || categories?.length === 0) return Promise.resolve([]);
  return select<CrimeRow>(
    sequelize,
    `SELECT ${CRIME_COLUMNS} FROM crimes c
     WHERE c.cell IN (:cells) AND c.month BETWEEN :start AND :end AND ${where}
       ${categories ? 'AND c.category IN (:categories)' : ''}`,
    { ...replacements, cells: [...cells], start, end, categories: categories ? [...categories] : [] },
  );
}

export type CrimeRow = {
  id: unknown;
  force_id: string;
  month: unknown;
  category: unknown;
  crime_ref: string | null;
  lat: number | null;
  lng: number | null;
  street: string | null;
  lsoa_code: string | null;
  outcome: string | null;
};

const CRIME_COLUMNS =
  'c.id, c.force_id, c.month, c.category, c.crime_ref, c.lat, c.lng, c.street, c.lsoa_code, c.outcome';

/** The rows of a subquery yielding one page of `id`s, newest first; one round trip. */
function pageRows(
  sequelize: Sequelize,
  idsSql: string,
  replacements: Record<string, unknown>,
  read: typeof select = select,
): Promise<CrimeRow[]> {
  return read<CrimeRow>(
    sequelize,
    `SELECT ${CRIME_COLUMNS} FROM (${idsSql}) page JOIN crimes c ON c.id = page.id ORDER BY c.id DESC`,
    replacements,
  );
}

/**
 * Batches of a month, newest first: `where` (over `crimes c`) with the rows below the last id seen,
 * so each read starts where the last ended and a long month costs no more than its rows.
 */
async function* keysetBatches(
  sequelize: Sequelize,
  where: string,
  replacements: Record<string, unknown>,
  size: number,
): AsyncGenerator<CrimeRow[]> {
  let before = Number.MAX_SAFE_INTEGER;
  for (;;) {
    const rows = await select<CrimeRow>(
      sequelize,
      `SELECT ${CRIME_COLUMNS} FROM crimes c WHERE ${where} AND c.id < :before ORDER BY c.id DESC LIMIT :limit`,
      { ...replacements, before, limit: size },
    );
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
    before = num(rows[rows.length - 1]!.id);
  }
}

async function rowsByIds(sequelize: Sequelize, ids: number[]): Promise<CrimeRow[]> {
  if (ids.length === 0) return [];
  const rows = await select<CrimeRow>(
    sequelize,
    `SELECT ${CRIME_COLUMNS} FROM crimes c WHERE c.id IN (:ids)`,
    { ids },
  );
  return rows.sort((a, b) => num(b.id) - num(a.id));
}

type CountRow = { month: number | null; category: number | null; crimes: unknown; resolved: unknown };
type PopulationRow = { lsoas: unknown; known: unknown; population: unknown };

function summaryOf(counts: AreaCounts, population: PopulationEstimate): AreaSummary {
  return { counts: counts.counts(), resolvedByMonth: counts.resolvedByMonth, population };
}

function populationOf(row: PopulationRow | undefined): PopulationEstimate {
  const known = num(row?.known);
  return {
    total: known > 0 ? num(row?.population) : null,
    lsoaCount: known,
    lsoasWithoutPopulation: num(row?.lsoas) - known,
  };
}

/** Residents of the distinct LSOAs a subquery yields as `lsoa_code`. */
function populationSql(lsoaSubquery: string): string {
  return `SELECT COUNT(*) AS lsoas, COUNT(p.population) AS known, SUM(p.population) AS population
          FROM (${lsoaSubquery}) l LEFT JOIN lsoa_populations p ON p.lsoa_code = l.lsoa_code`;
}

/** Month rows (month-rows.ts) of `table` matching `where`, added up per month. */
function monthRowsSql(
  sequelize: Sequelize,
  table: 'crime_cell_months' | 'crime_part_months',
  where: string,
): string {
  const sum = (column: string) => countSum(sequelize, column);
  return `SELECT month, ${monthRowSums(sum)} FROM ${table} WHERE ${where} GROUP BY month`;
}

/** Month x category sums over map points (nearly one a crime, so rows per category). */
function pointCountsSql(sequelize: Sequelize, where: string): string {
  return `SELECT month, category, ${countSum(sequelize, 'crimes')} AS crimes, ${countSum(sequelize, 'resolved')} AS resolved
          FROM crime_points WHERE ${where} GROUP BY month, category`;
}

async function forcesInCells(sequelize: Sequelize, cells: readonly number[]): Promise<string[]> {
  if (cells.length === 0) return [];
  const rows = await select<{ force_id: string }>(
    sequelize,
    'SELECT DISTINCT force_id FROM cell_forces WHERE cell IN (:cells)',
    { cells: [...cells] },
  );
  return rows.map((r) => r.force_id).sort();
}

function allCells(cells: AreaCells): number[] {
  return [...cells.inside, ...cells.edge];
}

/** Crimes within `metres` of the centre: whole cells from the counts, exact distance on the edge. */
export function radiusArea(sequelize: Sequelize, centre: LatLng, metres: number): SearchArea {
  const cells = cellsForCircle(centre, metres);
  // Parts of edge cells wholly outside the circle are not read at all.
  const parts = partsForCircle(cells.edge, centre, metres);
  const base = {
    inside: cells.inside,
    edge: cells.edge,
    all: allCells(cells),
    insideParts: parts.inside,
    edgeParts: parts.edge,
  };
  const insideCells = inList('cell', 'inside', cells.inside);
  const edgeCells = inList('cell', 'edge', cells.edge);
  const within = withinCircleSql(centre, metres);
  const wholeParts = [...partsOfCells(cells.inside), ...parts.inside];

  return {
    kind: 'radius',
    centre,
    async coverage({ windowStart, end }) {
      // One round trip: the forces seen in these cells (0) or with a neighbourhood box over the
      // circle (1), each with its street months. A force that never reported a crime here (one
      // that stopped publishing before the store's first month) is only known by its boundaries.
      const dLat = metres / EARTH_RADIUS_METRES / (Math.PI / 180);
      const dLng = dLat / Math.cos(((Math.abs(centre.lat) + dLat) * Math.PI) / 180);
      const box = {
        minLat: centre.lat - dLat,
        maxLat: centre.lat + dLat,
        minLng: centre.lng - dLng,
        maxLng: centre.lng + dLng,
      };
      const rows = await selectBounded<HeldMonth & { source: unknown }>(
        sequelize,
        `SELECT f.force_id, f.source, d.month, d.synthetic
         FROM (SELECT DISTINCT force_id, 0 AS source FROM cell_forces WHERE ${inList('cell', 'all', base.all)}
               UNION
               SELECT DISTINCT force_id, 1 AS source FROM neighbourhoods
               WHERE min_lat <= :maxLat AND max_lat >= :minLat AND min_lng <= :maxLng AND max_lng >= :minLng) f
         LEFT JOIN dataset_months d
           ON d.force_id = f.force_id AND d.dataset = :dataset AND d.month BETWEEN :windowStart AND :end`,
        { ...base, ...box, dataset: STREET_DATASET, windowStart, end },
      );
      const forces = new Set(rows.filter((r) => num(r.source) === 0).map((r) => r.force_id));
      const unseen = [...new Set(rows.map((r) => r.force_id))].filter((id) => !forces.has(id));
      if (unseen.length > 0) {
        const nearby = await selectBounded<{ force_id: string; boundary: string }>(
          sequelize,
          `SELECT force_id, boundary FROM neighbourhoods
           WHERE force_id IN (:unseen) AND boundary IS NOT NULL AND min_lat <= :maxLat AND max_lat >= :minLat
             AND min_lng <= :maxLng AND max_lng >= :minLng`,
          { ...box, unseen },
        );
        for (const n of nearby) {
          if (forces.has(n.force_id)) continue;
          const rings = parseBoundary(n.boundary);
          if (rings && polygonIntersectsCircle(rings, centre, metres)) forces.add(n.force_id);
        }
      }
      if (forces.size === 0) return coverageOf(sequelize, [], windowStart, end);
      const held = rows.filter((r) => r.month !== null && forces.has(r.force_id));
      return coverageFromRows([...forces].sort(), held, windowStart, end);
    },
    async summary({ windowStart, end }) {
      // Whole cells and whole parts of edge cells from their month rows, the points of the parts
      // the edge crosses with the exact distance test, and the population: three statements,
      // asked together (in the answer's snapshot they queue on its one connection).
      const months = 'month BETWEEN :windowStart AND :end';
      const replacements = { ...base, windowStart, end };
      const [whole, edge, [people]] = await Promise.all([
        selectBounded<Record<string, unknown>>(
          sequelize,
          `${monthRowsSql(sequelize, 'crime_cell_months', `${insideCells} AND ${months}`)}
           UNION ALL
           ${monthRowsSql(sequelize, 'crime_part_months', `${inList('part', 'insideParts', parts.inside)} AND ${months}`)}`,
          replacements,
        ),
        selectBounded<CountRow>(
          sequelize,
          pointCountsSql(sequelize, `${inList('part', 'edgeParts', parts.edge)} AND ${months} AND ${within}`),
          replacements,
        ),
        selectBounded<PopulationRow>(
          sequelize,
          populationSql(
            `SELECT lsoa_code FROM crime_locations WHERE ${insideCells} AND lsoa_code <> ''
             UNION
             SELECT lsoa_code FROM crime_locations WHERE ${edgeCells} AND lsoa_code <> '' AND ${within}`,
          ),
          base,
        ),
      ]);
      return summaryOf(new AreaCounts().addMonthRows(whole).addCategoryRows(edge), populationOf(people));
    },
    async page(month, offset, limit) {
      if (base.all.length === 0) return [];
      return pageRows(
        sequelize,
        `SELECT id FROM crimes
         WHERE cell IN (:all) AND month = :month AND (${insideCells} OR ${within})
         ORDER BY id DESC LIMIT :limit OFFSET :offset`,
        { ...base, month, limit, offset },
        selectBounded,
      );
    },
    async outline() {
      return { kind: 'circle', centre, radiusMetres: metres, label: '' };
    },
    async mapLocations(start, end) {
      const rows = await select<MapLocation>(
        sequelize,
        `SELECT lat, lng, category, SUM(crimes) AS crimes FROM crime_points
         WHERE month BETWEEN :start AND :end
           AND (${inList('part', 'wholeParts', wholeParts)} OR (${inList('part', 'edgeParts', parts.edge)} AND ${within}))
         GROUP BY lat, lng, category`,
        { wholeParts, edgeParts: parts.edge, start, end },
      );
      return { byCell: false, rows: toMapLocations(rows) };
    },
    contains(point) {
      return withinRadius(centre, point, metres);
    },
    crimesInCells(cellList, start, end, categories) {
      return crimesInCellsSql(sequelize, '1 = 1', {}, cellList, start, end, categories);
    },
    async *batches(month, size) {
      if (base.all.length === 0) return;
      yield* keysetBatches(
        sequelize,
        `c.cell IN (:all) AND c.month = :month AND (${inList('c.cell', 'inside', cells.inside)} OR ${withinCircleSql(centre, metres, 'c.lat', 'c.lng')})`,
        { ...base, month },
        size,
      );
    },
  };
}

type PointRow = {
  month: number;
  category: number;
  lat: number;
  lng: number;
  crimes: unknown;
  resolved: unknown;
};

/** Crimes inside a neighbourhood boundary: whole cells from the counts, point-in-polygon on the boundary. */
export function polygonArea(sequelize: Sequelize, rings: readonly Ring[], policingForce: string): SearchArea {
  const cells = cellsForPolygon(rings);
  const box = ringsBbox(rings)!;
  const centre = { lat: (box.minLat + box.maxLat) / 2, lng: (box.minLng + box.maxLng) / 2 };
  const base = {
    inside: cells.inside,
    edge: cells.edge,
    all: allCells(cells),
    edgeParts: partsOfCells(cells.edge),
  };
  const insideCells = inList('cell', 'inside', cells.inside);
  const edgeSet = new Set(cells.edge);
  const inside = new Map<string, boolean>();
  // Crimes share map points, so each point is tested once.
  const contains = (lat: number, lng: number) => {
    const key = `${lat},${lng}`;
    let hit = inside.get(key);
    if (hit === undefined) {
      hit = pointInPolygon({ lat, lng }, rings);
      inside.set(key, hit);
    }
    return hit;
  };

  async function boundaryCounts(windowStart: MonthNumber, end: MonthNumber): Promise<PointRow[]> {
    if (cells.edge.length === 0) return [];
    const rows = await select<PointRow>(
      sequelize,
      `SELECT month, category, lat, lng, crimes, resolved FROM crime_points
       WHERE part IN (:edgeParts) AND month BETWEEN :windowStart AND :end`,
      { ...base, windowStart, end },
    );
    return rows.filter((p) => contains(p.lat, p.lng));
  }

  async function population(): Promise<PopulationEstimate> {
    const [whole, boundary] = await Promise.all([
      select<{ lsoa_code: string }>(
        sequelize,
        `SELECT DISTINCT lsoa_code FROM crime_locations WHERE ${insideCells} AND lsoa_code <> ''`,
        base,
      ),
      cells.edge.length === 0
        ? Promise.resolve([])
        : select<{ lat: number; lng: number; lsoa_code: string }>(
            sequelize,
            `SELECT lat, lng, lsoa_code FROM crime_locations WHERE cell IN (:edge) AND lsoa_code <> ''`,
            base,
          ),
    ]);
    const codes = new Set(whole.map((r) => r.lsoa_code));
    for (const p of boundary) if (contains(p.lat, p.lng)) codes.add(p.lsoa_code);
    const list = [...codes];
    let total = 0;
    let known = 0;
    for (let i = 0; i < list.length; i += 1000) {
      const [row] = await select<{ known: unknown; population: unknown }>(
        sequelize,
        'SELECT COUNT(*) AS known, SUM(population) AS population FROM lsoa_populations WHERE lsoa_code IN (:codes)',
        { codes: list.slice(i, i + 1000) },
      );
      known += num(row?.known);
      total += num(row?.population);
    }
    return populationOf({ lsoas: list.length, known, population: total });
  }

  /** Ids of the month's crimes inside the boundary, newest first. */
  async function idsOfMonth(month: MonthNumber): Promise<number[]> {
    if (base.all.length === 0) return [];
    const rows = await select<{ id: unknown; cell: number; lat: number; lng: number }>(
      sequelize,
      'SELECT id, cell, lat, lng FROM crimes WHERE cell IN (:all) AND month = :month',
      { ...base, month },
    );
    return rows
      .filter((r) => !edgeSet.has(num(r.cell)) || contains(r.lat, r.lng))
      .map((r) => num(r.id))
      .sort((a, b) => b - a);
  }

  return {
    kind: 'neighbourhood',
    centre,
    async coverage({ windowStart, end }) {
      const forces = [...new Set([policingForce, ...(await forcesInCells(sequelize, base.all))])].sort();
      return coverageOf(sequelize, forces, windowStart, end);
    },
    async summary({ windowStart, end }) {
      const [whole, boundary, people] = await Promise.all([
        select<Record<string, unknown>>(
          sequelize,
          monthRowsSql(
            sequelize,
            'crime_cell_months',
            `${insideCells} AND month BETWEEN :windowStart AND :end`,
          ),
          { ...base, windowStart, end },
        ),
        boundaryCounts(windowStart, end),
        population(),
      ]);
      return summaryOf(new AreaCounts().addMonthRows(whole).addCategoryRows(boundary), people);
    },
    async page(month, offset, limit) {
      return rowsByIds(sequelize, (await idsOfMonth(month)).slice(offset, offset + limit));
    },
    async outline() {
      return {
        kind: 'polygons',
        rings: rings.map((ring) => ring.map(([lng, lat]) => [lng, lat])),
        label: '',
      };
    },
    async mapLocations(start, end) {
      if (base.all.length === 0) return { byCell: false, rows: [] };
      const rows = await select<MapLocation & { part: unknown }>(
        sequelize,
        `SELECT part, lat, lng, category, SUM(crimes) AS crimes FROM crime_points
         WHERE part IN (:allParts) AND month BETWEEN :start AND :end
         GROUP BY part, lat, lng, category`,
        { allParts: partsOfCells(base.all), start, end },
      );
      const kept = rows.filter(
        (r) => !edgeSet.has(Math.floor(num(r.part) / PARTS_PER_CELL)) || contains(num(r.lat), num(r.lng)),
      );
      return { byCell: false, rows: toMapLocations(kept) };
    },
    contains(point) {
      return pointInPolygon(point, rings);
    },
    crimesInCells(cellList, start, end, categories) {
      return crimesInCellsSql(sequelize, '1 = 1', {}, cellList, start, end, categories);
    },
    async *batches(month, size) {
      // A neighbourhood's month is a few thousand ids at most: they are held, the rows are not.
      const ids = await idsOfMonth(month);
      for (let i = 0; i < ids.length; i += size) yield await rowsByIds(sequelize, ids.slice(i, i + size));
    },
  };
}

/** Every crime the force published, with or without a location. */
export async function forceArea(sequelize: Sequelize, forceId: string): Promise<SearchArea> {
  const centre = await forceCentre(sequelize, forceId);
  return {
    kind: 'force',
    centre,
    coverage({ windowStart, end }) {
      return coverageOf(sequelize, [forceId], windowStart, end);
    },
    async summary({ windowStart, end }) {
      const [counts, [people]] = await Promise.all([
        select<CountRow>(
          sequelize,
          `SELECT month, category, SUM(crimes) AS crimes, SUM(resolved) AS resolved FROM crime_force_counts
           WHERE force_id = :forceId AND month BETWEEN :windowStart AND :end GROUP BY month, category`,
          { forceId, windowStart, end },
        ),
        select<PopulationRow>(
          sequelize,
          populationSql('SELECT lsoa_code FROM force_lsoas WHERE force_id = :forceId'),
          { forceId },
        ),
      ]);
      return summaryOf(new AreaCounts().addCategoryRows(counts), populationOf(people));
    },
    page(month, offset, limit) {
      return pageRows(
        sequelize,
        `SELECT id FROM crimes WHERE force_id = :forceId AND month = :month
         ORDER BY id DESC LIMIT :limit OFFSET :offset`,
        { forceId, month, limit, offset },
      );
    },
    batches(month, size) {
      return keysetBatches(sequelize, 'c.force_id = :forceId AND c.month = :month', { forceId, month }, size);
    },
    outline() {
      return forceOutline(sequelize, forceId);
    },
    async mapLocations(start, end) {
      const rows = await cellLocations(sequelize, 'force_id = :forceId AND month BETWEEN :start AND :end', {
        forceId,
        start,
        end,
      });
      return { byCell: true, rows };
    },
    contains() {
      return true;
    },
    crimesInCells(cellList, start, end, categories) {
      return crimesInCellsSql(
        sequelize,
        'c.force_id = :forceId',
        { forceId },
        cellList,
        start,
        end,
        categories,
      );
    },
  };
}

/**
 * The store holds no force boundaries, only neighbourhood ones: a force is framed by its
 * neighbourhoods when they are few enough to send, else by the box of the cells its crimes are in.
 */
const MAX_OUTLINE_TEXT = 1_000_000;

async function forceOutline(sequelize: Sequelize, forceId: string): Promise<MapOutline | null> {
  const [size] = await select<{ count: unknown; length: unknown }>(
    sequelize,
    `SELECT COUNT(*) AS count, SUM(LENGTH(boundary)) AS length FROM neighbourhoods
     WHERE force_id = :forceId AND boundary IS NOT NULL`,
    { forceId },
  );
  const count = num(size?.count);
  if (count > 0 && num(size?.length) <= MAX_OUTLINE_TEXT) {
    const rows = await select<{ boundary: string }>(
      sequelize,
      'SELECT boundary FROM neighbourhoods WHERE force_id = :forceId AND boundary IS NOT NULL',
      { forceId },
    );
    const rings = rows.flatMap((r) => parseBoundary(r.boundary) ?? []);
    if (rings.length > 0) {
      return {
        kind: 'polygons',
        rings: rings.map((ring) => ring.map(([lng, lat]) => [lng, lat])),
        label: `The force's ${count} neighbourhood boundaries (no force boundary is stored)`,
      };
    }
  }
  const [cells] = await select<{ minRow: unknown; maxRow: unknown; minCol: unknown; maxCol: unknown }>(
    sequelize,
    `SELECT MIN(FLOOR(cell / :columns)) AS minRow, MAX(FLOOR(cell / :columns)) AS maxRow,
            MIN(cell - :columns * FLOOR(cell / :columns)) AS minCol,
            MAX(cell - :columns * FLOOR(cell / :columns)) AS maxCol
     FROM cell_forces WHERE force_id = :forceId`,
    { forceId, columns: GRID.columns },
  );
  if (!cells || cells.minRow === null || cells.minRow === undefined) return null;
  const low = cellBounds(num(cells.minRow) * GRID.columns + num(cells.minCol));
  const high = cellBounds(num(cells.maxRow) * GRID.columns + num(cells.maxCol));
  const box: Bbox = { minLat: low.minLat, maxLat: high.maxLat, minLng: low.minLng, maxLng: high.maxLng };
  return { kind: 'box', box, label: "The area of the force's mapped crimes (no force boundary is stored)" };
}

/** Middle of the force's neighbourhoods; failing those, the crime-weighted middle of its cells. */
async function forceCentre(sequelize: Sequelize, forceId: string): Promise<LatLng> {
  const [box] = await select<{ minLat: number | null; maxLat: number; minLng: number; maxLng: number }>(
    sequelize,
    `SELECT MIN(min_lat) AS minLat, MAX(max_lat) AS maxLat, MIN(min_lng) AS minLng, MAX(max_lng) AS maxLng
     FROM neighbourhoods WHERE force_id = :forceId`,
    { forceId },
  );
  if (box && box.minLat !== null) {
    return { lat: (num(box.minLat) + num(box.maxLat)) / 2, lng: (num(box.minLng) + num(box.maxLng)) / 2 };
  }
  const crimes = MONTH_ROW_CRIMES;
  // * 1e0: a real division on both databases (SQLite divides integer sums as integers).
  const [weighted] = await select<{ cell_row: unknown; cell_col: unknown }>(
    sequelize,
    `SELECT SUM(${crimes} * FLOOR(cell / :columns)) * 1e0 / SUM(${crimes}) AS cell_row,
            SUM(${crimes} * (cell - :columns * FLOOR(cell / :columns))) * 1e0 / SUM(${crimes}) AS cell_col
     FROM crime_cell_months
     WHERE force_id = :forceId AND month = (SELECT MAX(month) FROM crime_force_counts WHERE force_id = :forceId)`,
    { forceId, columns: GRID.columns },
  );
  if (weighted && weighted.cell_row !== null && weighted.cell_row !== undefined) {
    return {
      lat: GRID.originLat + (num(weighted.cell_row) + 0.5) * GRID.cellLat,
      lng: GRID.originLng + (num(weighted.cell_col) + 0.5) * GRID.cellLng,
    };
  }
  // Nothing stored for the force at all: the middle of England and Wales.
  return ENGLAND_AND_WALES_CENTRE;
}

/** Centre of England and Wales, for an area with nothing better to say. */
const ENGLAND_AND_WALES_CENTRE: LatLng = { lat: 52.56, lng: -1.46 };

/**
 * The whole store ("default" search, the police clock's own): every crime of every counted force
 * (common/police-coverage), with the forces the store knows of (any dataset) as the ones that
 * police it, so a force that sent stop-and-search but no street data shows as "no data".
 */
export function storeArea(sequelize: Sequelize): SearchArea {
  return {
    kind: 'default',
    centre: ENGLAND_AND_WALES_CENTRE,
    async coverage({ windowStart, end }) {
      const forces = await select<{ force_id: string }>(
        sequelize,
        'SELECT DISTINCT force_id FROM dataset_months',
      );
      return coverageOf(sequelize, forces.map((f) => f.force_id).filter(isCountedForce), windowStart, end);
    },
    async summary({ windowStart, end }) {
      const [counts, [people]] = await Promise.all([
        select<CountRow>(
          sequelize,
          `SELECT month, category, SUM(crimes) AS crimes, SUM(resolved) AS resolved FROM crime_force_counts
           WHERE month BETWEEN :windowStart AND :end AND force_id IN (:counted) GROUP BY month, category`,
          { windowStart, end, counted: [...COUNTED_FORCE_IDS] },
        ),
        select<PopulationRow>(sequelize, populationSql('SELECT DISTINCT lsoa_code FROM force_lsoas')),
      ]);
      return summaryOf(new AreaCounts().addCategoryRows(counts), populationOf(people));
    },
    page(month, offset, limit) {
      return pageRows(
        sequelize,
        'SELECT id FROM crimes WHERE month = :month ORDER BY id DESC LIMIT :limit OFFSET :offset',
        { month, limit, offset },
      );
    },
    batches(month, size) {
      return keysetBatches(sequelize, 'c.month = :month', { month }, size);
    },
    // The whole of England and Wales has no outline of its own to draw.
    async outline() {
      return null;
    },
    async mapLocations(start, end) {
      const rows = await cellLocations(sequelize, 'month BETWEEN :start AND :end', { start, end });
      return { byCell: true, rows };
    },
    contains() {
      return true;
    },
    crimesInCells(cellList, start, end, categories) {
      return crimesInCellsSql(sequelize, '1 = 1', {}, cellList, start, end, categories);
    },
  };
}
