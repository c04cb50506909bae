import type { Sequelize } from 'sequelize';
import {
  EARTH_RADIUS_METRES,
  cellsForCircle,
  partsForCircle,
  polygonIntersectsCircle,
  parseBoundary,
  withinRadius,
  type LatLng,
} from '../../../common/search/geometry.ts';
import type { MapLocation, SearchArea } from './areas.ts';
import {
  allCells,
  crimesInCellsSql,
  keysetBatches,
  monthRowsSql,
  pageRows,
  pointCountsSql,
  populationOf,
  populationSql,
  summaryOf,
  toMapLocations,
  type CountRow,
  type PopulationRow,
} from './area-sql.ts';
import { STREET_DATASET, coverageFromRows, coverageOf, type HeldMonth } from './coverage.ts';
import { partsOfCells } from './derived-tables.ts';
import { AreaCounts } from './month-rows.ts';
import { inList, num, select, selectBounded, withinCircleSql } from './sql.ts';

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
