import { EARTH_RADIUS_METRES, haversineTerm, type LatLng } from '../../common/search/geometry.ts';

/**
 * The great-circle distance in metres: what tests and benchmarks measure with. The product never
 * needs the distance itself, only whether a point is within a radius (withinRadius), which
 * compares haversine terms.
 */
export function haversineMetres(a: LatLng, b: LatLng): number {
  const h = Math.min(1, haversineTerm(a, b));
  return 2 * EARTH_RADIUS_METRES * Math.asin(Math.sqrt(h));
}
