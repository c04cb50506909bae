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

/** Where a point lies from the centre in words, for screen readers: "about 420 m north-east". */
export function directionFromCentre(frame: Frame, point: LatLng): string {
  const { x, y } = toFrame(frame, point);
  const metres = Math.hypot(x, y);
  if (metres < 50) return 'at the centre';
  const distance = metres < 1000 ? `${Math.round(metres / 10) * 10} m` : `${(metres / 1000).toFixed(1)} km`;
  const compass = ['north', 'north-east', 'east', 'south-east', 'south', 'south-west', 'west', 'north-west'];
  // Bearing clockwise from north.
  const bearing = (Math.atan2(x, y) * 180) / Math.PI;
  const sector = Math.round((bearing + 360) / 45) % 8;
  return `about ${distance} ${compass[sector]} of the centre`;
}
