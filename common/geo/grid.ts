/**
 * A fixed latitude/longitude grid over Great Britain and Northern Ireland. Each crime row stores
 * its cell, so a radius search can take whole cells inside the circle from pre-aggregated counts
 * and check exact distances only in the cells the circle's edge crosses. Changing these numbers
 * changes stored data: a new grid needs a migration that recomputes the column.
 */
export const GRID = {
  originLat: 49,
  originLng: -9,
  /** ~556 m north-south. */
  cellLat: 0.005,
  /** ~550 m east-west at 52°N. */
  cellLng: 0.008,
  columns: 2000,
} as const;

export interface CellBounds {
  minLat: number;
  maxLat: number;
  minLng: number;
  maxLng: number;
}

export function cellRow(lat: number): number {
  return Math.floor((lat - GRID.originLat) / GRID.cellLat);
}

export function cellColumn(lng: number): number {
  return Math.floor((lng - GRID.originLng) / GRID.cellLng);
}

/** The cell id of a point; null when the point has no position or lies outside the grid. */
export function cellOf(lat: number | null, lng: number | null): number | null {
  if (lat === null || lng === null || !Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  const row = cellRow(lat);
  const column = cellColumn(lng);
  if (row < 0 || column < 0 || column >= GRID.columns || row >= 10_000) return null;
  return row * GRID.columns + column;
}

export function cellBounds(cell: number): CellBounds {
  const row = Math.floor(cell / GRID.columns);
  const column = cell % GRID.columns;
  const minLat = GRID.originLat + row * GRID.cellLat;
  const minLng = GRID.originLng + column * GRID.cellLng;
  return { minLat, maxLat: minLat + GRID.cellLat, minLng, maxLng: minLng + GRID.cellLng };
}

/** Every cell a latitude/longitude box touches (within the grid). */
export function cellsCovering(box: CellBounds): number[] {
  const cells: number[] = [];
  const rowFrom = Math.max(0, cellRow(box.minLat));
  const rowTo = Math.min(9_999, cellRow(box.maxLat));
  const colFrom = Math.max(0, cellColumn(box.minLng));
  const colTo = Math.min(GRID.columns - 1, cellColumn(box.maxLng));
  for (let row = rowFrom; row <= rowTo; row++) {
    for (let column = colFrom; column <= colTo; column++) cells.push(row * GRID.columns + column);
  }
  return cells;
}
