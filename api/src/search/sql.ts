import type { Sequelize } from 'sequelize';
import {
  PLANAR_MARGIN_METRES,
  flatScale,
  haversineLimit,
  type LatLng,
} from '../../../common/search/geometry.ts';
import { readRows, selectRows } from '../db/reads.ts';

/**
 * Runs a read and returns plain rows. Outside a snapshot it runs on SQLite on libuv's pool, off the
 * event loop: for reads that grow with the store (a force-wide map, a deep page, an export batch).
 * In a snapshot it reads the snapshot's connection (api/src/db/reads.ts).
 */
export const select: <T extends object>(
  sequelize: Sequelize,
  sql: string,
  replacements?: Record<string, unknown>,
) => Promise<T[]> = selectRows;

/**
 * A read whose cost is bounded by a 1-mile circle, not by the store: on SQLite it runs on the
 * calling thread, a few milliseconds at most, without the pool's round trip (api/src/db/reads.ts).
 */
export const selectBounded: typeof select = readRows;

/** MySQL returns SUM() as a DECIMAL string and COUNT() as a number; SQLite numbers throughout. */
export function num(value: unknown): number {
  return value === null || value === undefined ? 0 : Number(value);
}

/**
 * A number as a floating-point SQL literal. MySQL reads `51.5` as an exact DECIMAL and converts
 * it to a double again for every row it is compared with; `5.15e+1` is a DOUBLE from the start,
 * which makes a per-row distance test several times cheaper there. The exponent form round-trips
 * exactly. Only numbers computed by this code go through here, never request text.
 */
export function sqlDouble(value: number): string {
  if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
  return value.toExponential();
}

/**
 * The exact test "within `metres` of `centre`" for the columns `lat`, `lng`: the haversine term
 * against the term at the radius, the same inequality as `withinRadius` in
 * common/search/geometry.ts (SQLite, built with math functions, and MySQL both evaluate it).
 *
 * Trigonometry per row is most of the cost of scanning the edge cells, so a flat-earth distance
 * decides first: within PLANAR_MARGIN_METRES of the radius either way it is the haversine that
 * decides, elsewhere the flat distance cannot be wrong (it differs from the haversine by under
 * 0.5 m at these distances and latitudes; see geometry.test.ts).
 */
export function withinCircleSql(centre: LatLng, metres: number, lat = 'lat', lng = 'lng'): string {
  const { metresPerLat, metresPerLng } = flatScale(centre);
  const dy = `((${lat} - ${sqlDouble(centre.lat)}) * ${sqlDouble(metresPerLat)})`;
  const dx = `((${lng} - ${sqlDouble(centre.lng)}) * ${sqlDouble(metresPerLng)})`;
  const flat = `(${dy} * ${dy} + ${dx} * ${dx})`;
  const surelyInside = sqlDouble(Math.max(0, metres - PLANAR_MARGIN_METRES) ** 2);
  const surelyOutside = sqlDouble((metres + PLANAR_MARGIN_METRES) ** 2);
  const haversine =
    `POWER(SIN(RADIANS(${lat} - ${sqlDouble(centre.lat)}) / 2), 2) + ` +
    `${sqlDouble(Math.cos((centre.lat * Math.PI) / 180))} * COS(RADIANS(${lat})) * ` +
    `POWER(SIN(RADIANS(${lng} - ${sqlDouble(centre.lng)}) / 2), 2)`;
  return `(${flat} <= ${surelyInside} OR (${flat} <= ${surelyOutside} AND ${haversine} <= ${sqlDouble(haversineLimit(metres))}))`;
}

/** `column IN (:name)`, or a false condition for an empty list (an empty IN () is a syntax error). */
export function inList(column: string, name: string, values: readonly unknown[]): string {
  return values.length === 0 ? '1 = 0' : `${column} IN (:${name})`;
}
