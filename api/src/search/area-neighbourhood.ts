import type { Sequelize } from 'sequelize';
import {
  cellsForPolygon,
  PARTS_PER_CELL,
  pointInPolygon,
  ringsBbox,
  type Ring,
} from '../../../common/search/geometry.ts';
import type { MonthNumber } from '../../../common/search/months.ts';
import type { MapLocation, PopulationEstimate, SearchArea } from './areas.ts';
import {
  allCells,
  crimesInCellsSql,
  forcesInCells,
  monthRowsSql,
  populationOf,
  rowsByIds,
  summaryOf,
  toMapLocations,
} from './area-sql.ts';
import { coverageOf } from './coverage.ts';
import { partsOfCells } from './derived-tables.ts';
import { AreaCounts } from './month-rows.ts';
import { inList, num, select } from './sql.ts';

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
