import type { Sequelize } from 'sequelize';
import { GRID, cellBounds } from '../../../common/geo/grid.ts';
import type { MapOutline } from '../../../common/map/marks.ts';
import { parseBoundary, type Bbox, type LatLng } from '../../../common/search/geometry.ts';
import { ENGLAND_AND_WALES_CENTRE, type SearchArea } from './areas.ts';
import {
  cellLocations,
  crimesInCellsSql,
  keysetBatches,
  pageRows,
  populationOf,
  populationSql,
  summaryOf,
  type CountRow,
  type PopulationRow,
} from './area-sql.ts';
import { coverageOf } from './coverage.ts';
import { AreaCounts, MONTH_ROW_CRIMES } from './month-rows.ts';
import { num, select } from './sql.ts';

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
