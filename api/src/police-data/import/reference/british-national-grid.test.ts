import proj4 from 'proj4';
import { describe, expect, it } from 'vitest';
import { gridToLatLng } from './british-national-grid.ts';

describe('gridToLatLng', () => {
  it('places SW1A 1AA (Code-Point Open 529090, 179645) at its published WGS84 position', () => {
    const point = gridToLatLng(529090, 179645);
    expect(Math.abs(point.lat - 51.501009)).toBeLessThan(0.0005);
    expect(Math.abs(point.lng - -0.141588)).toBeLessThan(0.0005);
  });

  it('applies the OSGB36 to WGS84 datum shift, not just the projection', () => {
    const projectionOnly = proj4(
      '+proj=tmerc +lat_0=49 +lon_0=-2 +k=0.9996012717 +x_0=400000 +y_0=-100000 +ellps=airy +units=m',
      'WGS84',
    ).forward([529090, 179645]);
    const point = gridToLatLng(529090, 179645);
    // About 110 m apart in London: the error a linear or shift-less conversion would make.
    expect(Math.abs(point.lng - projectionOnly[0]!)).toBeGreaterThan(0.001);
  });
});
