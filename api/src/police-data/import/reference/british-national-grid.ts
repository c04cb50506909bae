import proj4 from 'proj4';

/**
 * EPSG:27700 (OSGB36 / British National Grid) with the published seven-parameter Helmert
 * transformation to WGS84. Without `+towgs84` the datum shift is ignored and points land ~100 m
 * off; with it the error is a few metres, well inside a postcode's extent.
 */
const BRITISH_NATIONAL_GRID =
  '+proj=tmerc +lat_0=49 +lon_0=-2 +k=0.9996012717 +x_0=400000 +y_0=-100000 +ellps=airy ' +
  '+towgs84=446.448,-125.157,542.06,0.15,0.247,0.842,-20.489 +units=m +no_defs';

const toWgs84 = proj4(BRITISH_NATIONAL_GRID, 'WGS84');

export interface LatLng {
  lat: number;
  lng: number;
}

/** WGS84 latitude/longitude of a British National Grid easting/northing in metres. */
export function gridToLatLng(easting: number, northing: number): LatLng {
  const [lng, lat] = toWgs84.forward([easting, northing]);
  return { lat: lat!, lng: lng! };
}
