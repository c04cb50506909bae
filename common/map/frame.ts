/**
 * The map's flat frame: metres east (x) and north (y) of a search's centre, an equirectangular
 * projection scaled at the centre's latitude (the same flat scale the search's SQL trusts near a
 * circle, common/search/geometry.ts). The browser draws with a d3-geo projection of the same
 * form, so a hexagon laid out here in metres is a regular hexagon on the screen.
 */
import { flatScale, type LatLng } from '../search/geometry.ts';

export interface Point {
  x: number;
  y: number;
}

export interface Frame {
  readonly centre: LatLng;
  readonly metresPerLat: number;
  readonly metresPerLng: number;
}

export function frameAt(centre: LatLng): Frame {
  return { centre, ...flatScale(centre) };
}

export function toFrame(frame: Frame, point: LatLng): Point {
  return {
    x: (point.lng - frame.centre.lng) * frame.metresPerLng,
    y: (point.lat - frame.centre.lat) * frame.metresPerLat,
  };
}

export function fromFrame(frame: Frame, point: Point): LatLng {
  return {
    lat: frame.centre.lat + point.y / frame.metresPerLat,
    lng: frame.centre.lng + point.x / frame.metresPerLng,
  };
}

/** The eight compass points, clockwise from north: the sectors `placeFromCentre` names. */
export const COMPASS_POINTS = [
  'north',
  'north-east',
  'east',
  'south-east',
  'south',
  'south-west',
  'west',
  'north-west',
] as const;
export type CompassPoint = (typeof COMPASS_POINTS)[number];

/**
 * Where a point lies from the frame's centre, as facts a page words in its own language: null
 * within 50 m (at the centre), else the distance as written ("300 m", "1.2 km") and the compass point.
 */
export function placeFromCentre(
  frame: Frame,
  point: LatLng,
): { distance: { value: number; unit: 'm' | 'km' }; compass: CompassPoint } | null {
  const { x, y } = toFrame(frame, point);
  const metres = Math.hypot(x, y);
  if (metres < 50) return null;
  const distance =
    metres < 1000
      ? { value: Math.round(metres / 10) * 10, unit: 'm' as const }
      : { value: Number((metres / 1000).toFixed(1)), unit: 'km' as const };
  // Bearing clockwise from north.
  const bearing = (Math.atan2(x, y) * 180) / Math.PI;
  const sector = Math.round((bearing + 360) / 45) % 8;
  return { distance, compass: COMPASS_POINTS[sector]! };
}
